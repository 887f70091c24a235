// EXPECT: java.lang.NullPointerException
public class FailNullNode {
    static final class Node {
        int value;
    }

    public static void main(String[] args) {
        Node node = Verifier.nondetBoolean() ? new Node() : null;
        node.value = 1;
    }
}
