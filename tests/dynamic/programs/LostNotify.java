// expected: stuck with "lost" — the consumer checks for an item outside the lock and only
// then waits; the producer hands its one item over and notifies in between, so the notify
// is lost: the consumer waits forever in wait(), main waits forever in join(). With
// "timed" the consumer waits with a timeout and re-checks, finds the item and ends.
// (SlowProducer is the look-alike that runs a while.)
public class LostNotify {
    static final Object lock = new Object();
    static int items;

    public static void main(String[] args) throws InterruptedException {
        boolean timed = args[0].equals("timed");
        Object checked = new Object();
        Thread consumer = new Thread(() -> {
            try {
                boolean empty = items == 0;
                synchronized (checked) {
                    checked.notify();
                    checked.wait();  // let the producer run between the check and the wait
                }
                synchronized (lock) {
                    if (empty) {
                        if (timed) {
                            while (items == 0) {
                                lock.wait(200);
                            }
                        } else {
                            lock.wait();
                        }
                    }
                }
                System.out.println("consumed " + items);
            } catch (InterruptedException e) {
                return;
            }
        }, "consumer");
        synchronized (checked) {
            consumer.start();
            checked.wait();
            synchronized (lock) {
                items = 1;
                lock.notifyAll();
            }
            checked.notify();
        }
        while (consumer.getState() != Thread.State.WAITING && consumer.getState() != Thread.State.TIMED_WAITING
                && consumer.isAlive()) {
            Thread.sleep(5);
        }
        System.out.println("ready");
        consumer.join();
        System.out.println("done");
    }
}
