// expected: stuck — seed 003 Fig. 2/3: membership test on a circular list that lacks x
public class CircularList {
    static final class Node {
        final int data;
        Node next;

        Node(int data) {
            this.data = data;
        }
    }

    static int find(Node head, int x) {
        int index = 0;
        Node p = head;
        while (p != null) {
            if (p.data == x) {
                return index;
            }
            index++;
            p = p.next;
        }
        return -1;
    }

    public static void main(String[] args) {
        Node a = new Node(3);
        Node b = new Node(12);
        Node c = new Node(5);
        a.next = b;
        b.next = c;
        c.next = a;
        System.out.println("ready");
        System.out.println(find(a, 7));
    }
}
