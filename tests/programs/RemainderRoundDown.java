// EXPECT: TERMINATES safe=yes
// WHY: x <= 0, so x % 4 lies in -3..0 and x-- moves it through -3 -> 0 (e.g. -5 % 4 = -1, -6 % 4 = -2, -7 % 4 = -3, -8 % 4 = 0): at most three iterations.
public class RemainderRoundDown {
    public static void main(String[] args) {
        int x = -args.length - 1;
        while (x % 4 != 0) {
            x--;
        }
    }
}
