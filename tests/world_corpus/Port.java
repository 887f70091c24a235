// expect: throws java.lang.NumberFormatException
// route: property
// feature: parse-int
// why: the port property may be unset (parseInt(null)) or not a number, and parseInt's exception is not caught.
// input: {}
public class Port {
    public static void main(String[] args) {
        int port = Integer.parseInt(System.getProperty("server.port")); // THROWS
        System.out.println("listening on " + port);
    }
}
