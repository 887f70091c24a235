// EXPECT: TERMINATES safe=yes twin=ThrowsArrayStore
// WHY: the stored Dog is an instance of both possible element types, Dog and Animal.
public class SafeArrayStore {
    static class Animal {
    }

    static class Dog extends Animal {
    }

    public static void main(String[] args) {
        Animal[] zoo = args.length > 1 ? new Dog[3] : new Animal[3];
        zoo[0] = new Dog();
    }
}
