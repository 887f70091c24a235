// expect: terminates
// route: args
// feature: string-methods
// why: the index moves on before the continue, so every character advances the scan.
// input: {"args": ["a b"]}
public class SkipSpacesOk {
    public static void main(String[] args) {
        String text = args.length > 0 ? args[0] : "";
        int letters = 0;
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            i++;
            if (c == ' ') {
                continue;
            }
            letters++;
        }
        System.out.println(letters + " letters");
    }
}
