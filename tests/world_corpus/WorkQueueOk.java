// expect: terminates
// route: args
// feature: collections, autoboxing
// why: a job is put back only when the step is positive and smaller than it, so its size strictly decreases and stays positive.
// input: {"args": ["0"]}
import java.util.ArrayDeque;
import java.util.Deque;

public class WorkQueueOk {
    public static void main(String[] args) {
        int step = Integer.parseInt(args[0]);
        Deque<Integer> work = new ArrayDeque<>();
        work.addLast(10);
        while (!work.isEmpty()) {
            int job = work.removeFirst();
            if (step > 0 && job > step) {
                work.addLast(job - step);
            }
        }
        System.out.println("all done");
    }
}
