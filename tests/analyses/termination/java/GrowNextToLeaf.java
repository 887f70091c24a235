// The look-alike of tests/programs/RecGrowLeaves.java that never terminates (for one or more
// args): at a leaf, growTree hangs the new leaf into the list being walked, right after the
// current cell, so growList meets a new leaf at every step (a StackOverflowError on a JVM).
public class GrowNextToLeaf {
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

    static void growTree(Tree t, Cell l) {
        if (t != null && t.children == null) {
            l.next = new Cell(new Tree(), l.next);
        } else if (t != null) {
            growList(t.children);
        }
    }

    static void growList(Cell l) {
        if (l != null) {
            growTree(l.value, l);
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
