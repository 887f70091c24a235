// EXPECT: none
public class SafeDivGuard {
    public static void main(String[] args) {
        int b = Verifier.nondetInt();
        if (b != 0) {
            System.out.println(10 / b);
        }
    }
}
