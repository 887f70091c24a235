// EXPECT: none
public class SafeFloatDivision {
    public static void main(String[] args) {
        int n = Verifier.nondetInt();
        double d = 1.0 / n;
        float f = 2.0f / (n - n);
        System.out.println(d + f);
    }
}
