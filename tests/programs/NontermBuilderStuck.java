// EXPECT: NONTERM args=["a"] kind=looping
// WHY: the builder only grows when the argument count is even; with one argument its length stays below the target.
public class NontermBuilderStuck {
    public static void main(String[] args) {
        StringBuilder sb = new StringBuilder();
        int target = args.length;
        while (sb.length() < target) {
            if (args.length % 2 == 0) {
                sb.append('x');
            }
        }
    }
}
