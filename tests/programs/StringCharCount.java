// EXPECT: TERMINATES safe=yes
// WHY: i runs over the indices of s, bounded by s.length(), and charAt(i) is always in range.
public class StringCharCount {
    public static void main(String[] args) {
        String s = args.length > 0 ? args[0] : "banana";
        int count = 0;
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) == 'a') {
                count++;
            }
        }
    }
}
