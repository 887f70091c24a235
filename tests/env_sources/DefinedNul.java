// EXPECT: none
// Character.isDefined((char) 0) is true on every JVM: U+0000 is an assigned control character
public class DefinedNul {
    public static void main(String[] args) {
        char c = (char) 0;
        assert Character.isDefined(c);
        System.out.println("defined");
    }
}
