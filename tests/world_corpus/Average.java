// expect: throws java.lang.ArithmeticException
// route: args
// feature: foreach, string-methods
// why: the count of numeric arguments is the divisor, and with no numeric argument it is 0.
// input: {"args": ["x"]}
public class Average {
    public static void main(String[] args) {
        int sum = 0;
        int count = 0;
        for (String arg : args) {
            if (!arg.isEmpty() && arg.length() < 6 && arg.chars().allMatch(Character::isDigit)) {
                sum += Integer.parseInt(arg);
                count++;
            }
        }
        System.out.println("average " + sum / count); // THROWS
    }
}
