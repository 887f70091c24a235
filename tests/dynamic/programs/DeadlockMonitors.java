import java.util.concurrent.CountDownLatch;

// expected: deadlock — thread "left" holds a and waits for b, thread "right" holds b and
// waits for a (synchronized blocks taken in opposite order); neither can ever proceed.
public class DeadlockMonitors {
    static final Object a = new Object();
    static final Object b = new Object();

    static Thread locker(String name, Object first, Object second, CountDownLatch both) {
        return new Thread(() -> {
            synchronized (first) {
                both.countDown();
                try {
                    both.await();
                } catch (InterruptedException e) {
                    return;
                }
                synchronized (second) {
                    System.out.println(name + " got both");
                }
            }
        }, name);
    }

    public static void main(String[] args) throws InterruptedException {
        CountDownLatch both = new CountDownLatch(2);
        Thread left = locker("left", a, b, both);
        Thread right = locker("right", b, a, both);
        left.start();
        right.start();
        while (left.getState() != Thread.State.BLOCKED || right.getState() != Thread.State.BLOCKED) {
            Thread.sleep(10);
        }
        System.out.println("ready");
        left.join();
        right.join();
    }
}
