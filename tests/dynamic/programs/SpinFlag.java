// expected: terminates — the main thread spins on a volatile flag that another thread
// sets after a while: the loop cannot exit by itself, but it does exit.
public class SpinFlag {
    static volatile boolean done;

    public static void main(String[] args) throws InterruptedException {
        long delay = args.length > 0 ? Long.parseLong(args[0]) : 3000;
        Thread setter = new Thread(() -> {
            try {
                Thread.sleep(delay);
            } catch (InterruptedException e) {
                return;
            }
            done = true;
        });
        setter.start();
        long spins = 0;
        System.out.println("ready");
        while (!done) {
            spins++;
        }
        System.out.println("done " + (spins > 0));
    }
}
