// EXPECT: none
public class SafeModuloIndex {
    public static void main(String[] args) {
        int[] buckets = new int[5];
        int x = Verifier.nondetInt();
        buckets[(x % 5 + 5) % 5]++;
    }
}
