// EXPECT: TERMINATES safe=yes
// WHY: a for loop's update i++ also runs after continue, so i reaches args.length.
public class ContinueSkip {
    public static void main(String[] args) {
        int nonEmpty = 0;
        for (int i = 0; i < args.length; i++) {
            if (args[i].length() == 0) {
                continue;
            }
            nonEmpty++;
        }
    }
}
