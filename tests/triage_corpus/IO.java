// A helper in the style of the suite's support class: output and flags no code reassigns.
public class IO {
    public static boolean staticTrue = true;
    public static boolean staticFalse = false;

    public static void writeLine(String line) {
        System.out.println(line);
    }

    public static void writeLine(int number) {
        System.out.println(number);
    }
}
