// FOR: all
// WHY: thesis Example 4.14: a / b decides whether the side effect on count happens (b may be
// 0), so the division is relevant although tmp is never read; only the store is irrelevant.
public class Ex414Exception {
    static int count;

    public static void run(int a, int b) {
        int tmp = a / b; // IRRELEVANT[dead-store]
        count++;
    }
}
