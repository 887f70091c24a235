// Writes into jhalt's caches: appends to its results cache ($XDG_CACHE_HOME/jhalt), puts a
// file named escaped into every directory below it (the helper classes: the compiled
// security manager, compile server and search driver) and into every jhalt-* directory below
// jhalt's temporary root.
// One program of the escape suite (tests/witness/test_escape.py).
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

public class EscapeCaches {
    /** Tries the attack (class Attempt, loaded by name: jhalt's analysis does not follow it),
     *  then divides by args.length (check: args = {} throws ArithmeticException here) and
     *  loops forever (prove: args = {""} never leaves the loop). */
    public static void main(String[] args) {
        try {
            Class.forName("EscapeCaches$Attempt");
        } catch (Throwable ignored) {
        }
        int step = 10 / args.length;
        while (step > 0) {
            try {
                Thread.sleep(50);
            } catch (Throwable ignored) {
            }
        }
    }

    static final class Attempt {
        static {
            try {
                Files.write(EscapeTarget.resultsCache().resolve("results.json"), "escaped".getBytes("UTF-8"),
                        StandardOpenOption.APPEND);
            } catch (Throwable ignored) {
            }
            try (DirectoryStream<Path> found =
                    Files.newDirectoryStream(EscapeTarget.jhaltTemporaryRoot(), "jhalt-*")) {
                for (Path directory : found) {
                    plant(directory);
                }
            } catch (Throwable ignored) {
            }
            try (java.util.stream.Stream<Path> found = Files.walk(EscapeTarget.resultsCache())) {
                found.filter(Files::isDirectory).forEach(Attempt::plant);
            } catch (Throwable ignored) {
            }
            EscapeTarget.attempted("caches");
        }

        /** A file named escaped in ``directory`` (a helper class cache: poisoning it). */
        private static void plant(Path directory) {
            try {
                Files.write(directory.resolve("escaped"), "escaped".getBytes("UTF-8"));
            } catch (Throwable ignored) {
            }
        }
    }
}
