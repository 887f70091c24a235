// trim() returns a list one node shorter than its receiver (at least one node): its result
// is no larger than the receiver, and smaller for every receiver of two or more nodes.
public class TrimLemma {
    static class Nat {
        Nat pred;

        Nat trim() {
            if (pred == null || pred.pred == null) {
                return new Nat();
            }
            Nat result = new Nat();
            result.pred = pred.trim();
            return result;
        }
    }

    public static void main(String[] args) {
        Nat n = new Nat();
        for (int i = 0; i < args.length; i++) {
            Nat next = new Nat();
            next.pred = n;
            n = next;
        }
        n.trim();
    }
}
