// expected: terminates with Java's ints, after about 2^31 iterations — i grows from 1 and
// i++ wraps to Integer.MIN_VALUE, which ends `i > 0`; with mathematical integers it would
// never end. A hang only "until an integer overflows".
public class GrowWhilePositive {
    public static void main(String[] args) {
        int i = 1;
        System.out.println("ready");
        while (i > 0) {
            i++;
        }
        System.out.println("left the loop: i=" + i);
    }
}
