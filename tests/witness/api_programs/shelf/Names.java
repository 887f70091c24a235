package shelf;

/** Only a null argument breaks these (expected: warning for total; error for size, whose
 *  parameter is annotated nullable, so null is a legitimate input). */
public class Names {
    public static int total(String name) {
        return name.length() + 1;
    }

    public static int size(@Nullable String name) {
        return name.length();
    }
}
