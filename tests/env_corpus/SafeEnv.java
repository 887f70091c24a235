// EXPECT: none
public class SafeEnv {
    public static void main(String[] args) {
        String home = System.getenv("HOME");
        if (home != null) {
            System.out.println(home.length());
        }
    }
}
