/**
 * Never terminates: the look-alike of OverwrittenHead whose walk restarts at {@code first}
 * every time ({@code cur = first.next}, a fresh node, never null), so no iteration throws.
 */
public class OverwrittenHeadForever {
    OverwrittenHeadForever next;

    public static void main(String[] args) {
        OverwrittenHeadForever first = new OverwrittenHeadForever();
        first.next = new OverwrittenHeadForever();
        OverwrittenHeadForever cur = first.next;
        while (cur != null) {
            first.next = new OverwrittenHeadForever();
            cur = first.next;
        }
    }
}
