// EXPECT: NONTERM args=[] stackoverflow=yes
// WHY: the instance method go calls itself on the same object with the same argument.
public class ClpRecInstance {
    int go(int x) {
        return this.go(x);
    }

    public static void main(String[] args) {
        new ClpRecInstance().go(args.length);
    }
}
