// expect: hangs
// route: args
// feature: interfaces-default
// why: a circle keeps the default sides() of 0, so the loop that walks the corners by sides() never advances for "circle".
// input: {"args": ["circle"]}
public class Shapes {
    interface Shape {
        default int sides() {
            return 0;
        }
    }

    static final class Square implements Shape {
        @Override
        public int sides() {
            return 4;
        }
    }

    static final class Circle implements Shape {
    }

    public static void main(String[] args) {
        Shape shape = args.length > 0 && args[0].equals("circle") ? new Circle() : new Square();
        int corners = 0;
        for (int i = 0; i < 12; i += shape.sides()) {
            corners++;
        }
        System.out.println(corners);
    }
}
