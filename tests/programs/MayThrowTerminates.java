// EXPECT: TERMINATES
// WHY: the loop is bounded by args.length; the division throws for an empty first argument, which also terminates.
public class MayThrowTerminates {
    public static void main(String[] args) {
        int total = 0;
        for (int i = 0; i < args.length; i++) {
            total += 10 / args[0].length();
        }
    }
}
