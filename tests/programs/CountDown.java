// EXPECT: TERMINATES safe=yes
// WHY: n decreases by 1 while positive.
public class CountDown {
    public static void main(String[] args) {
        int n = args.length > 0 ? args[0].length() : 7;
        while (n > 0) {
            n--;
        }
    }
}
