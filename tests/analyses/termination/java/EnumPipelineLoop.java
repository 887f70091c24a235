// Hangs with two or more arguments: CHECK goes back to PARSE then, so the phases run
// PARSE, CHECK, PARSE, ... and never reach DONE.
public class EnumPipelineLoop {
    enum Phase { PARSE, CHECK, DONE }

    static Phase next(Phase phase, int files) {
        switch (phase) {
            case PARSE:
                return Phase.CHECK;
            case CHECK:
                return files > 1 ? Phase.PARSE : Phase.DONE;
            default:
                return Phase.DONE;
        }
    }

    public static void main(String[] args) {
        Phase phase = Phase.PARSE;
        while (phase != Phase.DONE) {
            phase = next(phase, args.length);
        }
    }
}
