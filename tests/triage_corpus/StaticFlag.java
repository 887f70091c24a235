// EXPECT: java.lang.NullPointerException at StaticFlag.bad:11
// The flaw runs under a private static flag that is true; in good1() under one that is false.
// No code reassigns either flag: a witness may not set them.
public class StaticFlag {
    private static boolean PRIVATE_STATIC_TRUE = true;
    private static boolean PRIVATE_STATIC_FALSE = false;

    public void bad() throws Throwable {
        String data = null;
        if (PRIVATE_STATIC_TRUE) {
            IO.writeLine(data.length());
        }
    }

    public void good1() throws Throwable {
        String data = null;
        if (PRIVATE_STATIC_FALSE) {
            IO.writeLine(data.length());
        }
    }
}
