// expected: deadlock — three philosophers each hold their left fork (a synchronized
// method on it) and wait to enter the synchronized method of their right fork, which the
// next philosopher holds: a waits-for cycle of three threads.
public class DiningPhilosophers {
    static final class Fork {
        synchronized void pickUp(Fork right, java.util.concurrent.CyclicBarrier barrier) throws Exception {
            barrier.await();
            right.use();
        }

        synchronized void use() {
        }
    }

    public static void main(String[] args) throws Exception {
        int n = 3;
        Fork[] forks = new Fork[n];
        for (int i = 0; i < n; i++) {
            forks[i] = new Fork();
        }
        java.util.concurrent.CyclicBarrier barrier = new java.util.concurrent.CyclicBarrier(n);
        Thread[] philosophers = new Thread[n];
        for (int i = 0; i < n; i++) {
            Fork left = forks[i];
            Fork right = forks[(i + 1) % n];
            philosophers[i] = new Thread(() -> {
                try {
                    left.pickUp(right, barrier);
                } catch (Exception e) {
                    return;
                }
            }, "philosopher-" + i);
            philosophers[i].start();
        }
        for (Thread p : philosophers) {
            while (p.getState() != Thread.State.BLOCKED) {
                Thread.sleep(5);
            }
        }
        System.out.println("ready");
        for (Thread p : philosophers) {
            p.join();
        }
    }
}
