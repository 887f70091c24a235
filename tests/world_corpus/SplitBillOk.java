// expect: safe
// route: args
// feature: parse-int, string-concat
// why: missing arguments, non-numbers and a count below 1 are all answered with a message before the division.
// input: {"args": ["10", "0"]}
public class SplitBillOk {
    public static void main(String[] args) {
        if (args.length < 2) {
            System.out.println("usage: SplitBillOk TOTAL PEOPLE");
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
        if (people < 1) {
            System.out.println("nobody to pay");
            return;
        }
        System.out.println("each pays " + total / people);
    }
}
