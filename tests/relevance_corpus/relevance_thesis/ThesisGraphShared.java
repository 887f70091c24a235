// FOR: value
// WHY: the look-alike of ThesisGraph (thesis Example 4.18) without its bug: source and the nodes
// come from the same graph, so areConnected may hold, addNode writes into the returned graph and
// the loop is relevant; only the unused second graph's store is irrelevant.
public class ThesisGraphShared {
    public static ThesisGraph run(String[] args) {
        Rnd.args = args;
        ThesisGraph graphOne = ThesisGraph.createGraph();
        ThesisGraph graphTwo = ThesisGraph.createGraph(); // IRRELEVANT[dead-store]
        GNode source = graphOne.getRootNode();
        for (GNode node : graphOne.getNodes()) {
            if (GNode.areConnected(source, node)) {
                graphOne.addNode(node);
            }
        }
        ThesisGraph res = graphOne;
        return res;
    }
}
