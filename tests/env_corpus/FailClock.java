// EXPECT: java.lang.IllegalStateException
public class FailClock {
    public static void main(String[] args) {
        long now = System.currentTimeMillis();
        if (now % 1000 == 7) {
            throw new IllegalStateException("unlucky millisecond");
        }
    }
}
