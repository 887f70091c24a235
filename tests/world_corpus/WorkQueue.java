// expect: hangs
// route: args
// feature: collections, autoboxing
// why: each job is put back with its size lowered by the parsed step; a step of 0 puts the same job back forever.
// input: {"args": ["0"]}
import java.util.ArrayDeque;
import java.util.Deque;

public class WorkQueue {
    public static void main(String[] args) {
        int step = Integer.parseInt(args[0]);
        Deque<Integer> work = new ArrayDeque<>();
        work.addLast(10);
        while (!work.isEmpty()) {
            int job = work.removeFirst();
            if (job > 0) {
                work.addLast(job - step);
            }
        }
        System.out.println("all done");
    }
}
