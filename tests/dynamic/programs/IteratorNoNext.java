import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

// expected: stuck with "stuck" — the loop asks hasNext() of an iterator it never advances
// (next() is forgotten), over a list nobody changes. With "next" it advances the
// iterator over the list, many times over, and ends.
public class IteratorNoNext {
    public static void main(String[] args) {
        boolean next = args[0].equals("next");
        List<String> items = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            items.add("item" + (i % 10));
        }
        int longest = 0;
        System.out.println("ready");
        for (int round = 0; round < (next ? 100_000_000 : 1); round++) {
            Iterator<String> it = items.iterator();
            while (it.hasNext()) {
                String item = next ? it.next() : items.get(0);
                longest = Math.max(longest, item.length());
            }
        }
        System.out.println("done " + longest);
    }
}
