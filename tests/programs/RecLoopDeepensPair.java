// EXPECT: NONTERM args=["a"] kind=nonlooping overflow=yes wrap=slow stackoverflow=yes
// WHY: i starts at 1 and grows by 2 forever (i >= 1 stays true); walk(i, 0) recurses i deep and returns, deeper every iteration, so a real JVM's stack runs out.
public class RecLoopDeepensPair {
    static void walk(int n, int m) {
        if (n > 0) {
            walk(n - 1, m + 1);
        }
    }

    public static void main(String[] args) {
        for (int i = args.length; i >= 1; i += 2) {
            walk(i, 0);
        }
    }
}
