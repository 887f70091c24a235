// EXPECT: THROWS java.lang.ArrayStoreException args=["a","b"]
// WHY: two or more arguments make the zoo a Dog[], and storing a Cat into it fails the runtime store check.
public class ThrowsArrayStore {
    static class Animal {
    }

    static class Dog extends Animal {
    }

    static class Cat extends Animal {
    }

    public static void main(String[] args) {
        Animal[] zoo = args.length > 1 ? new Dog[3] : new Animal[3];
        zoo[0] = new Cat();
    }
}
