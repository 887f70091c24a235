// expect: throws java.util.NoSuchElementException
// route: args
// feature: collections, autoboxing, foreach
// why: "undo" pops the history without checking it, and the history is empty when "undo" comes first.
// input: {"args": ["undo"]}
import java.util.ArrayDeque;
import java.util.Deque;

public class Undo {
    public static void main(String[] args) {
        Deque<Integer> history = new ArrayDeque<>();
        int value = 0;
        for (String arg : args) {
            if (arg.equals("undo")) {
                value = history.pop(); // THROWS
            } else {
                history.push(value);
                value += arg.length();
            }
        }
        System.out.println("value " + value);
    }
}
