// EXPECT: TERMINATES safe=yes
// WHY: Ackermann's function: each call decreases (m, n) lexicographically; it ends, though it is slow.
public class RecAckermann {
    static int ack(int m, int n) {
        if (m <= 0) {
            return n + 1;
        }
        if (n <= 0) {
            return ack(m - 1, 1);
        }
        return ack(m - 1, ack(m, n - 1));
    }

    public static void main(String[] args) {
        int m = Math.min(args.length, 2);
        int n = args.length > 0 ? Math.min(args[0].length(), 3) : 2;
        ack(m, n);
    }
}
