// expect: hangs
// route: args
// feature: string-methods
// why: an empty argument is neither a flag nor a file and the index is not advanced for it, so the parser spins on it.
// input: {"args": [""]}
public class Options {
    public static void main(String[] args) {
        int flags = 0;
        int files = 0;
        int i = 0;
        while (i < args.length) {
            String arg = args[i];
            if (arg.startsWith("-")) {
                flags++;
                i++;
            } else if (!arg.isEmpty()) {
                files++;
                i++;
            }
        }
        System.out.println(flags + " flags, " + files + " files");
    }
}
