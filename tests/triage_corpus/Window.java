// EXPECT: java.lang.ArrayIndexOutOfBoundsException at Window.bad:9
// A public method reads the element after a caller's index: the last index has none.
// good1() stops one early.
public class Window {
    private final int[] values = {3, 1, 4, 1, 5};

    public int bad(int at) throws Throwable {
        if (at < 0 || at >= values.length) return -1;
        return values[at] + values[at + 1];
    }

    public int good1(int at) throws Throwable {
        if (at < 0 || at + 1 >= values.length) return -1;
        return values[at] + values[at + 1];
    }
}
