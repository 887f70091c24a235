// expect: throws java.lang.NullPointerException
// route: console
// feature: console
// why: System.console() is null when standard input is not a terminal (a pipe, a service), and the program calls it unchecked.
// input: {}
public class Password {
    public static void main(String[] args) {
        String user = System.console().readLine("user: "); // THROWS
        System.out.println("hello " + user);
    }
}
