import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;

// expected: stuck — seed 003 §6.2 (Ganymede): at the end of the stream the reader
// returns null forever, which the loop takes for "no item yet".
public class NullReader {
    static class XMLItem {}

    static final class XMLError extends XMLItem {}

    static final class XMLWarning extends XMLItem {}

    static final class ItemReader {
        private final BufferedReader in;

        ItemReader(BufferedReader in) {
            this.in = in;
        }

        XMLItem getNextItem() throws IOException {
            String line = in.readLine();
            if (line == null) {
                return null;
            }
            return line.startsWith("!") ? new XMLWarning() : new XMLItem();
        }
    }

    private final ItemReader reader;

    NullReader(ItemReader reader) {
        this.reader = reader;
    }

    XMLItem getNextItem() throws IOException {
        XMLItem item = null;
        while (item == null) {
            item = reader.getNextItem();
            if (item instanceof XMLError) {
                throw new IllegalStateException(item.toString());
            }
            if (item instanceof XMLWarning) {
                System.err.println("Warning!: " + item);
                item = null;
            }
        }
        return item;
    }

    public static void main(String[] args) throws IOException {
        NullReader parser = new NullReader(new ItemReader(new BufferedReader(new StringReader(""))));
        System.out.println("ready");
        System.out.println(parser.getNextItem());
    }
}
