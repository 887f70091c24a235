// expected: stuck, but not provable — the loop's exit depends on Object.hashCode, a
// native method jhalt does not know to be pure: it must say "could not prove".
public class HashSpin {
    public static void main(String[] args) {
        Object o = new Object();
        long spins = 0;
        System.out.println("ready");
        while (o.hashCode() != 0) {
            spins++;
        }
        System.out.println(spins);
    }
}
