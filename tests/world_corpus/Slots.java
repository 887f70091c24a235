// expect: throws java.lang.AssertionError
// route: args
// feature: assert
// why: with assertions on (java -ea) the assert that some slot is left fails once four or more arguments are given.
// input: {"args": ["a", "b", "c", "d"]}
public class Slots {
    public static void main(String[] args) {
        int free = 3 - args.length;
        assert free >= 0 : "no slot left"; // THROWS
        System.out.println(free + " slots left");
    }
}
