// EXPECT: java.lang.IllegalStateException at ContractThrow.bad:8 level=note
// An explicit IllegalStateException reads as "called at the wrong time" (a precondition,
// level note) — still shown, with the public calls new ContractThrow().bad(). good1()'s state
// is right.
public class ContractThrow {
    public void bad() throws Throwable {
        boolean ready = false;
        if (!ready) throw new IllegalStateException("not ready");
        IO.writeLine("ready");
    }

    public void good1() throws Throwable {
        boolean ready = true;
        if (!ready) throw new IllegalStateException("not ready");
        IO.writeLine("ready");
    }
}
