// expect: terminates
// route: args
// feature: parse-int
// release: 8
// why: the guarded countdown of HalverOk, compiled for Java 8.
// input: {"args": ["7"]}
public class Halver8Ok {
    public static void main(String[] args) {
        int x = Integer.parseInt(args[0]);
        while (x > 0) {
            x -= 2;
        }
        System.out.println("done");
    }
}
