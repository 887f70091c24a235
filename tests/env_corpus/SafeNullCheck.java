// EXPECT: none
public class SafeNullCheck {
    static final class Node {
        int value;
    }

    public static void main(String[] args) {
        Node node = Verifier.nondetBoolean() ? new Node() : null;
        if (node != null) {
            node.value = 1;
        }
    }
}
