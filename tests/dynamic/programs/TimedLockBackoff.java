import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

// expected: terminates — the same lock-order inversion as DeadlockLocks, but each thread
// waits for its second lock with tryLock(timeout): while both wait, the waits-for graph
// has a cycle, yet the waits time out, one thread backs off, and both finish.
public class TimedLockBackoff {
    static final ReentrantLock from = new ReentrantLock();
    static final ReentrantLock to = new ReentrantLock();

    static Thread transfer(String name, ReentrantLock first, ReentrantLock second, long waitMs, CountDownLatch both) {
        return new Thread(() -> {
            boolean done = false;
            boolean firstRound = true;
            while (!done) {
                first.lock();
                try {
                    if (firstRound) {
                        firstRound = false;
                        both.countDown();
                        try {
                            both.await();
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                    if (second.tryLock(waitMs, TimeUnit.MILLISECONDS)) {
                        try {
                            done = true;
                        } finally {
                            second.unlock();
                        }
                    }
                } catch (InterruptedException e) {
                    return;
                } finally {
                    first.unlock();
                }
            }
            System.out.println(name + " done");
        }, name);
    }

    public static void main(String[] args) throws InterruptedException {
        long waitMs = Long.parseLong(args[0]);
        CountDownLatch both = new CountDownLatch(2);
        Thread one = transfer("transfer-1", from, to, waitMs, both);
        Thread two = transfer("transfer-2", to, from, 2 * waitMs, both);
        one.start();
        two.start();
        while (!from.hasQueuedThreads() || !to.hasQueuedThreads()) {
            Thread.sleep(1);
        }
        System.out.println("ready");
        one.join();
        two.join();
        System.out.println("finished");
    }
}
