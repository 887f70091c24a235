// expected: stuck — the main thread scans a circular list (no volatile, no locks) while
// another thread sleeps; the proof states that it assumes the other thread does not
// write the list.
public class StuckWithWorker {
    static final class Node {
        int data;
        Node next;
    }

    public static void main(String[] args) {
        Thread worker = new Thread(() -> {
            while (true) {
                try {
                    Thread.sleep(50);
                } catch (InterruptedException e) {
                    return;
                }
            }
        });
        worker.setDaemon(true);
        worker.start();
        Node a = new Node();
        Node b = new Node();
        a.data = 1;
        b.data = 2;
        a.next = b;
        b.next = a;
        Node p = a;
        System.out.println("ready");
        while (p.data != 3) {
            p = p.next;
        }
        System.out.println("found");
    }
}
