// EXPECT: TERMINATES safe=yes release=17
// WHY: the switch expression yields a finite limit and i counts up to it by 1.
public class VarSwitch17 {
    public static void main(String[] args) {
        var total = 0;
        for (var s : args) {
            total += s.length();
        }
        var limit = switch (args.length) {
            case 0 -> 1;
            case 1, 2 -> total;
            default -> total / 2;
        };
        var i = 0;
        while (i < limit) {
            i++;
        }
    }
}
