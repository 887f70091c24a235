// expect: throws java.lang.IllegalStateException
// route: args
// feature: try-with-resources
// why: the resource's close throws when the session is dirty (three or more arguments), and try-with-resources rethrows it.
// input: {"args": ["a", "b", "c"]}
public class Session {
    static final class Workspace implements AutoCloseable {
        private final boolean dirty;

        Workspace(boolean dirty) {
            this.dirty = dirty;
        }

        @Override
        public void close() {
            if (dirty) {
                throw new IllegalStateException("unsaved changes"); // THROWS
            }
        }
    }

    public static void main(String[] args) {
        try (Workspace w = new Workspace(args.length > 2)) {
            System.out.println("working");
        }
    }
}
