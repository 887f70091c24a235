// EXPECT: java.lang.AssertionError
import java.util.Random;

public class FailDice {
    public static void main(String[] args) {
        Random random = new Random();
        int d1 = random.nextInt(6) + 1;
        int d2 = random.nextInt(6) + 1;
        assert d1 + d2 != 12 : "double six";
    }
}
