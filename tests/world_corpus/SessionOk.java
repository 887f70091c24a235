// expect: safe
// route: args
// feature: try-with-resources
// why: close saves a dirty workspace instead of throwing, so leaving the try block never throws.
// input: {"args": ["a", "b", "c"]}
public class SessionOk {
    static final class Workspace implements AutoCloseable {
        private final boolean dirty;

        Workspace(boolean dirty) {
            this.dirty = dirty;
        }

        @Override
        public void close() {
            if (dirty) {
                System.out.println("saving changes");
            }
        }
    }

    public static void main(String[] args) {
        try (Workspace w = new Workspace(args.length > 2)) {
            System.out.println("working");
        }
    }
}
