// EXPECT: java.lang.ArrayIndexOutOfBoundsException at ArgsIndex.main:14
// The command line picks one of four slots; "4" (or a negative number) is past them. The
// Good twin checks the range.
public class ArgsIndex {
    public static void main(String[] args) {
        int[] slots = new int[4];
        int slot;
        try {
            slot = Integer.parseInt(args[0]);
        } catch (RuntimeException notANumberOrMissing) {
            return;
        }
        /* FLAW: slot is not checked */
        slots[slot] = 1;
        IO.writeLine(slots[0]);
    }

    public static class Good {
        public static void main(String[] args) {
            int[] slots = new int[4];
            int slot;
            try {
                slot = Integer.parseInt(args[0]);
            } catch (RuntimeException notANumberOrMissing) {
                return;
            }
            if (slot >= 0 && slot < slots.length) {
                slots[slot] = 1;
            }
            IO.writeLine(slots[0]);
        }
    }
}
