// EXPECT: none
public class SafeLongModulo {
    public static void main(String[] args) {
        long m = Verifier.nondetLong();
        if (m != 0) {
            System.out.println(10L % m);
        }
    }
}
