// FOR: all
// WHY: the object is returned, so the write into it is part of the result.
public class FreshObjectReturned {
    static class Box {
        int v;
    }

    public static Box run(int x) {
        Box b = new Box();
        b.v = x;
        return b;
    }
}
