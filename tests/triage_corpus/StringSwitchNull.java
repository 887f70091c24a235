// EXPECT: java.lang.NullPointerException at StringSwitchNull.bad:10
// bad() switches on a command that is null (a switch on a String calls hashCode());
// good1() checks it first.
public class StringSwitchNull {
    private String command() {
        return null;
    }

    public void bad() throws Throwable {
        switch (command()) {
        case "start":
            IO.writeLine("starting");
            break;
        default:
            IO.writeLine("unknown");
        }
    }

    public void good1() throws Throwable {
        String c = command();
        if (c != null) {
            switch (c) {
            case "start":
                IO.writeLine("starting");
                break;
            default:
                IO.writeLine("unknown");
            }
        }
    }
}
