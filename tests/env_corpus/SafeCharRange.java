// EXPECT: none
public class SafeCharRange {
    public static void main(String[] args) {
        int[] counts = new int[26];
        char c = Verifier.nondetChar();
        int index = c - 'a';
        if (index >= 0 && index < 26) {
            counts[index]++;
        }
    }
}
