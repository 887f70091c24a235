// expect: safe
// route: args
// feature: collections, autoboxing, foreach
// why: "undo" on an empty history is ignored, so pop is only called on a non-empty deque.
// input: {"args": ["undo"]}
import java.util.ArrayDeque;
import java.util.Deque;

public class UndoOk {
    public static void main(String[] args) {
        Deque<Integer> history = new ArrayDeque<>();
        int value = 0;
        for (String arg : args) {
            if (arg.equals("undo")) {
                if (!history.isEmpty()) {
                    value = history.pop();
                }
            } else {
                history.push(value);
                value += arg.length();
            }
        }
        System.out.println("value " + value);
    }
}
