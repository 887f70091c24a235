/*
 * The sources of jhalt's sequential streams (jhalt/program/substitutes.py): the factories the
 * stand-ins of Stream/IntStream and the redirected JDK entry points (Arrays.stream,
 * String.chars) call. Each source yields its elements one at a time, on demand, as the JDK's
 * spliterators do for a sequential pipeline.
 */
package jhalt.stream;

import java.util.function.IntPredicate;
import java.util.function.IntUnaryOperator;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;
import java.util.stream.IntStream;
import java.util.stream.Stream;

public final class Sources {
    private Sources() {}

    public static <T> Stream<T> array(Object[] values, int from, int to) {
        return new RefArray<T>(values, from, to);
    }

    public static <T> Stream<T> iterate(Object seed, Predicate<?> hasNext, UnaryOperator<?> next) {
        return new RefIterate<T>(seed, hasNext, next);
    }

    public static IntStream ints(int[] values, int from, int to) {
        return new IntArray(values, from, to);
    }

    public static IntStream range(int from, int last, boolean closed) {
        return new IntRange(from, last, closed);
    }

    public static IntStream intIterate(int seed, IntPredicate hasNext, IntUnaryOperator next) {
        return new IntIterate(seed, hasNext, next);
    }

    /** Arrays.stream(T[]): the whole array; a null array throws NullPointerException. */
    public static <T> Stream<T> arrayStream(Object[] values) {
        return new RefArray<T>(values, 0, values.length);
    }

    /** Arrays.stream(int[]): the whole array; a null array throws NullPointerException. */
    public static IntStream intArrayStream(int[] values) {
        return new IntArray(values, 0, values.length);
    }

    /** String.chars(): the string's char values, in order. */
    public static IntStream chars(String text) {
        return new IntChars(text);
    }
}

final class RefArray<T> extends RefPipe<T> {
    private final Object[] values;
    private int next;
    private final int end;

    RefArray(Object[] values, int from, int to) {
        this.values = values;
        this.next = from;
        this.end = to;
    }

    @Override
    long exactSize() {
        return next < end ? (long) end - next : 0;
    }

    @Override
    boolean advance() {
        if (next >= end) {
            return false;
        }
        item = values[next];
        next++;
        return true;
    }
}

final class RefIterate<T> extends RefPipe<T> {
    private final Predicate<Object> hasNext;
    private final UnaryOperator<Object> step;
    private Object current;
    private boolean started;
    private boolean finished;

    @SuppressWarnings("unchecked")
    RefIterate(Object seed, Predicate<?> hasNext, UnaryOperator<?> step) {
        this.current = seed;
        this.hasNext = (Predicate<Object>) hasNext;
        this.step = (UnaryOperator<Object>) step;
    }

    @Override
    long exactSize() {
        return Undecided.UNSIZED;
    }

    @Override
    boolean advance() {
        if (finished) {
            return false;
        }
        if (started) {
            current = step.apply(current);
        } else {
            started = true;
        }
        if (hasNext != null && !hasNext.test(current)) {
            finished = true;
            return false;
        }
        item = current;
        return true;
    }
}

final class IntArray extends IntPipe {
    private final int[] values;
    private int next;
    private final int end;

    IntArray(int[] values, int from, int to) {
        this.values = values;
        this.next = from;
        this.end = to;
    }

    @Override
    long exactSize() {
        return next < end ? (long) end - next : 0;
    }

    @Override
    boolean advance() {
        if (next >= end) {
            return false;
        }
        item = values[next];
        next++;
        return true;
    }
}

/** range (end exclusive) or rangeClosed (end inclusive, which may be Integer.MAX_VALUE). */
final class IntRange extends IntPipe {
    private int next;
    private final int end;
    private final boolean closed;
    private boolean done;

    IntRange(int from, int end, boolean closed) {
        this.next = from;
        this.end = end;
        this.closed = closed;
    }

    @Override
    long exactSize() {
        if (!closed) {
            return next < end ? (long) end - next : 0;
        }
        return done || next > end ? 0 : (long) end - next + 1;
    }

    @Override
    boolean advance() {
        if (!closed) {
            if (next >= end) {
                return false;
            }
            item = next;
            next++;
            return true;
        }
        if (done || next > end) {
            return false;
        }
        item = next;
        if (next == end) {
            done = true;
        } else {
            next++;
        }
        return true;
    }
}

final class IntIterate extends IntPipe {
    private final IntPredicate hasNext;
    private final IntUnaryOperator step;
    private int current;
    private boolean started;
    private boolean finished;

    IntIterate(int seed, IntPredicate hasNext, IntUnaryOperator step) {
        this.current = seed;
        this.hasNext = hasNext;
        this.step = step;
    }

    @Override
    long exactSize() {
        return Undecided.UNSIZED;
    }

    @Override
    boolean advance() {
        if (finished) {
            return false;
        }
        if (started) {
            current = step.applyAsInt(current);
        } else {
            started = true;
        }
        if (hasNext != null && !hasNext.test(current)) {
            finished = true;
            return false;
        }
        item = current;
        return true;
    }
}

/** The chars of a String, whose length never changes (the JDK binds its array likewise). */
final class IntChars extends IntPipe {
    private final String text;
    private final int end;
    private int next;

    IntChars(String text) {
        this.text = text;
        this.end = text.length();
    }

    @Override
    long exactSize() {
        return next < end ? (long) end - next : 0;
    }

    @Override
    boolean advance() {
        if (next >= end) {
            return false;
        }
        item = text.charAt(next);
        next++;
        return true;
    }
}
