// A class with only a private constructor and final fields; the entry is an instance method.
final class Pair {
    private final int a;
    private final Pair other;

    private Pair(int a, Pair other) {
        this.a = a;
        this.other = other;
    }

    int ratio() {
        return 100 / (a - other.a); // @line:ratio
    }
}
