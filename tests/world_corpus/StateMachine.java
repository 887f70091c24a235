// expect: hangs
// route: args
// feature: enums, switch-enum
// why: RUNNING moves on to DONE only when the step is positive; a zero or negative step leaves it RUNNING forever.
// input: {"args": ["x"]}
public class StateMachine {
    enum State { START, RUNNING, DONE }

    static State next(State s, int step) {
        switch (s) {
            case START:
                return State.RUNNING;
            case RUNNING:
                return step > 0 ? State.DONE : State.RUNNING;
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
