package shelf;

/** A fixed-size counter: add() past the capacity indexes out of the array. Reachable through
 *  public calls: new Counter(0).add(v) throws (expected level: error, public API). */
public final class Counter {
    private final int[] slots;
    private int size;

    public Counter(int capacity) {
        if (capacity < 0) {
            capacity = 0;
        }
        slots = new int[capacity];
    }

    public void add(int value) {
        slots[size] = value;
        size++;
    }
}
