// expect: hangs
// route: property
// feature: string-concat
// why: the batch size comes from -Dbatch.size; a size of 0 never advances the position, so the batching loop never ends.
// input: {"properties": {"batch.size": "0"}}
public class BatchProperty {
    public static void main(String[] args) {
        int total = 50;
        int size = Integer.parseInt(System.getProperty("batch.size", "10"));
        int position = 0;
        while (position < total) {
            System.out.println("batch from " + position);
            position += size;
        }
    }
}
