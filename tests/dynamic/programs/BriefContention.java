// expected: terminates — for the given number of seconds, four threads take two monitors,
// always in the same order, over and over: they block on each other all the time, but no
// waits-for cycle can form.
public class BriefContention {
    static final Object a = new Object();
    static final Object b = new Object();
    static long counter;

    public static void main(String[] args) throws InterruptedException {
        long end = System.nanoTime() + (long) (Double.parseDouble(args[0]) * 1e9);
        Thread[] workers = new Thread[4];
        for (int k = 0; k < workers.length; k++) {
            workers[k] = new Thread(() -> {
                while (System.nanoTime() < end) {
                    synchronized (a) {
                        synchronized (b) {
                            counter++;
                        }
                    }
                }
            }, "worker-" + k);
            workers[k].start();
        }
        System.out.println("ready");
        for (Thread worker : workers) {
            worker.join();
        }
        System.out.println("done " + counter);
    }
}
