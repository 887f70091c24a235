// FOR: all
// WHY: thesis Example 4.6: x is stored into list.next, so every write reaches the result.
public class Ex46WriteAccesses {
    static class Cell {
        int value;
        Cell next;
    }

    static int someNumber(int k) {
        return k + 4;
    }

    public static Cell run(int k) {
        Cell x = new Cell();
        x.value = someNumber(k);
        Cell list = new Cell();
        list.value = someNumber(k + 1);
        list.next = x;
        return list;
    }
}
