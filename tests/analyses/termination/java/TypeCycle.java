// Does not terminate for one or more arguments: B steps to C and C back to B, both have a
// supertype (look-alike of TypeChain).
public class TypeCycle {
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
            return new C();
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
