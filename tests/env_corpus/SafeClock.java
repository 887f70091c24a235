// EXPECT: none
public class SafeClock {
    public static void main(String[] args) {
        long now = System.currentTimeMillis();
        System.out.println(now % 1000);
    }
}
