// expect: terminates
// route: args
// feature: interfaces-default
// why: the loop advances by at least 1 even for a shape without sides, so it ends after at most 12 rounds.
// input: {"args": ["circle"]}
public class ShapesOk {
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
        for (int i = 0; i < 12; i += Math.max(1, shape.sides())) {
            corners++;
        }
        System.out.println(corners);
    }
}
