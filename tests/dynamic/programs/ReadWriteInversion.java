import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.ReentrantReadWriteLock;

// expected: deadlock — two threads take the write locks of two ReentrantReadWriteLocks in
// opposite order: each holds one write lock and waits for the other.
public class ReadWriteInversion {
    static final ReentrantReadWriteLock accounts = new ReentrantReadWriteLock();
    static final ReentrantReadWriteLock ledger = new ReentrantReadWriteLock();

    static Thread worker(String name, ReentrantReadWriteLock first, ReentrantReadWriteLock second, CountDownLatch both) {
        return new Thread(() -> {
            first.writeLock().lock();
            try {
                both.countDown();
                both.await();
                second.writeLock().lock();
                second.writeLock().unlock();
            } catch (InterruptedException e) {
                return;
            } finally {
                first.writeLock().unlock();
            }
        }, name);
    }

    public static void main(String[] args) throws InterruptedException {
        CountDownLatch both = new CountDownLatch(2);
        Thread one = worker("post", accounts, ledger, both);
        Thread two = worker("audit", ledger, accounts, both);
        one.start();
        two.start();
        while (!accounts.hasQueuedThreads() || !ledger.hasQueuedThreads()) {
            Thread.sleep(5);
        }
        System.out.println("ready");
        one.join();
        two.join();
    }
}
