import java.lang.ref.Cleaner;

// expected: terminates — main waits without a timeout and is the only application thread,
// but a cleaner action (program code that the JDK's cleaner thread runs) sleeps for the
// given seconds and then notifies it. Every application thread waits, yet one is woken.
public class CleanerWakes {
    static final Object lock = new Object();
    static boolean done;

    public static void main(String[] args) throws InterruptedException {
        long sleepMs = (long) (Double.parseDouble(args[0]) * 1000);
        Cleaner cleaner = Cleaner.create();
        Object resource = new Object();
        cleaner.register(resource, () -> {
            try {
                Thread.sleep(sleepMs);
            } catch (InterruptedException e) {
                return;
            }
            synchronized (lock) {
                done = true;
                lock.notifyAll();
            }
        });
        resource = null;
        System.gc();
        Thread.sleep(200);  // the cleaner thread has started the action
        System.out.println("ready");
        synchronized (lock) {
            while (!done) {
                lock.wait();
            }
        }
        System.out.println("done");
    }
}
