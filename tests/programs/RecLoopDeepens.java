// EXPECT: NONTERM args=["a"] kind=nonlooping overflow=yes wrap=slow stackoverflow=yes twin=RecLoopDeepThrows
// WHY: x starts at 1 and only grows, so the loop never exits; each iteration's down(x) recurses x deep and returns, deeper each time, so a real JVM's stack runs out.
public class RecLoopDeepens {
    static void down(int n) {
        if (n > 0) {
            down(n - 1);
        }
    }

    public static void main(String[] args) {
        int x = args.length;
        while (x > 0) {
            down(x);
            x = x + 1;
        }
    }
}
