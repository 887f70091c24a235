// EXPECT: none
// the JVM always sets user.home; java.io.tmpdir and line.separator likewise (lineSeparator() is the latter)
public class UserHome {
    public static void main(String[] args) {
        String home = System.getProperty("user.home");
        String tmp = System.getProperty("java.io.tmpdir");
        String newline = System.getProperty("line.separator");
        String separator = System.lineSeparator();
        System.out.println(home.length());
        System.out.println(tmp.length());
        System.out.println(newline.length());
        System.out.println(separator.length());
    }
}
