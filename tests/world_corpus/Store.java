// expect: throws java.lang.UnsupportedOperationException
// route: args
// feature: interfaces-default
// why: the read-only store keeps the interface's default remove, which throws, and "rm" calls it.
// input: {"args": ["rm", "k"]}
import java.util.HashMap;
import java.util.Map;

public class Store {
    interface KeyStore {
        String get(String key);

        default void remove(String key) {
            throw new UnsupportedOperationException("read-only store"); // THROWS
        }
    }

    static final class ReadOnly implements KeyStore {
        private final Map<String, String> values = new HashMap<>();

        @Override
        public String get(String key) {
            return values.getOrDefault(key, "");
        }
    }

    public static void main(String[] args) {
        KeyStore store = new ReadOnly();
        if (args.length > 1 && args[0].equals("rm")) {
            store.remove(args[1]);
        } else if (args.length > 1) {
            System.out.println(store.get(args[1]));
        }
    }
}
