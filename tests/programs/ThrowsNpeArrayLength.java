// EXPECT: THROWS java.lang.NullPointerException args=[""]
// WHY: the array is only allocated when there are no arguments; arraylength on null throws.
public class ThrowsNpeArrayLength {
    public static void main(String[] args) {
        int[] counts = null;
        if (args.length == 0) {
            counts = new int[4];
        }
        int total = 0;
        for (int i = 0; i < counts.length; i++) {
            total += counts[i];
        }
    }
}
