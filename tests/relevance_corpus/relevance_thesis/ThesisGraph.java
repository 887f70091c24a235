// FOR: value
// WHY: thesis 004 Example 4.18/4.19 (§4.7), the graph bug: source comes from graphOne and node
// from graphTwo, which do not share, so areConnected is always false and the loop adds nothing;
// the marked code is what Example 4.19 removes when only res (the returned value) is marked
// relevant. The second createGraph() call stays (Def. 4.10: it runs the relevant code of
// createGraph), its store does not; the call of addNode is never reached (UNREACHED).
import java.util.Iterator;

public class ThesisGraph {
    public GList nodes;

    public static ThesisGraph run(String[] args) {
        Rnd.args = args;
        ThesisGraph graphOne = createGraph();
        ThesisGraph graphTwo = createGraph(); // IRRELEVANT[dead-store]
        GNode source = graphOne.getRootNode(); // IRRELEVANT
        for (GNode node : graphTwo.getNodes()) { // IRRELEVANT
            if (GNode.areConnected(source, node)) { // IRRELEVANT
                graphOne.addNode(node); // UNREACHED
            }
        }
        ThesisGraph res = graphOne;
        return res;
    }

    public static ThesisGraph createGraph() {
        int num = Rnd.random();
        ThesisGraph res = new ThesisGraph();
        for (int i = 0; i < num; i++) {
            GNode node = new GNode(i);
            res.addNode(node);
        }
        int max = Rnd.random();
        for (int i = 0; i < max; i++) {
            GNode start = res.getNode(Rnd.random());
            GNode end = res.getNode(Rnd.random());
            if (start != null && end != null) {
                start.addEdge(end);
            }
        }
        return res;
    }

    public GNode getNode(int id) {
        GList cur = nodes;
        while (cur != null) {
            if (cur.content.id == id) {
                return cur.content;
            }
            cur = cur.next;
        }
        return null;
    }

    public GNode getRootNode() {
        return this.nodes.content;
    }

    public GList getNodes() {
        return nodes;
    }

    public void addNode(GNode node) {
        this.nodes = new GList(node, this.nodes);
    }
}

class GList implements Iterable<GNode> {
    GNode content;
    GList next;

    public GList(GNode c, GList n) {
        this.content = c;
        this.next = n;
    }

    public Iterator<GNode> iterator() {
        return new Iterator<GNode>() {
            GNode cur = null;
            GList next = GList.this;

            public boolean hasNext() {
                if (this.next != null) {
                    this.cur = next.content;
                    return true;
                }
                return false;
            }

            public GNode next() {
                this.next = this.next.next;
                return this.cur;
            }

            public void remove() {
            }
        };
    }
}

class GNode {
    public int id;
    GList out;

    public GNode(int i) {
        this.id = i;
    }

    public void addEdge(GNode end) {
        this.out = new GList(end, this.out);
    }

    public static boolean areConnected(GNode node, GNode other) {
        for (GNode n : node.out) {
            if (n == other) {
                return true;
            }
        }
        return false;
    }
}

class Rnd {
    static int count;
    static String[] args;

    public static int random() {
        int res = args[count].length();
        count++;
        return res;
    }
}
