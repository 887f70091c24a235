// EXPECT: none
// String.valueOf(data, 0, 2) copies exactly two chars: its length is 2
public class ValueOfRange {
    public static void main(String[] args) {
        char[] data = {'a', 'b', 'c'};
        String s = String.valueOf(data, 0, 2);
        if (s.length() != 2) {
            throw new IllegalStateException("valueOf gave " + s);
        }
        System.out.println(s);
    }
}
