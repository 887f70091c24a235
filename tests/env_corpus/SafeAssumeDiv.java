// EXPECT: none
public class SafeAssumeDiv {
    public static void main(String[] args) {
        int b = Verifier.nondetInt();
        Verifier.assume(b > 0);
        System.out.println(100 / b);
    }
}
