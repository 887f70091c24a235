// EXPECT: TERMINATES safe=yes
// WHY: args[0] is never written, so args[0].length() is one number for the whole run and i counts up to it.
public class ArgLengthLoop {
    static int depth(int n) {
        if (n <= 0) {
            return 0;
        }
        return 1 + depth(n - 1);
    }

    public static void main(String[] args) {
        if (args.length == 0) {
            return;
        }
        int sum = 0;
        for (int i = 0; i < args[0].length(); i++) {
            sum += depth(i);
        }
    }
}
