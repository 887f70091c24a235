// EXPECT: java.lang.ArithmeticException at RandomDivide.bad:10 route=random
// A die of ten faces picks how many shares the 100 points go to; a roll of 0 divides by
// zero (one run in ten). good1() rolls 1..10. A random value is no input a user types: the
// replay injects the roll, so the finding is "reproduced", never "confirmed".
import java.util.Random;

public class RandomDivide {
    public void bad() throws Throwable {
        int shares = new Random().nextInt(10);
        /* FLAW: shares may be 0 */ IO.writeLine(100 / shares);
    }

    public void good1() throws Throwable {
        int shares = new Random().nextInt(10) + 1;
        IO.writeLine(100 / shares);
    }
}
