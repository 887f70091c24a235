// Does not terminate for a non-empty argument: the cell keeps its tree and a new cell in front
// holds the left subtree, so the tree is met again and again (look-alike of FlattenInPlace).
public class FlattenInPlaceKeep {
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
            if (tree != null) {
                nodes++;
                Queue cell = start;
                start = new Queue(tree.left, cell);
                cell.value = tree;
            } else {
                start = start.next;
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
