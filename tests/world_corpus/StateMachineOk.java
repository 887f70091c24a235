// expect: terminates
// route: args
// feature: enums, switch-enum
// why: START goes to RUNNING and RUNNING always goes to DONE, so the machine stops after two steps.
// input: {"args": ["x"]}
public class StateMachineOk {
    enum State { START, RUNNING, DONE }

    static State next(State s, int step) {
        switch (s) {
            case START:
                return State.RUNNING;
            case RUNNING:
                if (step <= 0) {
                    System.out.println("nothing to do");
                }
                return State.DONE;
            default:
                return State.DONE;
        }
    }

    public static void main(String[] args) {
        int step = args.length > 0 ? args[0].length() - 2 : 1;
        State s = State.START;
        while (s != State.DONE) {
            s = next(s, step);
        }
        System.out.println("finished");
    }
}
