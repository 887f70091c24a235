// expect: throws java.lang.IllegalArgumentException
// route: args
// feature: records, parse-int
// why: the record's compact constructor rejects values below absolute zero, and the parsed reading is passed on unchecked.
// input: {"args": ["-300"]}
public class Temperature {
    record Celsius(int degrees) {
        Celsius {
            if (degrees < -273) {
                throw new IllegalArgumentException("below absolute zero"); // THROWS
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
        Celsius c = new Celsius(reading);
        System.out.println(c);
    }
}
