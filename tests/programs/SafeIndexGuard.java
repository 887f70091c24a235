// EXPECT: TERMINATES safe=yes twin=ThrowsAioobeArgs
// WHY: args[0] is read only when there is at least one argument; argument strings are never null.
public class SafeIndexGuard {
    public static void main(String[] args) {
        if (args.length > 0) {
            String first = args[0];
            int n = first.length();
            if (n > 3) {
                n = 3;
            }
        }
    }
}
