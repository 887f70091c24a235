// expect: hangs
// route: args
// feature: sealed, records, pattern-instanceof
// why: a Step with a negative count is handed back unchanged, so a negative start never becomes Done.
// input: {"args": ["-1"]}
public class Jobs {
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
        return s.left() == 0 ? new Done() : s;
    }

    public static void main(String[] args) {
        Job job = new Step(Integer.parseInt(args[0]));
        while (job instanceof Step s) {
            job = advance(s);
        }
        System.out.println("done");
    }
}
