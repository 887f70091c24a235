// EXPECT: TERMINATES safe=yes
// WHY: hanoi(n) calls hanoi(n - 1) twice while n > 0: the argument decreases to 0.
public class RecHanoi {
    static void hanoi(int n, int from, int to, int via) {
        if (n <= 0) {
            return;
        }
        hanoi(n - 1, from, via, to);
        hanoi(n - 1, via, to, from);
    }

    public static void main(String[] args) {
        hanoi(Math.min(args.length + 3, 12), 1, 3, 2);
    }
}
