// EXPECT: TERMINATES safe=yes twin=NontermZeroStep
// WHY: a non-positive step is replaced by 1, so j decreases in every iteration.
public class ZeroStepGuarded {
    public static void main(String[] args) {
        int step = args.length - 2;
        if (step <= 0) {
            step = 1;
        }
        int j = 10;
        while (j > 0) {
            j -= step;
        }
    }
}
