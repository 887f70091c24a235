// expect: hangs
// route: args
// feature: parse-int
// release: 8
// why: the same countdown by two as Halver, compiled for Java 8: an odd start never reaches 0.
// input: {"args": ["7"]}
public class Halver8 {
    public static void main(String[] args) {
        int x = Integer.parseInt(args[0]);
        while (x != 0) {
            x -= 2;
        }
        System.out.println("done");
    }
}
