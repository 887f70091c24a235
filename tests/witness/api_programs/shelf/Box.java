package shelf;

/** The label is never null: every constructor sets it and nothing else writes it. width()
 *  throws only on a forged Box (expected: not reported; a note with
 *  --include-internal-states). */
public final class Box {
    private final String label;

    public Box() {
        this.label = "box";
    }

    public Box(int copies) {
        this.label = copies > 1 ? "boxes" : "box";
    }

    public int width() {
        return label.length();
    }
}
