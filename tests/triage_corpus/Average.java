// EXPECT: java.lang.ArithmeticException at Average.bad:14
// A running average: before the first add() the count is 0, and bad() divides by it.
// good1() answers 0 for no values.
public class Average {
    private int count;
    private int sum;

    public void add(int value) {
        count++;
        sum += value;
    }

    public int bad() throws Throwable {
        return sum / count;
    }

    public int good1() throws Throwable {
        return count == 0 ? 0 : sum / count;
    }
}
