import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.ReentrantLock;

// expected: deadlock — a lock-order inversion through ReentrantLock: "transfer-1" holds
// from and waits in lock() for to, "transfer-2" holds to and waits for from.
public class DeadlockLocks {
    static final ReentrantLock from = new ReentrantLock();
    static final ReentrantLock to = new ReentrantLock();

    static Thread transfer(String name, ReentrantLock first, ReentrantLock second, CountDownLatch both) {
        return new Thread(() -> {
            first.lock();
            try {
                both.countDown();
                try {
                    both.await();
                } catch (InterruptedException e) {
                    return;
                }
                second.lock();
                try {
                    System.out.println(name + " got both");
                } finally {
                    second.unlock();
                }
            } finally {
                first.unlock();
            }
        }, name);
    }

    public static void main(String[] args) throws InterruptedException {
        CountDownLatch both = new CountDownLatch(2);
        Thread one = transfer("transfer-1", from, to, both);
        Thread two = transfer("transfer-2", to, from, both);
        one.start();
        two.start();
        while (!from.hasQueuedThreads() || !to.hasQueuedThreads()) {
            Thread.sleep(10);
        }
        System.out.println("ready");
        one.join();
        two.join();
    }
}
