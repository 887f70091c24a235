// The guidance of jhalt's public-API search (JhaltSequenceDriver): the goals a finding's
// witness sets — field paths from the receiver (root "r") or an argument ("a0", ...) and what
// they must hold — and how many of them an object built by public calls meets. Fields are
// read by reflection (private ones too: reading guides the search, the answer never forges).
import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

final class JhaltGoals {
    static final class Goal {
        final String root; final String[] path; final String kind; final String value;
        Goal(String root, String path, String kind, String value) {
            this.root = root; this.path = path.isEmpty() ? new String[0] : path.split("\\.");
            this.kind = kind; this.value = value;
        }
    }

    static final List<Goal> GOALS = new ArrayList<>();

    static Object follow(Object root, String[] path) {
        Object current = root;
        for (String name : path) {
            if (current == null) return null;
            Field f = field(current.getClass(), name);
            if (f == null) return null;
            try {
                f.setAccessible(true);
                current = f.get(current);
            } catch (Throwable e) {
                return null;
            }
        }
        return current;
    }

    static Field field(Class<?> c, String name) {
        for (Class<?> k = c; k != null; k = k.getSuperclass()) {
            for (Field f : k.getDeclaredFields()) if (f.getName().equals(name) && !Modifier.isStatic(f.getModifiers())) return f;
        }
        return null;
    }

    static boolean holds(Goal g, Object root) {
        Object v = follow(root, g.path);
        switch (g.kind) {
            case "null": return v == null && (g.path.length == 0 || follow(root, Arrays.copyOf(g.path, g.path.length - 1)) != null);
            case "nonnull": return v != null;
            case "int": return v instanceof Number ? ((Number) v).longValue() == Long.parseLong(g.value)
                    : v instanceof Boolean ? ((Boolean) v ? 1 : 0) == Long.parseLong(g.value)
                    : v instanceof Character && (char) v == Long.parseLong(g.value);
            case "str": return v instanceof String && v.equals(g.value);
            case "strlen": return v instanceof String && ((String) v).length() == Integer.parseInt(g.value);
            case "arrlen": return v != null && v.getClass().isArray() && Array.getLength(v) == Integer.parseInt(g.value);
            case "class": return v != null && v.getClass().getName().equals(g.value);
            default: return false;
        }
    }

    static int score(String root, Object value) {
        int score = 0;
        for (Goal g : GOALS) if (g.root.equals(root) && holds(g, value)) score += 1;
        return score;
    }
}
