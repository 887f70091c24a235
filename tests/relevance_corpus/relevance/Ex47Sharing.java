// FOR: all
// WHY: thesis Example 4.7: another is a fresh object that does not share with list, so
// creating and incrementing it cannot change the returned list.
public class Ex47Sharing {
    static class Cell {
        int value;

        Cell(int v) {
            value = v;
        }
    }

    public static Cell run(int x) {
        Cell list = new Cell(x);
        Cell another = new Cell(x + 1); // IRRELEVANT
        another.value++; // IRRELEVANT
        return list;
    }
}
