// The public-API witness search of jhalt (jhalt/witness/api/search.py): a feedback-directed
// search over sequences of public constructor, static factory and public method calls
// (Randoop's idea), guided by the heap a finding's witness needs. One JVM tries many
// sequences by reflection; the first whose call of the entry throws the expected exception
// with the reported method as the first application frame is written to the result file as
// plain Java statements. Configuration: one directive per line, fields separated by tabs
// (see jhalt/witness/api/search.py). Strings in the configuration are hex of UTF-8 bytes.
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

public final class JhaltSequenceDriver {
    interface Maker { Object make() throws Exception; }

    static final class Lit {
        final String src;
        final Maker maker;
        Lit(String src, Maker maker) { this.src = src; this.maker = maker; }
    }

    static final class Arg {
        final Lit lit;
        final int var;
        Arg(Lit lit, int var) { this.lit = lit; this.var = var; }
    }

    static final class Step {
        final Executable member;
        final int target;
        final Arg[] args;
        Step(Executable member, int target, Arg[] args) {
            this.member = member; this.target = target; this.args = args;
        }
        Step shifted(int offset) {
            Arg[] moved = new Arg[args.length];
            for (int i = 0; i < args.length; i++) {
                moved[i] = args[i].lit != null ? args[i] : new Arg(null, args[i].var + offset);
            }
            return new Step(member, target < 0 ? target : target + offset, moved);
        }
    }

    static final class Seq {
        final List<Step> steps;
        final int result;
        final Class<?> type;
        int score;
        Seq(List<Step> steps, int result, Class<?> type) {
            this.steps = steps; this.result = result; this.type = type;
        }
    }

    static final class Failure extends Exception {
        final int index;
        final Throwable cause;
        Failure(int index, Throwable cause) { super(null, null, false, false); this.index = index; this.cause = cause; }
    }

    // ---- configuration ----
    static final Random RANDOM = new Random(1);
    static final ClassLoader LOADER = JhaltSequenceDriver.class.getClassLoader();
    static long deadline;
    /** A sequence that needed the witness's nulls: reported only if no non-null one is found. */
    static List<Step> withNulls;
    static Set<Integer> withNullsAt;
    static final Lit NULL = new Lit("null", () -> null);
    static String entryKind, resultPath;
    static Executable entry;
    static String expectType, frameClass, frameMethod;
    static int frameLine = -1;
    static String[] argPlans;
    static final List<Class<?>> PROGRAM = new ArrayList<>();
    static final Map<Class<?>, List<Executable>> CREATORS = new HashMap<>();
    static final Map<Class<?>, List<Method>> MUTATORS = new HashMap<>();
    static final Map<String, List<Seq>> POOLS = new HashMap<>();
    static final int POOL_SIZE = 48;
    /** Program types built as arguments or receivers of creators: pooled and extended too. */
    static final Set<Class<?>> SUPPORT = new LinkedHashSet<>();

    public static void main(String[] args) throws Exception {
        List<String> lines = Files.readAllLines(Paths.get(args[0]), StandardCharsets.UTF_8);
        long budget = 3000;
        deadline = -1;
        for (String line : lines) {
            String[] f = line.split("\t", -1);
            switch (f[0]) {
                case "budget_ms": budget = Long.parseLong(f[1]); break;
                case "deadline_ms": deadline = Long.parseLong(f[1]); break;
                case "seed": RANDOM.setSeed(Long.parseLong(f[1])); break;
                case "result": resultPath = f[1]; break;
                case "entry": entryKind = f[1]; entry = member(f[1], f[2], f[3], f[4]); break;
                case "expect": expectType = f[1]; frameClass = f[2]; frameMethod = f[3]; frameLine = Integer.parseInt(f[4]); break;
                case "args": argPlans = f[1].isEmpty() ? new String[0] : f[1].split(","); break;
                case "goal": JhaltGoals.GOALS.add(new JhaltGoals.Goal(f[1], f[2], f[3], f.length > 4 ? text(f[4]) : "")); break;
                case "class": addProgramClass(f[1]); break;
                case "string": if (!JhaltLiterals.STRINGS.contains(text(f[1]))) JhaltLiterals.STRINGS.add(0, text(f[1])); break;
                case "int": JhaltLiterals.INTS.add(0, Long.parseLong(f[1])); break;
                case "strings": JhaltLiterals.STRING_ARRAYS.add(0, strings(f[1])); break;
                default: break;
            }
        }
        // the deadline is absolute (epoch milliseconds) when given: the JVM's start counts too
        if (deadline < 0) deadline = System.currentTimeMillis() + budget;
        final long wait = Math.max(0, deadline - System.currentTimeMillis()) + 500;
        Thread watchdog = new Thread(() -> {
            try { Thread.sleep(wait); } catch (InterruptedException e) { return; }
            Runtime.getRuntime().halt(2);
        });
        watchdog.setDaemon(true);
        watchdog.start();
        System.setOut(new java.io.PrintStream(new java.io.ByteArrayOutputStream() {
            @Override public synchronized void write(byte[] b, int o, int n) { reset(); }
        }));
        search();
        if (withNulls != null) report(withNulls, withNullsAt);
        Runtime.getRuntime().halt(1);
    }

    static String text(String hex) {
        byte[] bytes = new byte[hex.length() / 2];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) Integer.parseInt(hex.substring(2 * i, 2 * i + 2), 16);
        }
        return new String(bytes, StandardCharsets.UTF_8);
    }

    static String[] strings(String field) {
        if (field.isEmpty()) return new String[0];
        String[] parts = field.split(",", -1);
        String[] result = new String[parts.length];
        for (int i = 0; i < parts.length; i++) result[i] = text(parts[i]);
        return result;
    }

    static void addProgramClass(String name) {
        try {
            PROGRAM.add(Class.forName(name, false, LOADER));
        } catch (Throwable e) {
            // a class that does not load is no candidate
        }
    }

    // ---- types and members ----
    static Class<?> type(String descriptor) throws ClassNotFoundException {
        switch (descriptor.charAt(0)) {
            case 'Z': return boolean.class;
            case 'B': return byte.class;
            case 'S': return short.class;
            case 'C': return char.class;
            case 'I': return int.class;
            case 'J': return long.class;
            case 'F': return float.class;
            case 'D': return double.class;
            case 'L': return Class.forName(descriptor.substring(1, descriptor.length() - 1).replace('/', '.'), false, LOADER);
            default: return Class.forName(descriptor.replace('/', '.'), false, LOADER);
        }
    }

    static Class<?>[] parameters(String descriptor) throws ClassNotFoundException {
        List<Class<?>> result = new ArrayList<>();
        int i = 1;
        while (descriptor.charAt(i) != ')') {
            int start = i;
            while (descriptor.charAt(i) == '[') i++;
            if (descriptor.charAt(i) == 'L') i = descriptor.indexOf(';', i);
            i++;
            result.add(type(descriptor.substring(start, i)));
        }
        return result.toArray(new Class<?>[0]);
    }

    static Executable member(String kind, String owner, String name, String descriptor) throws Exception {
        Class<?> klass = Class.forName(owner, false, LOADER);
        Class<?>[] params = parameters(descriptor);
        return kind.equals("ctor") ? klass.getConstructor(params) : klass.getMethod(name, params);
    }

    static boolean usable(Class<?> c) {
        if (c.isPrimitive()) return true;
        if (c.isArray()) return usable(c.getComponentType());
        if (!Modifier.isPublic(c.getModifiers()) || c.getCanonicalName() == null) return false;
        return c.getEnclosingClass() == null || (Modifier.isStatic(c.getModifiers()) && usable(c.getEnclosingClass()));
    }

    static boolean callable(Executable e) {
        if (!Modifier.isPublic(e.getModifiers()) || e.isSynthetic()) return false;
        for (Class<?> p : e.getParameterTypes()) if (!usable(p)) return false;
        return true;
    }

    static List<Executable> creators(Class<?> t) {
        List<Executable> known = CREATORS.get(t);
        if (known != null) return known;
        Set<Executable> found = new LinkedHashSet<>();
        for (Class<?> c : PROGRAM) {
            if (!t.isAssignableFrom(c) || !usable(c)) continue;
            if (c.isInterface() || Modifier.isAbstract(c.getModifiers())) continue;
            for (Constructor<?> k : c.getConstructors()) if (callable(k)) found.add(k);
        }
        for (Class<?> c : PROGRAM) {
            if (!usable(c)) continue;
            for (Method m : c.getMethods()) {
                boolean producer = !Modifier.isStatic(m.getModifiers()) && !m.getDeclaringClass().isAssignableFrom(t)
                        && isProgramType(m.getDeclaringClass());
                if ((Modifier.isStatic(m.getModifiers()) || producer) && m.getDeclaringClass() == c && callable(m)
                        && t.isAssignableFrom(m.getReturnType()) && usable(m.getReturnType())
                        && !m.getReturnType().isPrimitive() && m.getReturnType() != Object.class) {
                    found.add(m);
                }
            }
        }
        List<Executable> result = new ArrayList<>(found);
        CREATORS.put(t, result);
        return result;
    }

    static List<Method> mutators(Class<?> t) {
        List<Method> known = MUTATORS.get(t);
        if (known != null) return known;
        List<Method> result = new ArrayList<>();
        for (Method m : t.getMethods()) {
            if (!Modifier.isStatic(m.getModifiers()) && m.getDeclaringClass() != Object.class && callable(m)
                    && !m.getName().equals("hashCode") && !m.getName().equals("equals") && !m.getName().equals("toString")) {
                result.add(m);
            }
        }
        result.sort((a, b) -> a.toString().compareTo(b.toString()));
        MUTATORS.put(t, result);
        return result;
    }

    static boolean isProgramType(Class<?> t) {
        for (Class<?> c : PROGRAM) if (t.isAssignableFrom(c) && t != Object.class) return true;
        return false;
    }

    // ---- building sequences ----
    static final class Builder {
        final List<Step> steps = new ArrayList<>();
        int append(Seq seq) {
            int offset = steps.size();
            for (Step s : seq.steps) steps.add(s.shifted(offset));
            return seq.result + offset;
        }
        int add(Step step) { steps.add(step); return steps.size() - 1; }
    }

    /** An argument of type t: a literal, an object from the pool, or a new one (depth bounded). */
    static Arg argument(Class<?> t, Builder into, int depth) {
        if (!isProgramType(t)) {
            Lit lit = JhaltLiterals.literal(t);
            return lit == null ? null : new Arg(lit, -1);
        }
        List<Seq> pool = POOLS.get(t.getName());
        Seq chosen = null;
        if (pool != null && !pool.isEmpty() && RANDOM.nextInt(4) != 0) chosen = tournament(pool);
        if (chosen == null && depth < 3) chosen = create(t, depth + 1);
        if (chosen == null) return null;
        SUPPORT.add(t);
        return new Arg(null, into.append(chosen));
    }

    static Seq create(Class<?> t, int depth) {
        List<Executable> options = creators(t);
        if (options.isEmpty()) return null;
        Executable member = options.get(RANDOM.nextInt(options.size()));
        Builder b = new Builder();
        int target = -1;
        if (member instanceof Method && !Modifier.isStatic(member.getModifiers())) {
            // a producer: a public method of another object returns one (a parser's parse)
            if (depth >= 3) return null;
            Arg receiver = argument(member.getDeclaringClass(), b, depth + 1);
            if (receiver == null) return null;
            target = receiver.var;
        }
        Arg[] args = arguments(member, b, depth);
        if (args == null) return null;
        int result = b.add(new Step(member, target, args));
        Class<?> declared = member instanceof Constructor ? member.getDeclaringClass() : ((Method) member).getReturnType();
        return new Seq(b.steps, result, declared);
    }

    static Arg[] arguments(Executable member, Builder b, int depth) {
        Class<?>[] params = member.getParameterTypes();
        Arg[] args = new Arg[params.length];
        for (int i = 0; i < params.length; i++) {
            args[i] = argument(params[i], b, depth);
            if (args[i] == null) return null;
        }
        return args;
    }

    static Seq extend(Seq base) {
        List<Method> options = mutators(base.type);
        if (options.isEmpty()) return null;
        Method m = options.get(RANDOM.nextInt(options.size()));
        Builder b = new Builder();
        int target = b.append(base);
        Arg[] args = arguments(m, b, 1);
        if (args == null) return null;
        b.add(new Step(m, target, args));
        return new Seq(b.steps, target, base.type);
    }

    static Seq tournament(List<Seq> pool) {
        Seq best = null;
        for (int i = 0; i < 3; i++) {
            Seq s = pool.get(RANDOM.nextInt(pool.size()));
            if (best == null || s.score > best.score || (s.score == best.score && RANDOM.nextBoolean())) best = s;
        }
        return best;
    }

    // ---- running ----
    /** Of the last execution: the null values the calls were given — the last call's
     *  argument indices, and -1 when an earlier call got one (a method may return null). */
    static final Set<Integer> NULLS = new java.util.TreeSet<>();

    // ---- running, guarded: a call that does not return within CALL_MS is abandoned ----
    static final long CALL_MS = 300;
    static final int MAX_HANGS = 12;
    static int hangs;
    static java.util.concurrent.ExecutorService worker = newWorker();
    static Thread workerThread;

    static java.util.concurrent.ExecutorService newWorker() {
        return java.util.concurrent.Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "jhalt-search");
            t.setDaemon(true);
            workerThread = t;
            return t;
        });
    }

    /** `execute` on the worker thread; a sequence that hangs (a library loop that never ends:
     *  a finding of its own, not this search's) counts as failed, its thread is stopped where
     *  the JVM still can (a hang costs 1, or 4 when it cannot be stopped), and at MAX_HANGS the
     *  search ends. */
    static Object[] guarded(List<Step> steps) throws Failure {
        java.util.concurrent.Future<Object[]> result = worker.submit(() -> execute(steps));
        try {
            return result.get(Math.min(CALL_MS, Math.max(1, deadline - System.currentTimeMillis())), java.util.concurrent.TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.ExecutionException e) {
            if (e.getCause() instanceof Failure) throw (Failure) e.getCause();
            throw new Failure(0, e.getCause());
        } catch (java.util.concurrent.TimeoutException | InterruptedException e) {
            result.cancel(true);
            Thread stuck = workerThread;
            Step hung = current;
            if (hung != null) HUNG.add(signature(hung));
            worker.shutdownNow();
            int cost = 4;
            try {
                Thread.class.getMethod("stop").invoke(stuck);
                cost = 1;
            } catch (Throwable ignored) {
                // newer JVMs refuse: the daemon thread keeps a core busy until the halt
            }
            worker = newWorker();
            hangs += cost;
            if (hangs >= MAX_HANGS) deadline = 0;
            throw new Failure(-1, e);
        }
    }

    /** The step the worker runs now, and the calls that hung (member and literal arguments):
     *  a sequence holding one of those is not run again. */
    static volatile Step current;
    static final Set<String> HUNG = java.util.Collections.synchronizedSet(new java.util.HashSet<>());

    static String signature(Step s) {
        StringBuilder key = new StringBuilder(s.member.toString());
        for (Arg a : s.args) key.append('|').append(a.lit != null ? a.lit.src : "v");
        return key.toString();
    }

    static Object[] execute(List<Step> steps) throws Failure {
        Object[] vars = new Object[steps.size()];
        NULLS.clear();
        for (int i = 0; i < steps.size(); i++) {
            Step s = steps.get(i);
            if (!HUNG.isEmpty() && HUNG.contains(signature(s))) throw new Failure(i, null);
            current = s;
            try {
                Object[] values = new Object[s.args.length];
                for (int k = 0; k < values.length; k++) {
                    values[k] = s.args[k].lit != null ? s.args[k].lit.maker.make() : vars[s.args[k].var];
                    if (values[k] == null) NULLS.add(i == steps.size() - 1 ? k : -1);
                }
                s.member.setAccessible(true);
                if (s.member instanceof Constructor) {
                    vars[i] = ((Constructor<?>) s.member).newInstance(values);
                } else {
                    Object target = s.target < 0 ? null : vars[s.target];
                    if (s.target >= 0 && target == null) throw new Failure(i, new NullPointerException());
                    vars[i] = ((Method) s.member).invoke(target, values);
                }
            } catch (InvocationTargetException e) {
                throw new Failure(i, e.getCause());
            } catch (Failure f) {
                throw f;
            } catch (Throwable t) {
                throw new Failure(i, t);
            }
        }
        return vars;
    }

    static void remember(String root, Class<?> slot, Seq seq) {
        String key = slot.getName();
        List<Seq> pool = POOLS.computeIfAbsent(key, k -> new ArrayList<>());
        pool.add(seq);
        if (pool.size() > POOL_SIZE) {
            int worst = 0;
            for (int i = 1; i < pool.size(); i++) if (pool.get(i).score < pool.get(worst).score) worst = i;
            pool.remove(worst);
        }
    }

    // ---- the search ----
    static void search() throws Exception {
        Class<?>[] params = entry.getParameterTypes();
        boolean instance = entryKind.equals("instance");
        List<String> roots = new ArrayList<>();
        List<Class<?>> slots = new ArrayList<>();
        if (instance) { roots.add("r"); slots.add(entry.getDeclaringClass()); }
        for (int i = 0; i < params.length; i++) {
            if (isProgramType(params[i])) { roots.add("a" + i); slots.add(params[i]); }
        }
        while (System.currentTimeMillis() < deadline) {
            if (!SUPPORT.isEmpty() && RANDOM.nextInt(10) < 3) { grow(); continue; }
            if (slots.isEmpty()) { attempt(null, -1, null); continue; }
            int k = RANDOM.nextInt(slots.size());
            List<Seq> pool = POOLS.get(slots.get(k).getName());
            Seq seq = pool == null || pool.isEmpty() || RANDOM.nextInt(10) < 3
                    ? create(slots.get(k), 0) : extend(tournament(pool));
            if (seq == null) continue;
            Object[] vars;
            try {
                vars = guarded(seq.steps);
            } catch (Failure f) {
                continue;
            }
            seq.score = JhaltGoals.score(roots.get(k), vars[seq.result]);
            remember(roots.get(k), slots.get(k), seq);
            attempt(roots.get(k), k, seq);
        }
    }

    /** Creates or extends an object of a support type and keeps it in its pool if it runs. */
    static void grow() {
        List<Class<?>> types = new ArrayList<>(SUPPORT);
        Class<?> t = types.get(RANDOM.nextInt(types.size()));
        List<Seq> pool = POOLS.get(t.getName());
        Seq seq = pool == null || pool.isEmpty() || RANDOM.nextInt(10) < 3 ? create(t, 1) : extend(tournament(pool));
        if (seq == null) return;
        try {
            guarded(seq.steps);
        } catch (Failure f) {
            return;
        }
        remember("", t, seq);
    }

    /** Calls the entry with seq in slot k (the other slots from their pools); reports a match. */
    static void attempt(String root, int k, Seq seq) throws Exception {
        Builder b = new Builder();
        Class<?>[] params = entry.getParameterTypes();
        int target = -1;
        if (entryKind.equals("instance")) {
            Seq receiver = "r".equals(root) ? seq : pooled(entry.getDeclaringClass());
            if (receiver == null) return;
            target = b.append(receiver);
        }
        Arg[] args = new Arg[params.length];
        for (int i = 0; i < params.length; i++) {
            // where the witness has null, a non-null value is tried first: null in half the
            // attempts until one with null reproduces, then never again
            if (argPlans[i].equals("null") && withNulls == null && RANDOM.nextBoolean()) { args[i] = new Arg(NULL, -1); continue; }
            if (("a" + i).equals(root)) { args[i] = new Arg(null, b.append(seq)); continue; }
            args[i] = argument(params[i], b, 1);
            if (args[i] == null) return;
        }
        int call = b.add(new Step(entry, target, args));
        try {
            guarded(b.steps);
        } catch (Failure f) {
            if (f.index == call && matches(f.cause)) {
                if (NULLS.isEmpty()) report(b.steps, NULLS);
                if (withNulls == null) { withNulls = b.steps; withNullsAt = new java.util.TreeSet<>(NULLS); }
            }
        }
    }

    static Seq pooled(Class<?> t) {
        List<Seq> pool = POOLS.get(t.getName());
        if (pool != null && !pool.isEmpty()) return tournament(pool);
        return create(t, 0);
    }

    static boolean matches(Throwable t) {
        if (t == null || !t.getClass().getName().equals(expectType)) return false;
        for (StackTraceElement e : t.getStackTrace()) {
            String c = e.getClassName();
            if (c.startsWith("java.") || c.startsWith("javax.") || c.startsWith("jdk.") || c.startsWith("sun.") || c.startsWith("com.sun.")) continue;
            return c.equals(frameClass) && e.getMethodName().equals(frameMethod) && (frameLine < 0 || e.getLineNumber() == frameLine);
        }
        return false;
    }

    // ---- the answer: plain Java statements ----
    static void report(List<Step> found, Set<Integer> nulls) throws Exception {
        List<Step> steps = shortened(found, new java.util.TreeSet<>(nulls));
        boolean[] used = new boolean[steps.size()];
        for (Step s : steps) {
            if (s.target >= 0) used[s.target] = true;
            for (Arg a : s.args) if (a.lit == null) used[a.var] = true;
        }
        StringBuilder out = new StringBuilder("#nulls");
        for (int index : nulls) out.append(' ').append(index);
        out.append('\n');
        for (int i = 0; i < steps.size(); i++) out.append(statement(steps.get(i), i, used[i])).append('\n');
        Files.write(Paths.get(resultPath), out.toString().getBytes(StandardCharsets.UTF_8));
        Runtime.getRuntime().halt(0);
    }

    /** The sequence without the calls it does not need, so that a reader sees only what
     *  makes the finding: each call that no later call uses (as receiver or argument), the
     *  entry call aside, is dropped when the rest still throws the claimed exception at the
     *  entry call with the same nulls (greedy, first to last; each try is one guarded run, and
     *  the fresh JVM of the replay judges the result as it would the whole sequence). */
    static List<Step> shortened(List<Step> steps, Set<Integer> nulls) {
        List<Step> current = steps;
        int index = 0;
        while (index < current.size() - 1 && System.currentTimeMillis() < deadline - CALL_MS) {
            List<Step> candidate = without(current, index);
            if (candidate != null && reproduces(candidate, nulls)) current = candidate;
            else index++;
        }
        return current;
    }

    /** ``steps`` without step ``drop`` (later indices moved down), or null when a later step
     *  uses its value. */
    static List<Step> without(List<Step> steps, int drop) {
        List<Step> out = new ArrayList<>();
        for (int j = 0; j < steps.size(); j++) {
            if (j == drop) continue;
            Step s = steps.get(j);
            if (s.target == drop) return null;
            Arg[] moved = new Arg[s.args.length];
            for (int k = 0; k < s.args.length; k++) {
                Arg a = s.args[k];
                if (a.lit == null && a.var == drop) return null;
                moved[k] = a.lit != null || a.var < drop ? a : new Arg(null, a.var - 1);
            }
            out.add(new Step(s.member, s.target > drop ? s.target - 1 : s.target, moved));
        }
        return out;
    }

    static boolean reproduces(List<Step> steps, Set<Integer> nulls) {
        try {
            guarded(steps);
            return false;
        } catch (Failure f) {
            return f.index == steps.size() - 1 && matches(f.cause) && NULLS.equals(nulls);
        }
    }

    /** Whether another public member of the same name takes as many arguments (casts then
     *  fix the one the search called). */
    static boolean overloaded(Executable member) {
        Executable[] all = member instanceof Constructor ? member.getDeclaringClass().getConstructors() : member.getDeclaringClass().getMethods();
        int count = 0;
        for (Executable other : all) {
            if (other.getName().equals(member.getName()) && other.getParameterCount() == member.getParameterCount()) count++;
        }
        return count > 1;
    }

    static String statement(Step s, int index, boolean used) {
        Class<?>[] params = s.member.getParameterTypes();
        StringBuilder args = new StringBuilder();
        boolean overloaded = overloaded(s.member);
        for (int i = 0; i < s.args.length; i++) {
            if (i > 0) args.append(", ");
            String value = s.args[i].lit != null ? s.args[i].lit.src : "v" + s.args[i].var;
            if (overloaded || value.equals("null")) args.append("(").append(params[i].getCanonicalName()).append(") ");
            args.append(value);
        }
        if (s.member instanceof Constructor) {
            String name = s.member.getDeclaringClass().getCanonicalName();
            return (used ? name + " v" + index + " = " : "") + "new " + name + "(" + args + ");";
        }
        Method m = (Method) s.member;
        String call = (s.target >= 0 ? "v" + s.target : m.getDeclaringClass().getCanonicalName()) + "." + m.getName() + "(" + args + ");";
        if (used && m.getReturnType() != void.class) {
            return m.getReturnType().getCanonicalName() + " v" + index + " = " + call;
        }
        return call;
    }
}
