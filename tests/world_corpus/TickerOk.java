// expect: terminates
// route: args
// feature: nestmates, var
// why: the wait resumes a paused ticker, so it counts up to 10.
// input: {"args": ["long"]}
public class TickerOk {
    private static final class Clock {
        private int ticks;
        private boolean paused;

        private void tick() {
            if (!paused) {
                ticks++;
            }
        }
    }

    public static void main(String[] args) {
        var clock = new Clock();
        clock.paused = args.length > 0 && args[0].length() > 3;
        while (clock.ticks < 10) {
            clock.tick();
            clock.paused = false;
        }
        System.out.println("ten ticks");
    }
}
