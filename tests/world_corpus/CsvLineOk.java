// expect: safe
// route: stdin
// feature: scanner, string-methods
// why: a line with fewer than two fields is reported before the second field is read.
// input: {"stdin": "ann\n"}
import java.util.Scanner;

public class CsvLineOk {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        if (!in.hasNextLine()) {
            return;
        }
        String[] fields = in.nextLine().split(",");
        if (fields.length < 2) {
            System.out.println("expected name,city");
            return;
        }
        System.out.println("name " + fields[0] + ", city " + fields[1]);
    }
}
