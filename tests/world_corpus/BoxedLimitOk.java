// expect: terminates
// route: args
// feature: autoboxing
// why: i < limit unboxes both, and i grows by one up to the limit without overflowing.
// input: {"args": ["1000"]}
public class BoxedLimitOk {
    public static void main(String[] args) {
        Integer limit = Integer.valueOf(args[0]);
        Integer i = 0;
        while (i < limit) {
            i++;
        }
        System.out.println("counted to " + i);
    }
}
