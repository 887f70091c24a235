// expect: safe
// route: args
// feature: foreach, string-methods
// why: the average is only computed when at least one argument was numeric.
// input: {"args": ["x"]}
public class AverageOk {
    public static void main(String[] args) {
        int sum = 0;
        int count = 0;
        for (String arg : args) {
            if (!arg.isEmpty() && arg.length() < 6 && arg.chars().allMatch(Character::isDigit)) {
                sum += Integer.parseInt(arg);
                count++;
            }
        }
        if (count == 0) {
            System.out.println("no numbers");
            return;
        }
        System.out.println("average " + sum / count);
    }
}
