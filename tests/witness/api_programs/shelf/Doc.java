package shelf;

/** Made only by Reader.read (no public constructor); an empty text leaves the title null,
 *  so titleLength() throws through public calls: new Reader().read("").titleLength()
 *  (expected: error, found by a producer method, not a constructor). */
public final class Doc {
    private final String title;

    Doc(String title) {
        this.title = title;
    }

    public int titleLength() {
        return title.length();
    }
}
