// EXPECT: TERMINATES safe=yes
// WHY: x decreases by y = args.length + 1 >= 1 while positive; y never changes.
public class CountDownByVariable {
    public static void main(String[] args) {
        int x = 0;
        for (int k = 0; k < args.length; k++) {
            x += args[k].length();
        }
        int y = args.length + 1;
        while (x > 0) {
            x -= y;
        }
    }
}
