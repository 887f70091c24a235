// EXPECT: TERMINATES safe=yes twin=ThrowsClassCast
// WHY: the cast to Circle happens only after instanceof confirms the object is a Circle.
public class SafeCastInstanceof {
    static class Shape {
    }

    static class Circle extends Shape {
        int radius = 1;
    }

    static class Square extends Shape {
    }

    public static void main(String[] args) {
        Shape shape = args.length == 1 ? new Square() : new Circle();
        if (shape instanceof Circle) {
            Circle circle = (Circle) shape;
            circle.radius = 2;
        }
    }
}
