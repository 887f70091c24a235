import java.util.concurrent.LinkedBlockingQueue;

// expected: stuck — main spins until `started` is set; the worker that would set it waits
// for a task that is never submitted (take() on an empty queue), so the flag never
// changes and the spin never ends. The flag is not volatile.
public class SpinWait {
    static boolean started;
    static final LinkedBlockingQueue<Runnable> tasks = new LinkedBlockingQueue<>();

    public static void main(String[] args) throws InterruptedException {
        Thread worker = new Thread(() -> {
            try {
                tasks.take().run();
                started = true;
            } catch (InterruptedException e) {
                return;
            }
        }, "worker");
        worker.setDaemon(true);
        worker.start();
        long spins = 0;
        System.out.println("ready");
        while (!started) {
            spins++;
        }
        System.out.println("started after " + spins);
    }
}
