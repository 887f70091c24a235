// Does not terminate when args[0] has 3 or more characters (a list of two or more nodes):
// each step points the next node back at the current one, so the first two nodes form a
// cycle that x walks forever.
public class ReverseIntoItself {
    public static void main(String... args) {
        TurnNode x = TurnNode.createList(args[0].length(), null);
        TurnNode.reverse(x);
    }
}

class TurnNode {
    TurnNode n;

    TurnNode(TurnNode next) {
        this.n = next;
    }

    static void reverse(TurnNode x) {
        while (x != null) {
            TurnNode z = x;
            x = x.n;
            x.n = z;
        }
    }

    static TurnNode createList(int l, TurnNode end) {
        while (--l > 0) {
            end = new TurnNode(end);
        }
        return end;
    }
}
