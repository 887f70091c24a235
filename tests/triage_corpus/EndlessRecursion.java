// EXPECT: non-termination at EndlessRecursion.depth:7
// depth(n) counts down to 0: bad() starts below 0 and the recursion never reaches it (the
// JVM ends it with a StackOverflowError); good1() starts at 3.
public class EndlessRecursion {
    private static int depth(int n) {
        if (n == 0) return 0;
        return 1 + depth(n - 1);
    }

    public void bad() throws Throwable {
        IO.writeLine(depth(-1));
    }

    public void good1() throws Throwable {
        IO.writeLine(depth(3));
    }
}
