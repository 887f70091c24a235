// EXPECT: none
public class SafeExitGuard {
    public static void main(String[] args) {
        int x = Verifier.nondetInt();
        if (x == 0) {
            System.exit(0);
        }
        System.out.println(10 / x);
    }
}
