// Terminates: each step replaces a list cell holding a tree by cells holding its two subtrees,
// or drops a cell holding null; the trees are finite (the list of trees shrinks in term size).
public class FlattenTrees {
    static class Node {
        Node left, right, up;
    }

    static class Queue {
        Node value;
        Queue next;

        Queue(Node value, Queue next) {
            this.value = value;
            this.next = next;
        }
    }

    static int flatten(Queue start) {
        int nodes = 0;
        while (start != null) {
            Node tree = start.value;
            start = start.next;
            if (tree != null) {
                nodes++;
                start = new Queue(tree.right, new Queue(tree.left, start));
            }
        }
        return nodes;
    }

    public static void main(String[] args) {
        Queue list = null;
        for (int i = 0; i < args.length; i++) {
            Node tree = new Node();
            int depth = args[i].length();
            for (int j = 0; j < depth; j++) {
                Node parent = new Node();
                parent.left = tree;
                tree = parent;
            }
            list = new Queue(tree, list);
        }
        flatten(list);
    }
}
