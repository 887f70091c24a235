// The hang is in innerSpin, called from outerLoop.
public class Spin {
    public static void main(String[] args) {
        outerLoop();
    }

    static void outerLoop() {
        for (int round = 0; round < 3; round++) { // @line:outer-start
            innerSpin(); // @line:outer-end
        }
    }

    static void innerSpin() {
        int x = 0;
        while (x >= 0) { // @line:spin-start
            x = x * 1; // @line:spin-end
        }
    }
}
