// EXPECT: THROWS java.lang.NullPointerException args=["x","y"]
// WHY: exactly two arguments leave the counter null, and calling bump() on it throws.
public class ThrowsNpeCall {
    static class Counter {
        int count;

        void bump() {
            count++;
        }
    }

    public static void main(String[] args) {
        Counter counter = args.length == 2 ? null : new Counter();
        counter.bump();
    }
}
