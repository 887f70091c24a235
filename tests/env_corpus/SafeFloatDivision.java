// EXPECT: none
public class SafeFloatDivision {
    public static void main(String[] args) {
        int n = Verifier.nondetInt();
        double d = 1.0 / n;
        float zero = 0.0f;
        float f = 2.0f / zero;
        System.out.println(d + f + 1.0 % n);
    }
}
