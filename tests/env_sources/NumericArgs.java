// EXPECT: java.lang.IllegalStateException
// two arguments make it throw, whatever Character.getNumericValue returns (7, on every JVM)
public class NumericArgs {
    public static void main(String[] args) {
        int digit = Character.getNumericValue('7');
        if (args.length == 2) {
            throw new IllegalStateException("two arguments, digit " + digit);
        }
        System.out.println(digit);
    }
}
