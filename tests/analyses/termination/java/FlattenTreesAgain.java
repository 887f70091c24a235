// Does not terminate for a non-empty argument list: a tree is pushed back together with its
// left subtree, so the list never shrinks (look-alike of FlattenTrees).
public class FlattenTreesAgain {
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
                start = new Queue(tree, new Queue(tree.left, start));
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
