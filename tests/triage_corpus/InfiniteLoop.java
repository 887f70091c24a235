// EXPECT: non-termination at InfiniteLoop.bad:6
// bad() counts modulo 256, so its counter never becomes negative; good1() stops at 10.
public class InfiniteLoop {
    public void bad() throws Throwable {
        int i = 0;
        while (i >= 0) {
            IO.writeLine(i);
            i = (i + 1) % 256;
        }
    }

    public void good1() throws Throwable {
        int i = 0;
        while (i >= 0) {
            IO.writeLine(i);
            i = (i + 1) % 256;
            if (i == 10) {
                break;
            }
        }
    }
}
