// expect: safe
// route: stdin
// feature: system-in-read
// why: only the digits 1 to 9 reach the division; System.in.read on standard input does not throw its IOException.
// input: {"stdin": "0\n"}
import java.io.IOException;

public class DigitOk {
    public static void main(String[] args) throws IOException {
        int c = System.in.read();
        if (c < '1' || c > '9') {
            System.out.println("not a positive digit");
            return;
        }
        System.out.println(100 / (c - '0'));
    }
}
