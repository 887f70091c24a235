// expected: stuck (unbounded integers) — seed 003 Fig. 1: x cycles 6, 8, 6, ... and y
// grows; with Java's ints y overflows after about 2^31 iterations and the loop exits.
public class Fig1Loop {
    static int foo() {
        return 6;
    }

    static int bar() {
        return 1;
    }

    public static void main(String[] args) {
        int x = foo();
        int y = bar();
        System.out.println("ready");
        while (x != 3 && y > 0) {
            x = (x * x + 2) % 10;
            y++;
        }
        System.out.println("left the loop: x=" + x + " y=" + y);
    }
}
