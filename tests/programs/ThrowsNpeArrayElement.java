// EXPECT: THROWS java.lang.NullPointerException args=["a","b"] entry=sumLengths
// WHY: the copy has one more slot than there are arguments; sumLengths calls length() on that null slot.
public class ThrowsNpeArrayElement {
    static int sumLengths(String[] words) {
        int sum = 0;
        for (int i = 0; i < words.length; i++) {
            sum += words[i].length();
        }
        return sum;
    }

    public static void main(String[] args) {
        String[] copy = new String[args.length + 1];
        for (int i = 0; i < args.length; i++) {
            copy[i] = args[i];
        }
        sumLengths(copy);
    }
}
