// expect: terminates
// route: args
// feature: string-methods
// why: every argument, empty ones too, advances the index, so the parser ends after args.length rounds.
// input: {"args": [""]}
public class OptionsOk {
    public static void main(String[] args) {
        int flags = 0;
        int files = 0;
        int i = 0;
        while (i < args.length) {
            String arg = args[i];
            if (arg.startsWith("-")) {
                flags++;
            } else if (!arg.isEmpty()) {
                files++;
            }
            i++;
        }
        System.out.println(flags + " flags, " + files + " files");
    }
}
