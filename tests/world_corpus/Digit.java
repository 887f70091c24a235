// expect: throws java.lang.ArithmeticException
// route: stdin
// feature: system-in-read
// why: the first byte of standard input is taken as a digit and divides 100; the digit 0 divides by zero.
// input: {"stdin": "0\n"}
import java.io.IOException;

public class Digit {
    public static void main(String[] args) throws IOException {
        int c = System.in.read();
        if (c < '0' || c > '9') {
            System.out.println("not a digit");
            return;
        }
        System.out.println(100 / (c - '0')); // THROWS
    }
}
