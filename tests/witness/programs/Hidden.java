package pkg;

// A package-private class in a package, with a private static entry and an inherited field.
class Hidden extends Base {
    private String name;

    private static void check(Hidden h) {
        if (h.limit() > 5 && h.name.length() == 2) {
            throw new UnsupportedOperationException("limit " + h.limit()); // @line:check
        }
    }
}
