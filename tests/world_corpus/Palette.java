// expect: throws java.lang.IllegalStateException
// route: args
// feature: enums, switch-enum
// why: the switch covers RED and GREEN only; two arguments pick BLUE, which reaches the throwing default.
// input: {"args": ["a", "b"]}
public class Palette {
    enum Color { RED, GREEN, BLUE }

    public static void main(String[] args) {
        Color color = Color.values()[args.length % 3];
        int hex;
        switch (color) {
            case RED:
                hex = 0xff0000;
                break;
            case GREEN:
                hex = 0x00ff00;
                break;
            default:
                throw new IllegalStateException("unexpected " + color); // THROWS
        }
        System.out.println(Integer.toHexString(hex));
    }
}
