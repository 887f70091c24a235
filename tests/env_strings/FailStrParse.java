// EXPECT: java.lang.ArithmeticException
public class FailStrParse {
    public static void main(String[] args) {
        String s = Verifier.nondetString();
        try {
            int n = Integer.parseInt(s);
            System.out.println(100 / (n - 42));
        } catch (NumberFormatException e) {
            System.out.println("not a number");
        }
    }
}
