// expect: safe
// route: property
// feature: parse-int
// why: the property has a default and a malformed value is caught and replaced by 8080.
// input: {}
public class PortOk {
    public static void main(String[] args) {
        int port;
        try {
            port = Integer.parseInt(System.getProperty("server.port", "8080"));
        } catch (NumberFormatException e) {
            port = 8080;
        }
        System.out.println("listening on " + port);
    }
}
