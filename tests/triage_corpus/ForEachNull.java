// EXPECT: java.lang.NullPointerException at ForEachNull.bad:11
// names() has no names to give for a negative count and says so with null: bad() loops
// over the result unchecked, good1() checks it.
public class ForEachNull {
    private String[] names(int count) {
        return count < 0 ? null : new String[count];
    }

    public void bad() throws Throwable {
        String[] all = names(-1);
        for (String name : all) {
            IO.writeLine(name);
        }
    }

    public void good1() throws Throwable {
        String[] all = names(-1);
        if (all != null) {
            for (String name : all) {
                IO.writeLine(name);
            }
        }
    }
}
