// EXPECT: THROWS java.lang.ArithmeticException args=["a","b"]
// WHY: i counts down from 3 to 0, so i - args.length hits zero whenever there are at most 3 arguments.
public class ThrowsArithInLoop {
    public static void main(String[] args) {
        int total = 0;
        for (int i = 3; i >= 0; i--) {
            total += 12 / (i - args.length);
        }
    }
}
