// FOR: all
// WHY: thesis Example 4.11: whether res++ runs depends on x > 0, so the branch is relevant.
public class Ex411RelevantBranch {
    public static int run(int x) {
        int res = 0;
        if (x > 0) {
            res++;
        }
        return res;
    }
}
