// expect: hangs
// route: args
// feature: nestmates, var
// why: the outer class reads the inner ticker's private fields; a paused ticker (long first argument) never counts, so the wait never ends.
// input: {"args": ["long"]}
public class Ticker {
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
        }
        System.out.println("ten ticks");
    }
}
