// EXPECT: java.lang.ArithmeticException
public class FailLongModulo {
    public static void main(String[] args) {
        long m = Verifier.nondetLong();
        long r = 10L % m;
        System.out.println(r);
    }
}
