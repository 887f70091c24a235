// expect: throws java.nio.file.NoSuchFileException|java.io.IOException
// route: file
// feature: nio
// why: the configuration file is read without checking it exists, and main lets the IOException escape.
// input: {}
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

public class ReadConfig {
    public static void main(String[] args) throws IOException {
        String text = Files.readString(Path.of("app.conf")); // THROWS
        System.out.println(text.lines().count() + " lines");
    }
}
