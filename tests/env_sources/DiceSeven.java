// EXPECT: java.lang.IllegalStateException
// nextInt(10) returns 7 for some seeds
import java.util.Random;

public class DiceSeven {
    public static void main(String[] args) {
        int roll = new Random().nextInt(10);
        if (roll == 7) {
            throw new IllegalStateException("seven");
        }
        System.out.println(roll);
    }
}
