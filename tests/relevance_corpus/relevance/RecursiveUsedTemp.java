// FOR: all
// WHY: the look-alike of RecursiveDeadTemp: the temporary of every activation is part of the
// product the recursion returns, so nothing is irrelevant.
public class RecursiveUsedTemp {
    static int fact(int n) {
        if (n <= 1) {
            return 1;
        }
        int used = n + 7;
        return (used - 7) * fact(n - 1);
    }

    public static int run(int n) {
        return fact(n % 10);
    }
}
