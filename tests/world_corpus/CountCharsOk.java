// expect: terminates
// route: stdin
// feature: system-in-read
// why: a byte is read on every round and the end of input (-1) stops the loop, so every finite input ends it.
// input: {"stdin": "ab\n"}
import java.io.IOException;

public class CountCharsOk {
    public static void main(String[] args) throws IOException {
        int count = 0;
        int c = System.in.read();
        while (c != '\n' && c != -1) {
            count++;
            c = System.in.read();
        }
        System.out.println(count + " characters");
    }
}
