// FOR: all
// WHY: fact is recursive (the graph enters its call contexts); unused is computed in every
// activation and read by none, dead in half likewise. Both terminate (proved), and neither
// computation can throw.
public class RecursiveDeadTemp {
    static int fact(int n) {
        if (n <= 1) {
            return 1;
        }
        int unused = n + 7; // IRRELEVANT
        return n * fact(n - 1);
    }

    static int half(int n) {
        int dead = n * 3; // IRRELEVANT
        return n / 2;
    }

    public static int run(int n) {
        int m = half(n);
        return fact(m);
    }
}
