// EXPECT: TERMINATES safe=yes
// WHY: hi - lo shrinks by 1 or 2 each round (lo++ and/or hi--), so lo < hi eventually fails.
public class ConvergeMinMax {
    public static void main(String[] args) {
        int a = args.length;
        int b = args.length > 0 ? args[0].length() : 9;
        int lo = Math.min(a, b);
        int hi = Math.max(a, b);
        while (lo < hi) {
            if ((lo + hi) % 2 == 0) {
                lo++;
            } else {
                lo++;
                hi--;
            }
        }
    }
}
