// EXPECT: java.lang.IllegalStateException
public class FailStrEquals {
    public static void main(String[] args) {
        if (args.length > 0 && args[0].equals("crash")) {
            throw new IllegalStateException("crash");
        }
    }
}
