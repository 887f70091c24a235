package shelf;

/** Documented preconditions: the exceptions are the contract (expected: note, precondition). */
public class Guard {
    /** @throws IllegalArgumentException when n is negative */
    public static int half(int n) {
        if (n < 0) {
            throw new IllegalArgumentException("n < 0");
        }
        return n / 2;
    }

    /** @throws java.io.IOException when text is empty */
    public static int parse(String text) throws java.io.IOException {
        if (text != null && text.isEmpty()) {
            throw new java.io.IOException("empty");
        }
        return 1;
    }

    /** Kept for compatibility: type is supposed to be a Class. */
    public static int typeName(Object type) {
        return ((Class<?>) type).getName().length();
    }
}
