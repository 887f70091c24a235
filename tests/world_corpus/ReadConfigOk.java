// expect: safe
// route: file
// feature: nio
// why: a missing or unreadable configuration file is caught and replaced by an empty one.
// input: {}
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

public class ReadConfigOk {
    public static void main(String[] args) {
        String text;
        try {
            text = Files.readString(Path.of("app.conf"));
        } catch (IOException e) {
            text = "";
        }
        System.out.println(text.lines().count() + " lines");
    }
}
