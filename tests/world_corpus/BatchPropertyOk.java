// expect: terminates
// route: property
// feature: string-concat
// why: a batch size outside 1..total is replaced by 10, so the position grows by at least 1 and stays far from overflow.
// input: {"properties": {"batch.size": "0"}}
public class BatchPropertyOk {
    public static void main(String[] args) {
        int total = 50;
        int size = Integer.parseInt(System.getProperty("batch.size", "10"));
        if (size < 1 || size > total) {
            size = 10;
        }
        int position = 0;
        while (position < total) {
            System.out.println("batch from " + position);
            position += size;
        }
    }
}
