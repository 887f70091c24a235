// EXPECT: non-termination at FileCountdown.main:15
// Counts down from the number in rounds.txt (a Scanner over the file) two at a time until it
// is exactly 0: an odd or negative count never gets there and the loop spins forever. The
// Good twin stops once the count is no longer positive.
import java.io.File;
import java.io.IOException;
import java.util.Scanner;

public class FileCountdown {
    public static void main(String[] args) throws IOException {
        int left;
        try (Scanner in = new Scanner(new File("rounds.txt"))) {
            left = in.nextInt();
        }
        while (left != 0) {
            left = left - 2;
        }
        IO.writeLine("done");
    }

    public static class Good {
        public static void main(String[] args) throws IOException {
            int left;
            try (Scanner in = new Scanner(new File("rounds.txt"))) {
                left = in.nextInt();
            }
            while (left > 0) {
                left = left - 2;
            }
            IO.writeLine("done");
        }
    }
}
