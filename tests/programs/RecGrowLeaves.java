// EXPECT: TERMINATES safe=yes
// WHY: growTree only hangs a new leaf under a leaf of the subtree it is given, so growList still walks the original next cells, one fewer per call.
public class RecGrowLeaves {
    static class Tree {
        Cell children;
    }

    static class Cell {
        Tree value;
        Cell next;

        Cell(Tree value, Cell next) {
            this.value = value;
            this.next = next;
        }
    }

    static void growTree(Tree t) {
        if (t != null && t.children == null) {
            t.children = new Cell(new Tree(), null);
        } else if (t != null) {
            growList(t.children);
        }
    }

    static void growList(Cell l) {
        if (l != null) {
            growTree(l.value);
            growList(l.next);
        }
    }

    public static void main(String[] args) {
        Tree root = new Tree();
        for (int i = 0; i < args.length; i++) {
            Tree child = new Tree();
            int leaves = args[i].length();
            for (int j = 0; j < leaves; j++) {
                child.children = new Cell(new Tree(), child.children);
            }
            root.children = new Cell(child, root.children);
        }
        growList(root.children);
    }
}
