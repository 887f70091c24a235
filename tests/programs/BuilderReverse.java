// EXPECT: TERMINATES safe=yes
// WHY: i counts down over the indices of each argument; the outer loop runs over the arguments.
public class BuilderReverse {
    public static void main(String[] args) {
        StringBuilder sb = new StringBuilder();
        for (int k = 0; k < args.length; k++) {
            for (int i = args[k].length() - 1; i >= 0; i--) {
                sb.append(args[k].charAt(i));
            }
        }
    }
}
