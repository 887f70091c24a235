// FOR: all
// WHY: printing is an effect outside the program state; y is never read.
public class PrintIsRelevant {
    public static int run(int x) {
        int y = x + 1; // IRRELEVANT
        System.out.println(x);
        return 0;
    }
}
