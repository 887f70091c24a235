// FOR: all
// WHY: thesis Example 4.4 (Fig. 4.1): b = a; b++ do not contribute to the returned -a.
public class Fig41 {
    static int foo(int x) {
        return x * 3;
    }

    public static int run(int x) {
        int a = foo(x);
        int b = a; // IRRELEVANT[dead-store,unused-value]
        int res = -a;
        b++; // IRRELEVANT[dead-store]
        return res;
    }
}
