// expect: throws java.lang.ArithmeticException
// route: args
// feature: parse-int, string-concat
// why: the number of people is parsed but never checked, so 0 people divides by zero.
// input: {"args": ["10", "0"]}
public class SplitBill {
    public static void main(String[] args) {
        if (args.length < 2) {
            System.out.println("usage: SplitBill TOTAL PEOPLE");
            return;
        }
        int total;
        int people;
        try {
            total = Integer.parseInt(args[0]);
            people = Integer.parseInt(args[1]);
        } catch (NumberFormatException e) {
            System.out.println("not a number");
            return;
        }
        System.out.println("each pays " + total / people); // THROWS
    }
}
