// Terminates: each step moves from a class to its superclass's object (C -> B -> A), and A has
// no supertype; the loop header keeps one state per class of x.
public class TypeChain {
    static class A {
        boolean hasSuper() {
            return false;
        }

        A up() {
            return null;
        }
    }

    static class B extends A {
        boolean hasSuper() {
            return true;
        }

        A up() {
            return new A();
        }
    }

    static class C extends B {
        A up() {
            return new B();
        }
    }

    public static void main(String[] args) {
        A x = args.length == 0 ? new A() : args.length == 1 ? new B() : new C();
        while (x.hasSuper()) {
            x = x.up();
        }
    }
}
