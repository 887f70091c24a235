// expected: stuck with "stuck" — the scan looks for the empty separator, which indexOf
// finds at `from` itself: from never moves. With "scan" it looks for commas from one past
// the last one, going round the text a fixed number of times, and ends.
public class IndexOfScan {
    public static void main(String[] args) {
        boolean scan = args[0].equals("scan");
        String text = "a,b,,c,".repeat(20_000);
        String separator = scan ? "," : "";
        int step = scan ? 1 : 0;
        int rounds = 0;
        int from = 0;
        long fields = 0;
        System.out.println("ready");
        while (rounds < 12_000) {
            int next = text.indexOf(separator, from);
            if (next < 0) {
                rounds++;
                from = 0;
            } else {
                from = next + step;
            }
            fields++;
        }
        System.out.println("done " + fields);
    }
}
