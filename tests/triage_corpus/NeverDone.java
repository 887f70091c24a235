// EXPECT: non-termination at NeverDone.bad:7
// bad() waits for a flag that nothing in the loop sets; good1() sets it after three rounds.
public class NeverDone {
    public void bad() throws Throwable {
        boolean done = false;
        int rounds = 0;
        while (!done) {
            IO.writeLine("waiting");
            rounds++;
        }
        IO.writeLine(rounds);
    }

    public void good1() throws Throwable {
        boolean done = false;
        int rounds = 0;
        while (!done) {
            IO.writeLine("waiting");
            rounds++;
            done = rounds == 3;
        }
        IO.writeLine(rounds);
    }
}
