// EXPECT: java.lang.IllegalStateException
// The exception is thrown 30 calls deep.
public class DeepRecursion {
    static int down(int depth, int limit) {
        if (depth == limit) {
            throw new IllegalStateException("bottom");
        }
        return depth < 30 ? down(depth + 1, limit) : depth;
    }

    public static void main(String[] args) {
        int limit = Verifier.nondetInt();
        Verifier.assume(limit >= 30);
        System.out.println(down(0, limit));
    }
}
