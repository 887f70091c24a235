// EXPECT: TERMINATES safe=yes twin=Loop
// WHY: like seed 000's Loop but i grows by length + 1 >= 1 per iteration, so i < j fails after at most j rounds.
public class LoopProgress {
    public static void main(String[] a) {
        int i = 0;
        int j = a.length;
        while (i < j) {
            i += a[i].length() + 1;
        }
    }
}
