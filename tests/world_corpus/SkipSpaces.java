// expect: hangs
// route: args
// feature: string-methods
// why: the continue for a space skips the increment, so an argument with a space makes the scan stop moving.
// input: {"args": ["a b"]}
public class SkipSpaces {
    public static void main(String[] args) {
        String text = args.length > 0 ? args[0] : "";
        int letters = 0;
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (c == ' ') {
                continue;
            }
            letters++;
            i++;
        }
        System.out.println(letters + " letters");
    }
}
