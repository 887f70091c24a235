package shelf;

/** pass() divides by zero once the gate is open: new Gate().open(1); pass() throws (expected:
 *  error). open(0) never returns: a search that tries it must abandon that call and go on. */
public final class Gate {
    private boolean open;
    private int step = 1;

    public void open(int turns) {
        while (turns == 0) {
            step = step * 1;
        }
        open = true;
    }

    public int pass() {
        if (open) {
            return 10 / (step - 1);
        }
        return 0;
    }
}
