// EXPECT: none
public class SafeHaltGuard {
    public static void main(String[] args) {
        int x = Verifier.nondetInt();
        if (x == 0) {
            Runtime.getRuntime().halt(0);
        }
        System.out.println(10 / x);
    }
}
