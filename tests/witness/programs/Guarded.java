// A constructor entry and a static-initialiser entry, both failing on a negative size.
public class Guarded {
    private final int[] slots;

    Guarded(int size) {
        slots = new int[size]; // @line:init
    }
}

class Boot {
    static int[] table = new int[Integer.parseInt("-1")]; // @line:clinit
}
