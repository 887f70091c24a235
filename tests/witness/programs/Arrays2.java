// An AIOOBE from an int input, and a method that throws only if every input arrived exactly.
public class Arrays2 {
    static int pick(int[] data, int index) {
        return data[index + 1]; // @line:pick
    }

    static void exact(long[][] rows, byte b, char c, short s, boolean z, double d, float f,
            String text, Object[] self) {
        boolean ok = b == -128 && c == '\u00e9' && s == 300 && z && d != d
                && f == 0.0f && 1 / f < 0 && rows.length == 2 && rows[0] == rows[1]
                && rows[0].length == 3 && rows[0][1] == Long.MIN_VALUE && rows[0][2] == 0
                && text.equals("a\n\"\\\u00e9\ud83d\ude00\u0000") && self[0] == self;
        if (ok) {
            throw new ArithmeticException("all inputs arrived"); // @line:exact
        }
    }
}
