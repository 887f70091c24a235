// expect: safe
// route: args
// feature: records, parse-int
// why: the reading is clamped to -273 before the record is built, so its constructor's check always passes.
// input: {"args": ["-300"]}
public class TemperatureOk {
    record Celsius(int degrees) {
        Celsius {
            if (degrees < -273) {
                throw new IllegalArgumentException("below absolute zero");
            }
        }
    }

    public static void main(String[] args) {
        int reading;
        try {
            reading = args.length > 0 ? Integer.parseInt(args[0]) : 20;
        } catch (NumberFormatException e) {
            reading = 20;
        }
        Celsius c = new Celsius(Math.max(-273, reading));
        System.out.println(c);
    }
}
