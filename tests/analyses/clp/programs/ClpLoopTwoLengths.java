// EXPECT: NONTERM args=["a",""]
// WHY: two arguments of different lengths keep the loop test true; nothing in the loop changes.
public class ClpLoopTwoLengths {
    public static void main(String[] args) {
        int steps = 0;
        while (args[0].length() != args[1].length()) {
            steps = steps + 0;
        }
    }
}
