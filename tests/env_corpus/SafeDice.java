// EXPECT: none
import java.util.Random;

public class SafeDice {
    public static void main(String[] args) {
        Random random = new Random();
        int[] counts = new int[6];
        counts[random.nextInt(6)]++;
        System.out.println(counts[0]);
    }
}
