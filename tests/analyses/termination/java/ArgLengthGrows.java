// A non-terminating look-alike of tests/programs/ArgLengthLoop (not in the corpus: jhalt does
// not prove it NO). With args = {"a"}: every iteration stores a one character longer String
// into args[0], so i never catches up with its length.
public class ArgLengthGrows {
    public static void main(String[] args) {
        if (args.length == 0) {
            return;
        }
        for (int i = 0; i < args[0].length(); i++) {
            args[0] = args[0] + "x";
        }
    }
}
