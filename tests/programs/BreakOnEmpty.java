// EXPECT: TERMINATES safe=yes
// WHY: the infinite-looking loop breaks at the end of the array at the latest, since i grows by 1.
public class BreakOnEmpty {
    public static void main(String[] args) {
        int i = 0;
        while (true) {
            if (i >= args.length) {
                break;
            }
            if (args[i].length() == 0) {
                break;
            }
            i++;
        }
    }
}
