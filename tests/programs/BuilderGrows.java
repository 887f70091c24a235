// EXPECT: TERMINATES safe=yes twin=NontermBuilderStuck
// WHY: every iteration appends one character, so the builder's length reaches the target.
public class BuilderGrows {
    public static void main(String[] args) {
        StringBuilder sb = new StringBuilder();
        int target = args.length;
        while (sb.length() < target) {
            sb.append(args.length % 2 == 0 ? 'x' : 'y');
        }
    }
}
