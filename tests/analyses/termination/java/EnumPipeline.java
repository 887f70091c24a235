// Terminates: PARSE goes to CHECK, CHECK to EMIT or DONE, EMIT to DONE; the phases form a
// chain whose ordinals only grow, so the loop stops after at most three steps.
public class EnumPipeline {
    enum Phase { PARSE, CHECK, EMIT, DONE }

    static Phase next(Phase phase, int files) {
        switch (phase) {
            case PARSE:
                return Phase.CHECK;
            case CHECK:
                return files > 0 ? Phase.EMIT : Phase.DONE;
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
