// EXPECT: NONTERM args=["a"] kind=looping twin=RecWalkThenRing
// WHY: the recursive ring() points the last node's next back to the first before the walk, so the walk along next goes round the ring for ever.
public class RecRingThenWalk {
    RecRingThenWalk prev;
    RecRingThenWalk next;

    // the first node, found along prev
    RecRingThenWalk first() {
        if (prev == null) {
            return this;
        }
        return prev.first();
    }

    // the deepest call closes the ring
    static void ring(RecRingThenWalk first, RecRingThenWalk last, int k) {
        if (k <= 0) {
            last.next = first;
            return;
        }
        ring(first, last, k - 1);
    }

    static int walk(RecRingThenWalk list) {
        int steps = 0;
        while (list != null) {
            list = list.next;
            steps++;
        }
        return steps;
    }

    public static void main(String[] args) {
        RecRingThenWalk first = new RecRingThenWalk();
        RecRingThenWalk last = first;
        for (int i = 0; i < args.length; i++) {
            RecRingThenWalk node = new RecRingThenWalk();
            node.prev = last;
            last.next = node;
            last = node;
        }
        ring(first, last, args.length);
        walk(last.first());
    }
}
