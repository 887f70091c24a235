// FOR: all
// WHY: the builder is a fresh object whose text is never read.
public class BuilderUnused {
    public static int run(int x) {
        StringBuilder sb = new StringBuilder(); // IRRELEVANT
        sb.append(x); // IRRELEVANT
        return x;
    }
}
