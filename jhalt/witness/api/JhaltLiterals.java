// The literal values of jhalt's public-API search (JhaltSequenceDriver): per parameter type
// a Java expression and a maker that builds the same value for the search's own calls. The
// witness's own strings, integers and string arrays are added in front of the pools.
import java.lang.reflect.Constructor;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;

final class JhaltLiterals {
    static final List<String> STRINGS = new ArrayList<>(Arrays.asList("", "a", "-a", "--a", "-", "--", "a b", "a=b", "1", "ab"));
    static final List<Long> INTS = new ArrayList<>(Arrays.asList(0L, 1L, -1L, 2L, 3L, 10L));
    static final List<String[]> STRING_ARRAYS = new ArrayList<>(Arrays.asList(
            new String[0], new String[] {"a"}, new String[] {"-a"}, new String[] {"--a"},
            new String[] {"-a", "b"}, new String[] {"-a", "-b"}, new String[] {"a", "b"}));

    static String quote(String s) {
        StringBuilder out = new StringBuilder("\"");
        for (char ch : s.toCharArray()) {
            if (ch == '"' || ch == '\\') out.append('\\').append(ch);
            else if (ch >= ' ' && ch <= '~') out.append(ch);
            else out.append(String.format("\\u%04x", (int) ch));
        }
        return out.append('"').toString();
    }

    static <T> T pick(List<T> items) {
        // the first items (the witness's own values) are preferred
        if (items.isEmpty()) return null;
        int index = JhaltSequenceDriver.RANDOM.nextInt(3) == 0 ? 0 : JhaltSequenceDriver.RANDOM.nextInt(items.size());
        return items.get(index);
    }

    static String arraySource(String[] v) {
        StringBuilder src = new StringBuilder("new String[] {");
        for (int i = 0; i < v.length; i++) src.append(i > 0 ? ", " : "").append(quote(v[i]));
        return src.append("}").toString();
    }

    /** Properties holding v=v (the reproducer's double-brace initialiser does the same). */
    static java.util.Properties properties(String v) {
        java.util.Properties p = new java.util.Properties();
        p.setProperty(v, v);
        return p;
    }

    static JhaltSequenceDriver.Lit literal(Class<?> t) {
        if (t == int.class || t == Integer.class) { final long v = pick(INTS); return new JhaltSequenceDriver.Lit(Long.toString(v), () -> (int) v); }
        if (t == long.class || t == Long.class) { final long v = pick(INTS); return new JhaltSequenceDriver.Lit(v + "L", () -> v); }
        if (t == short.class || t == Short.class) { final long v = pick(INTS); return new JhaltSequenceDriver.Lit("(short) " + v, () -> (short) v); }
        if (t == byte.class || t == Byte.class) { final long v = pick(INTS); return new JhaltSequenceDriver.Lit("(byte) " + v, () -> (byte) v); }
        if (t == boolean.class || t == Boolean.class) { final boolean v = JhaltSequenceDriver.RANDOM.nextBoolean(); return new JhaltSequenceDriver.Lit(Boolean.toString(v), () -> v); }
        if (t == char.class || t == Character.class) {
            final char v = "a-b =".charAt(JhaltSequenceDriver.RANDOM.nextInt(5));
            return new JhaltSequenceDriver.Lit("'" + (v == '\'' ? "\\'" : String.valueOf(v)) + "'", () -> v);
        }
        if (t == double.class || t == Double.class) { final double v = pick(INTS); return new JhaltSequenceDriver.Lit(v + "d", () -> v); }
        if (t == float.class || t == Float.class) { final float v = pick(INTS); return new JhaltSequenceDriver.Lit(v + "f", () -> v); }
        if (t == String.class || t == CharSequence.class || t == Object.class) {
            final String v = pick(STRINGS);
            return new JhaltSequenceDriver.Lit(quote(v), () -> v);
        }
        if (t == String[].class || t == Object[].class) {
            final String[] v = pick(STRING_ARRAYS);
            return new JhaltSequenceDriver.Lit(arraySource(v), () -> v.clone());
        }
        if (t == char[].class) { final String v = pick(STRINGS); return new JhaltSequenceDriver.Lit(quote(v) + ".toCharArray()", () -> v.toCharArray()); }
        if (t == java.util.List.class || t == java.util.Collection.class || t == Iterable.class || t == java.util.ArrayList.class) {
            final String v = pick(STRINGS);
            return new JhaltSequenceDriver.Lit("new java.util.ArrayList<Object>(java.util.Arrays.asList(" + quote(v) + "))",
                    () -> new ArrayList<Object>(Arrays.asList(v)));
        }
        if (t == java.util.Properties.class) {
            if (JhaltSequenceDriver.RANDOM.nextBoolean()) return new JhaltSequenceDriver.Lit("new java.util.Properties()", () -> new java.util.Properties());
            final String v = pick(STRINGS);
            String q = quote(v);
            return new JhaltSequenceDriver.Lit("new java.util.Properties() {{ setProperty(" + q + ", " + q + "); }}", () -> properties(v));
        }
        if (t == java.util.ListIterator.class || t == java.util.Iterator.class) {
            final String[] v = pick(STRING_ARRAYS);
            return new JhaltSequenceDriver.Lit("new java.util.ArrayList<Object>(java.util.Arrays.asList((Object[]) " + arraySource(v) + ")).listIterator()",
                    () -> new ArrayList<Object>(Arrays.asList((Object[]) v.clone())).listIterator());
        }
        if (t == java.util.Map.class || t == java.util.HashMap.class) return new JhaltSequenceDriver.Lit("new java.util.HashMap<Object, Object>()", () -> new HashMap<Object, Object>());
        if (t == java.util.Set.class) return new JhaltSequenceDriver.Lit("new java.util.HashSet<Object>()", () -> new java.util.HashSet<Object>());
        if (t == java.io.PrintWriter.class) return new JhaltSequenceDriver.Lit("new java.io.PrintWriter(new java.io.StringWriter())", () -> new java.io.PrintWriter(new java.io.StringWriter()));
        if (t == java.io.Writer.class) return new JhaltSequenceDriver.Lit("new java.io.StringWriter()", () -> new java.io.StringWriter());
        if (t == java.io.PrintStream.class) return new JhaltSequenceDriver.Lit("new java.io.PrintStream(new java.io.ByteArrayOutputStream())", () -> new java.io.PrintStream(new java.io.ByteArrayOutputStream()));
        if (t == java.io.OutputStream.class) return new JhaltSequenceDriver.Lit("new java.io.ByteArrayOutputStream()", () -> new java.io.ByteArrayOutputStream());
        if (t == java.io.Reader.class) { final String v = pick(STRINGS); return new JhaltSequenceDriver.Lit("new java.io.StringReader(" + quote(v) + ")", () -> new java.io.StringReader(v)); }
        if (t == java.io.InputStream.class) {
            final String v = pick(STRINGS);
            return new JhaltSequenceDriver.Lit("new java.io.ByteArrayInputStream(" + quote(v) + ".getBytes())", () -> new java.io.ByteArrayInputStream(v.getBytes()));
        }
        if (t == byte[].class) { final String v = pick(STRINGS); return new JhaltSequenceDriver.Lit(quote(v) + ".getBytes()", () -> v.getBytes()); }
        if (t == int[].class) { final long v = pick(INTS); return new JhaltSequenceDriver.Lit("new int[] {" + v + "}", () -> new int[] {(int) v}); }
        if (t == Class.class) return new JhaltSequenceDriver.Lit("String.class", () -> String.class);
        if (t == Number.class) { final long v = pick(INTS); return new JhaltSequenceDriver.Lit("Integer.valueOf(" + v + ")", () -> Integer.valueOf((int) v)); }
        if (t == java.io.File.class) { final String v = pick(STRINGS); return new JhaltSequenceDriver.Lit("new java.io.File(" + quote(v) + ")", () -> new java.io.File(v)); }
        if (!JhaltSequenceDriver.isProgramType(t) && JhaltSequenceDriver.usable(t) && !t.isInterface() && !Modifier.isAbstract(t.getModifiers())) {
            try {
                final Constructor<?> k = t.getConstructor();
                return new JhaltSequenceDriver.Lit("new " + t.getCanonicalName() + "()", () -> k.newInstance());
            } catch (NoSuchMethodException e) {
                return null;
            }
        }
        return null;
    }
}
