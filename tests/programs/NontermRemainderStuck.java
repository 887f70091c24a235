// EXPECT: NONTERM args=["a"] kind=looping twin=RemainderRound
// WHY: x = 1 and every step adds or subtracts 3, which keeps x % 3 == 1; x bounces between 100 and 103 forever.
public class NontermRemainderStuck {
    public static void main(String[] args) {
        int x = args.length;
        while (x % 3 != 0) {
            if (x > 100) {
                x -= 3;
            } else {
                x += 3;
            }
        }
    }
}
