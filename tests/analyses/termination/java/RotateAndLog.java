// RotateLeftSpine where every node carries a payload object and each turn logs the root's
// payload in a list: the payloads are held by a node and by log entries (the heap is no
// forest), but along left and right (and the log's older) it is one, and the root's
// leftmost path still loses one node per turn. Terminates.
public class RotateAndLog {
    static class Node {
        Node left;
        Node right;
        Object payload = new Object();
    }

    static class Log {
        final Object item;
        final Log older;

        Log(Object item, Log older) {
            this.item = item;
            this.older = older;
        }
    }

    static Node grow(String[] args) {
        Node root = new Node();
        for (String arg : args) {
            Node top = new Node();
            top.left = root;
            if (arg.length() % 2 == 0) {
                top.right = new Node();
            }
            root = top;
        }
        return root;
    }

    public static void main(String[] args) {
        Node root = grow(args);
        Log log = null;
        while (root.left != null) {
            log = new Log(root.payload, log);
            Node pivot = root.left;
            Node outer = pivot.left;
            Node inner = pivot.right;
            Node right = root.right;
            root.right = pivot;
            pivot.right = right;
            pivot.left = inner;
            root.left = outer;
        }
    }
}
