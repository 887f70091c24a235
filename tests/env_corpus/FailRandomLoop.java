// EXPECT: java.lang.AssertionError
import java.util.Random;

public class FailRandomLoop {
    public static void main(String[] args) {
        Random random = new Random();
        int sum = 0;
        for (int i = 0; i < 3; i++) {
            sum += random.nextInt(10);
        }
        assert sum != 27 : "three nines";
    }
}
