import java.util.HashMap;
import java.util.Map;

// expected: stuck with "stuck" — the loop looks a String constant up in a map nobody
// changes and compares a local with the same constant (the same interned String): both
// tests stay true. With "count" the loop also increments the value under the constant's
// key, up to a large limit, and ends.
public class StringConstantLoop {
    public static void main(String[] args) {
        boolean count = args[0].equals("count");
        Map<String, Integer> settings = new HashMap<>();
        settings.put("retries", 1);
        String key = "retries";
        long polls = 0;
        System.out.println("ready");
        while (settings.get("retries") < 400_000_000 && key == "retries") {
            if (count) {
                settings.put("retries", settings.get("retries") + 1);
            }
            polls++;
        }
        System.out.println("done " + polls);
    }
}
