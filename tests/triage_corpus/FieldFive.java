// EXPECT: java.lang.ClassCastException at FieldFive.bad:9
// An int field the constructor sets to 5 guards a bad cast in bad() (== 5) and in good1()
// (!= 5, which no public call makes true).
public class FieldFive {
    private int privateFive = 5;

    public void bad() throws Throwable {
        Object data = "text";
        if (privateFive == 5) IO.writeLine((Integer) data);
    }

    public void good1() throws Throwable {
        Object data = "text";
        if (privateFive != 5) IO.writeLine((Integer) data);
    }
}
