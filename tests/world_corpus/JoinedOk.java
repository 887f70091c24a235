// expect: safe
// route: args
// feature: string-builder, foreach
// why: the trailing comma is deleted only when something was appended.
// input: {}
public class JoinedOk {
    public static void main(String[] args) {
        StringBuilder sb = new StringBuilder();
        for (String arg : args) {
            sb.append(arg).append(',');
        }
        if (sb.length() > 0) {
            sb.deleteCharAt(sb.length() - 1);
        }
        System.out.println(sb);
    }
}
