// Counts i up to the number of arguments: terminates, ranked by n - i (a linear function).
public class CountToArgs {
    public static void main(String[] args) {
        int n = args.length;
        int i = 0;
        while (i < n) {
            i++;
        }
    }
}
