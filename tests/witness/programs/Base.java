package pkg;

// A package-private superclass with a private field, read through a method.
class Base {
    private int limit;

    int limit() {
        return limit;
    }
}
