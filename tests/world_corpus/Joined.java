// expect: throws java.lang.StringIndexOutOfBoundsException
// route: args
// feature: string-builder, foreach
// why: the trailing comma is deleted unconditionally, and with no arguments the builder is empty.
// input: {}
public class Joined {
    public static void main(String[] args) {
        StringBuilder sb = new StringBuilder();
        for (String arg : args) {
            sb.append(arg).append(',');
        }
        sb.deleteCharAt(sb.length() - 1); // THROWS
        System.out.println(sb);
    }
}
