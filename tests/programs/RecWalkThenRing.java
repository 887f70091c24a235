// EXPECT: TERMINATES safe=yes twin=RecRingThenWalk
// WHY: the walk along next from the first node runs before the recursive ring() points the last node's next back to the first, so it walks a list that ends in null (prev links make cycles, next alone none).
public class RecWalkThenRing {
    RecWalkThenRing prev;
    RecWalkThenRing next;

    // the first node, found along prev
    RecWalkThenRing first() {
        if (prev == null) {
            return this;
        }
        return prev.first();
    }

    // the deepest call closes the ring
    static void ring(RecWalkThenRing first, RecWalkThenRing last, int k) {
        if (k <= 0) {
            last.next = first;
            return;
        }
        ring(first, last, k - 1);
    }

    static int walk(RecWalkThenRing list) {
        int steps = 0;
        while (list != null) {
            list = list.next;
            steps++;
        }
        return steps;
    }

    public static void main(String[] args) {
        RecWalkThenRing first = new RecWalkThenRing();
        RecWalkThenRing last = first;
        for (int i = 0; i < args.length; i++) {
            RecWalkThenRing node = new RecWalkThenRing();
            node.prev = last;
            last.next = node;
            last = node;
        }
        walk(last.first());
        ring(first, last, args.length);
    }
}
