// EXPECT: THROWS java.lang.ArrayIndexOutOfBoundsException args=[]
// WHY: main reads args[0] without checking that there is an argument.
public class ThrowsAioobeArgs {
    public static void main(String[] args) {
        String first = args[0];
        int n = first.length();
        if (n > 3) {
            n = 3;
        }
    }
}
