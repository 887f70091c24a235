"""Small Java programs shared by the graph construction tests (tests/seg) and their
soundness checks (tests/seg_soundness): each exercises one construction problem."""

ALIAS_SOURCE = """
public class Alias {
    static class Node {
        int val;
        Node next;
        Node(Node next) { this.next = next; }
    }

    public static void main(String[] args) {
        Node head = null;
        Node pick = null;
        for (int i = 0; i < args.length; i++) {
            head = new Node(head);
            if (args[i].length() > 0) pick = head;
        }
        if (head == null || pick == null) return;
        head.val = 1;
        pick.val = 2;
        if (head.val == 2) aliased(); else separate();
    }

    static void aliased() {}
    static void separate() {}
}
"""

ROTATION_SOURCE = """
public class Rotate {
    static class Tree {
        Tree left, right;
    }

    static Tree build(String[] args) {
        Tree root = new Tree();
        Tree t = root;
        for (int i = 0; i < args.length; i++) {
            if (args[i].length() > 1) {
                if (t.left == null) { t.left = new Tree(); t = root; } else t = t.left;
            } else {
                if (t.right == null) { t.right = new Tree(); t = root; } else t = t.right;
            }
        }
        return root;
    }

    public static void main(String[] args) {
        Tree tree = build(args);
        int steps = 0;
        while (tree.left != null) {
            Tree tl = tree.left;
            Tree tll = tl.left;
            Tree tlr = tl.right;
            Tree tr = tree.right;
            tree.right = tl;
            tl.right = tr;
            tl.left = tlr;
            tree.left = tll;
            steps++;
        }
    }
}
"""

NESTED_LOOPS_SOURCE = """
public class Nested {
    static int triangle(int n) {
        int s = 0;
        for (int i = 0; i < n; i++)
            for (int j = 0; j < i; j++)
                s++;
        return s;
    }

    public static void main(String[] args) {
        int total = 0;
        for (int k = 0; k < args.length; k++)
            total += triangle(args[k].length());
        int rest = 0;
        while (rest < total) rest += 2;
        for (int k = args.length - 1; k >= 0; k--)
            rest -= triangle(k);
    }
}
"""

BRANCHY_CALLEE_SOURCE = """
public class Branchy {
    static int classify(int a, int b, int c, int d, int e, int f) {
        int r = 0;
        if (a > 0) r += 1;
        if (b > 0) r += 2;
        if (c > 0) r += 4;
        if (d > 0) r += 8;
        if (e > 0) r += 16;
        if (f > 0) r += 32;
        return r;
    }

    public static void main(String[] args) {
        int total = 0;
        for (int i = 0; i + 5 < args.length; i++)
            total += classify(args[i].length(), args[i + 1].length(), args[i + 2].length(),
                              args[i + 3].length(), args[i + 4].length(), args[i + 5].length());
        if (total < 0) throw new IllegalStateException();
    }
}
"""

ALIAS_LINKS_SOURCE = """
public class AliasLinks {
    static class Node {
        Node next;
        Node other;
        Node(Node next) { this.next = next; }
    }

    public static void main(String[] args) {
        Node head = null;
        Node pick = null;
        for (int i = 0; i < args.length; i++) {
            head = new Node(head);
            if (args[i].length() > 0) pick = head;
        }
        if (head == null || pick == null) return;
        Node fresh = new Node(null);
        head.other = fresh;
        pick.other = head;
        pick.next = fresh;
        int steps = 0;
        for (Node c = head; c != null && steps < 100; c = c.next) steps++;
        if (head.other == head) selfLoop(); else if (head.other == fresh) toFresh();
    }

    static void selfLoop() {}
    static void toFresh() {}
}
"""
