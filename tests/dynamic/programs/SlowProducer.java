// expected: terminates — the consumer waits without a timeout, correctly (re-checking
// under the lock), and main joins it; the producer sleeps for the given seconds before it
// produces and notifies. While it sleeps, every other thread waits: a look-alike of a
// lost notify that must not be claimed (the sleeping producer will wake them).
public class SlowProducer {
    static final Object lock = new Object();
    static int items;

    public static void main(String[] args) throws InterruptedException {
        long sleepMs = (long) (Double.parseDouble(args[0]) * 1000);
        Thread consumer = new Thread(() -> {
            synchronized (lock) {
                while (items == 0) {
                    try {
                        lock.wait();
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }
            System.out.println("consumed " + items);
        }, "consumer");
        Thread producer = new Thread(() -> {
            try {
                Thread.sleep(sleepMs);
            } catch (InterruptedException e) {
                return;
            }
            synchronized (lock) {
                items = 1;
                lock.notifyAll();
            }
        }, "producer");
        consumer.start();
        producer.start();
        while (consumer.getState() != Thread.State.WAITING) {
            Thread.sleep(5);
        }
        System.out.println("ready");
        consumer.join();
        producer.join();
        System.out.println("done");
    }
}
