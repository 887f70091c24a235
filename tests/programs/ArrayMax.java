// EXPECT: TERMINATES safe=yes
// WHY: two index loops bounded by the array length fill it and then fold Math.max over it.
public class ArrayMax {
    public static void main(String[] args) {
        int[] lengths = new int[args.length];
        for (int i = 0; i < lengths.length; i++) {
            lengths[i] = args[i].length();
        }
        int max = 0;
        for (int i = 0; i < lengths.length; i++) {
            max = Math.max(max, lengths[i]);
        }
    }
}
