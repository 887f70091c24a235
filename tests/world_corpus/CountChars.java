// expect: hangs
// route: stdin
// feature: system-in-read
// why: the first byte is read once and never again, so a first byte other than a newline counts forever.
// input: {"stdin": "ab\n"}
import java.io.IOException;

public class CountChars {
    public static void main(String[] args) throws IOException {
        int count = 0;
        int c = System.in.read();
        while (c != '\n' && c != -1) {
            count++;
        }
        System.out.println(count + " characters");
    }
}
