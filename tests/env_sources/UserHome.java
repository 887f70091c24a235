// EXPECT: none
// the JVM always sets user.home; java.io.tmpdir and line.separator likewise
public class UserHome {
    public static void main(String[] args) {
        String home = System.getProperty("user.home");
        String tmp = System.getProperty("java.io.tmpdir");
        String newline = System.getProperty("line.separator");
        System.out.println(home.length() + tmp.length() + newline.length());
    }
}
