// EXPECT: java.lang.ClassCastException
public class FailCast {
    public static void main(String[] args) {
        Object o = Verifier.nondetBoolean() ? (Object) "text" : (Object) Integer.valueOf(1);
        String s = (String) o;
        System.out.println(s);
    }
}
