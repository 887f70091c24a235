// EXPECT: NONTERM args=[""] kind=looping
// WHY: seed 000 Fig. 1: an empty string at index i adds 0 to i, so i < j holds forever with i unchanged.
public class Loop {
    public static void main(String[] a) {
        int i = 0;
        int j = a.length;
        while (i < j) {
            i += a[i].length();
        }
    }
}
