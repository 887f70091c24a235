// expect: safe
// route: args
// feature: interfaces-default
// why: the store overrides the throwing default remove with one that removes.
// input: {"args": ["rm", "k"]}
import java.util.HashMap;
import java.util.Map;

public class StoreOk {
    interface KeyStore {
        String get(String key);

        default void remove(String key) {
            throw new UnsupportedOperationException("read-only store");
        }
    }

    static final class Writable implements KeyStore {
        private final Map<String, String> values = new HashMap<>();

        @Override
        public String get(String key) {
            return values.getOrDefault(key, "");
        }

        @Override
        public void remove(String key) {
            values.remove(key);
        }
    }

    public static void main(String[] args) {
        KeyStore store = new Writable();
        if (args.length > 1 && args[0].equals("rm")) {
            store.remove(args[1]);
        } else if (args.length > 1) {
            System.out.println(store.get(args[1]));
        }
    }
}
