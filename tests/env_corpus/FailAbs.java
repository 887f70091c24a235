// EXPECT: java.lang.AssertionError
public class FailAbs {
    static int abs(int x) {
        int r = x < 0 ? -x : x;
        assert r >= 0 : "abs of Integer.MIN_VALUE";
        return r;
    }

    public static void main(String[] args) {
        System.out.println(abs(Verifier.nondetInt()));
    }
}
