// EXPECT: TERMINATES safe=yes
// WHY: each call runs a loop of n steps and then recurses on n - 1 while n > 0.
public class RecLoopInside {
    static int work(int n) {
        if (n <= 0) {
            return 0;
        }
        int sum = 0;
        for (int i = 0; i < n; i++) {
            sum += i;
        }
        return sum + work(n - 1);
    }

    public static void main(String[] args) {
        work(args.length + 4);
    }
}
