// Disarms the installed security manager by reflection (every Path field of it becomes
// the root directory, every boolean false), then deletes a file of its decoy.
// One program of the escape suite (tests/witness/test_escape.py).
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

public class EscapeReflection {
    /** Tries the attack (class Attempt, loaded by name: jhalt's analysis does not follow it),
     *  then divides by args.length (check: args = {} throws ArithmeticException here) and
     *  loops forever (prove: args = {""} never leaves the loop). */
    public static void main(String[] args) {
        try {
            Class.forName("EscapeReflection$Attempt");
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
                Object manager = System.getSecurityManager();
                for (Class<?> type = manager == null ? Object.class : manager.getClass();
                        type != SecurityManager.class && type != Object.class; type = type.getSuperclass()) {
                    for (Field field : type.getDeclaredFields()) {
                        if (Modifier.isStatic(field.getModifiers())) {
                            continue;
                        }
                        field.setAccessible(true);
                        if (field.getType() == Path.class) {
                            field.set(manager, Paths.get("/"));
                        } else if (field.getType() == boolean.class) {
                            field.setBoolean(manager, false);
                        }
                    }
                }
            } catch (Throwable ignored) {
            }
            try {
                Files.delete(EscapeTarget.decoy("reflection").resolve("a.txt"));
            } catch (Throwable ignored) {
            }
            EscapeTarget.attempted("reflection");
        }
    }
}
