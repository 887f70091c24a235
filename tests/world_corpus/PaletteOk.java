// expect: safe
// route: args
// feature: enums, switch-enum
// why: all three colors have a case, so the throwing default is unreachable.
// input: {"args": ["a", "b"]}
public class PaletteOk {
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
            case BLUE:
                hex = 0x0000ff;
                break;
            default:
                throw new IllegalStateException("unexpected " + color);
        }
        System.out.println(Integer.toHexString(hex));
    }
}
