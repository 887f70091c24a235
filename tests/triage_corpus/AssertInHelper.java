// EXPECT: java.lang.AssertionError at AssertInHelper.percent:5
// percent() asserts its argument is at most 100; bad() passes 150, good1() 50.
public class AssertInHelper {
    private static int percent(int value) {
        assert value <= 100 : "not a percentage";
        return value;
    }

    public void bad() throws Throwable {
        IO.writeLine(percent(150));
    }

    public void good1() throws Throwable {
        IO.writeLine(percent(50));
    }
}
