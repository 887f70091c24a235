// EXPECT: TERMINATES safe=yes
// WHY: i counts up by 1 towards the fixed bound n (the total argument length).
public class CountUp {
    public static void main(String[] args) {
        int n = 0;
        for (int k = 0; k < args.length; k++) {
            n += args[k].length();
        }
        int steps = 0;
        for (int i = 0; i < n; i++) {
            steps++;
        }
    }
}
