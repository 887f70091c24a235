import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.ReentrantLock;

// expected: deadlock — "cache" holds the monitor of `index` and waits in lock() for
// `store`; "writer" holds `store` (a ReentrantLock) and waits to enter the monitor of
// `index`: a cycle through one monitor and one java.util.concurrent lock.
public class MixedDeadlock {
    static final Object index = new Object();
    static final ReentrantLock store = new ReentrantLock();

    public static void main(String[] args) throws InterruptedException {
        CountDownLatch both = new CountDownLatch(2);
        Thread cache = new Thread(() -> {
            synchronized (index) {
                both.countDown();
                try {
                    both.await();
                } catch (InterruptedException e) {
                    return;
                }
                store.lock();
                store.unlock();
            }
        }, "cache");
        Thread writer = new Thread(() -> {
            store.lock();
            try {
                both.countDown();
                both.await();
                synchronized (index) {
                    System.out.println("written");
                }
            } catch (InterruptedException e) {
                return;
            } finally {
                store.unlock();
            }
        }, "writer");
        cache.start();
        writer.start();
        while (writer.getState() != Thread.State.BLOCKED || !store.hasQueuedThreads()) {
            Thread.sleep(5);
        }
        System.out.println("ready");
        cache.join();
        writer.join();
    }
}
