// EXPECT: java.lang.NullPointerException at SwitchFlow.bad:9
// bad() switches on 7 into the case that dereferences null; good1() on 8, into the default.
public class SwitchFlow {
    public void bad() throws Throwable {
        String data = null;
        switch (7) {
        case 7:
            /* FLAW */
            IO.writeLine(data.length());
            break;
        default:
            IO.writeLine("never");
            break;
        }
    }

    public void good1() throws Throwable {
        String data = null;
        switch (8) {
        case 7:
            IO.writeLine(data.length());
            break;
        default:
            IO.writeLine("fine");
            break;
        }
    }
}
