// Seed 000 §2 problem (b): loops forever when some argument is the empty string.
public class ArgsLoop {
    public static void main(String[] args) {
        int i = 0;
        while (i < args.length) { // @line:args-loop-start
            i += args[i].length(); // @line:args-loop-end
        }
    }
}
