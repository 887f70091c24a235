// EXPECT: non-termination at Countdown.bad:7
// A public method counts down by two to zero: an odd start skips 0 and never stops (the
// counter goes below zero and on). good1() stops at or below zero.
public class Countdown {
    public int bad(int from) throws Throwable {
        int steps = 0;
        while (from != 0) {
            from -= 2;
            steps++;
        }
        return steps;
    }

    public int good1(int from) throws Throwable {
        int steps = 0;
        while (from > 0) {
            from -= 2;
            steps++;
        }
        return steps;
    }
}
