// EXPECT: THROWS java.lang.ClassCastException args=["a"]
// WHY: one argument produces a Square, which is then cast to Circle.
public class ThrowsClassCast {
    static class Shape {
    }

    static class Circle extends Shape {
        int radius = 1;
    }

    static class Square extends Shape {
    }

    public static void main(String[] args) {
        Shape shape = args.length == 1 ? new Square() : new Circle();
        Circle circle = (Circle) shape;
        circle.radius = 2;
    }
}
