// expect: throws java.lang.ArrayIndexOutOfBoundsException
// route: stdin
// feature: scanner, string-methods
// why: the second field of the line is read without checking that the line has a comma.
// input: {"stdin": "ann\n"}
import java.util.Scanner;

public class CsvLine {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        if (!in.hasNextLine()) {
            return;
        }
        String[] fields = in.nextLine().split(",");
        System.out.println("name " + fields[0] + ", city " + fields[1]); // THROWS
    }
}
