// A library class for the public-API search of the escape suite (tests/witness/test_escape.py):
// its public constructor runs EscapeSocket's attempt (a connection to the listener), so a
// search that makes a VaultSocket runs the attack. pass() divides by zero once the vault is open
// (new VaultSocket().open(1); pass()): a finding on a forged receiver, which `jhalt check`
// shows through public calls found by the search.
public final class VaultSocket {
    private boolean open;
    private int step = 1;

    public VaultSocket() {
        try {
            Class.forName("EscapeSocket$Attempt");
        } catch (Throwable ignored) {
        }
    }

    public void open(int turns) {
        open = turns > 0;
    }

    public int pass() {
        if (open) {
            return 10 / (step - 1);
        }
        return 0;
    }
}
