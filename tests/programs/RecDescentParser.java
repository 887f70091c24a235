// EXPECT: TERMINATES
// WHY: every recursive call of expr/term/factor happens after consuming at least one token of a finite array, or not at all.
public class RecDescentParser {
    static class Parser {
        final int[] tokens; // 0 number, 1 '+', 2 '(', 3 ')'
        int pos;

        Parser(int[] tokens) {
            this.tokens = tokens;
        }

        int expr() {
            int value = factor();
            while (pos < tokens.length && tokens[pos] == 1) {
                pos++;
                value += factor();
            }
            return value;
        }

        int factor() {
            if (pos < tokens.length && tokens[pos] == 2) {
                pos++;
                int value = expr();
                if (pos < tokens.length && tokens[pos] == 3) {
                    pos++;
                }
                return value;
            }
            pos++;
            return 1;
        }
    }

    public static void main(String[] args) {
        int[] tokens = new int[args.length];
        for (int i = 0; i < args.length; i++) {
            tokens[i] = args[i].length() % 4;
        }
        new Parser(tokens).expr();
    }
}
