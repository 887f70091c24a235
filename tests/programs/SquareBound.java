// EXPECT: TERMINATES safe=yes
// WHY: i grows by 1, so i * i eventually reaches n (a non-linear bound).
public class SquareBound {
    public static void main(String[] args) {
        int n = args.length * 10;
        int i = 0;
        while (i * i < n) {
            i++;
        }
    }
}
