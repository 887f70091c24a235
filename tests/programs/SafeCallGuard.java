// EXPECT: TERMINATES safe=yes twin=ThrowsNpeCall
// WHY: a fresh counter replaces the null one before bump() is called.
public class SafeCallGuard {
    static class Counter {
        int count;

        void bump() {
            count++;
        }
    }

    public static void main(String[] args) {
        Counter counter = args.length == 2 ? null : new Counter();
        if (counter == null) {
            counter = new Counter();
        }
        counter.bump();
    }
}
