// expect: terminates
// route: args
// feature: sealed, records, pattern-instanceof
// why: a Step counts down while positive and any other count becomes Done, so the job is Done after at most left+1 rounds.
// input: {"args": ["-1"]}
public class JobsOk {
    sealed interface Job permits Done, Step {
    }

    record Done() implements Job {
    }

    record Step(int left) implements Job {
    }

    static Job advance(Step s) {
        if (s.left() > 0) {
            return new Step(s.left() - 1);
        }
        return new Done();
    }

    public static void main(String[] args) {
        Job job = new Step(Integer.parseInt(args[0]));
        while (job instanceof Step s) {
            job = advance(s);
        }
        System.out.println("done");
    }
}
