// EXPECT: NONTERM args=["a","b","c"] kind=looping release=17
// WHY: with three arguments the switch yields a step of 0, so the counter never reaches the bound.
public class NontermSwitch17 {
    public static void main(String[] args) {
        var step = switch (args.length) {
            case 3 -> 0;
            case 4, 5 -> 2;
            default -> 1;
        };
        var i = 0;
        while (i < args.length) {
            i += step;
        }
    }
}
