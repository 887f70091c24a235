// EXPECT: none
public class SafeCounterObject {
    static final class Counter {
        private int count;

        void increment() { count++; }

        int get() { return count; }
    }

    public static void main(String[] args) {
        Counter counter = new Counter();
        counter.increment();
        if (Verifier.nondetBoolean()) {
            counter.increment();
        }
        assert counter.get() >= 1 && counter.get() <= 2;
    }
}
