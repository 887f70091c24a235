// expect: hangs
// route: args
// feature: parse-int
// why: x steps down by two and stops only at 0, so an odd (or negative even) start never reaches it.
// input: {"args": ["7"]}
public class Halver {
    public static void main(String[] args) {
        int x = Integer.parseInt(args[0]);
        while (x != 0) {
            x -= 2;
        }
        System.out.println("done");
    }
}
