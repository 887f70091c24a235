// EXPECT: java.lang.IllegalStateException
public class FailEnv {
    public static void main(String[] args) {
        String mode = System.getenv("MODE");
        if (mode != null && mode.length() == 3) {
            throw new IllegalStateException("three-letter mode");
        }
    }
}
