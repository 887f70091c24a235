// EXPECT: TERMINATES safe=yes
// WHY: depth() recurses through a virtual call on the next cell of an acyclic list; Nil ends it.
public class RecVirtualDepth {
    abstract static class Cell {
        abstract int depth();
    }

    static class Nil extends Cell {
        int depth() {
            return 0;
        }
    }

    static class Cons extends Cell {
        final Cell next;

        Cons(Cell next) {
            this.next = next;
        }

        int depth() {
            return 1 + next.depth();
        }
    }

    public static void main(String[] args) {
        Cell list = new Nil();
        for (int i = 0; i < args.length; i++) {
            list = new Cons(list);
        }
        list.depth();
    }
}
