// EXPECT: TERMINATES safe=yes
// WHY: the do-while body subtracts 3 before each test n > 0.
public class DoWhileDown {
    public static void main(String[] args) {
        int n = args.length + 5;
        do {
            n -= 3;
        } while (n > 0);
    }
}
