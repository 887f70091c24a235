// EXPECT: java.lang.ArithmeticException
public class FailDivision {
    public static void main(String[] args) {
        int a = Verifier.nondetInt();
        int b = Verifier.nondetInt();
        Verifier.assume(a > b && a < 1000 && b > -1000);
        int q = 100 / (a - b - 3);
        System.out.println(q);
    }
}
