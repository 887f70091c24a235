/*
 * A sequential IntStream of jhalt's stream library (jhalt/program/substitutes.py), pulled one
 * element at a time like RefPipe: filter/map/peek run per element in pipeline order,
 * findFirst/anyMatch/allMatch/noneMatch/limit stop pulling, a stream serves one operation, and
 * sum wraps around as the JDK's Integer::sum does.
 */
package jhalt.stream;

import java.util.OptionalInt;
import java.util.function.IntBinaryOperator;
import java.util.function.IntConsumer;
import java.util.function.IntFunction;
import java.util.function.IntPredicate;
import java.util.function.IntUnaryOperator;
import java.util.stream.IntStream;
import java.util.stream.Stream;

public abstract class IntPipe implements IntStream {
    int item;
    private boolean used;

    abstract boolean advance();

    /**
     * The number of elements, as the JDK counts them: a pipeline whose size is known without
     * traversal (a sized source, then only map/peek/mapToInt/mapToObj/boxed) is not run at all
     * (its peek actions never run), any other pipeline is traversed. After limit/skip on a sized
     * source the JDK's choice depends on its version (17 traverses, 18+ does not): undecided.
     */
    @Override
    public long count() {
        use();
        long size = exactSize();
        if (size == Undecided.SLICED) {
            return Undecided.sizedSlice();
        }
        if (size >= 0) {
            return size;
        }
        long n = 0;
        while (advance()) {
            n++;
        }
        return n;
    }

    /** The number of elements left when known without traversal, else UNSIZED or SLICED. */
    abstract long exactSize();

    final void use() {
        if (used) {
            throw new IllegalStateException("stream has already been operated upon or closed");
        }
        used = true;
    }

    @Override
    public IntStream sequential() {
        return this;
    }

    @Override
    public void close() {
        used = true;
    }

    @Override
    public IntStream filter(IntPredicate predicate) {
        RefPipe.need(predicate);
        use();
        return new IntFilter(this, predicate);
    }

    @Override
    public IntStream map(IntUnaryOperator mapper) {
        RefPipe.need(mapper);
        use();
        return new IntMap(this, mapper);
    }

    @Override
    public <U> Stream<U> mapToObj(IntFunction<? extends U> mapper) {
        RefPipe.need(mapper);
        use();
        return new IntToRef<U>(this, mapper);
    }

    @Override
    public Stream<Integer> boxed() {
        use();
        return new IntToRef<Integer>(this, null);
    }

    @Override
    public IntStream peek(IntConsumer action) {
        RefPipe.need(action);
        use();
        return new IntPeek(this, action);
    }

    @Override
    public IntStream limit(long maxSize) {
        if (maxSize < 0) {
            throw new IllegalArgumentException(Long.toString(maxSize));
        }
        use();
        return new IntSlice(this, 0, maxSize);
    }

    @Override
    public IntStream skip(long n) {
        if (n < 0) {
            throw new IllegalArgumentException(Long.toString(n));
        }
        use();
        return new IntSlice(this, n, -1);
    }

    @Override
    public void forEach(IntConsumer action) {
        RefPipe.need(action);
        use();
        while (advance()) {
            action.accept(item);
        }
    }

    @Override
    public void forEachOrdered(IntConsumer action) {
        forEach(action);
    }

    @Override
    public int reduce(int identity, IntBinaryOperator op) {
        RefPipe.need(op);
        use();
        int result = identity;
        while (advance()) {
            result = op.applyAsInt(result, item);
        }
        return result;
    }

    @Override
    public OptionalInt reduce(IntBinaryOperator op) {
        RefPipe.need(op);
        use();
        if (!advance()) {
            return OptionalInt.empty();
        }
        int result = item;
        while (advance()) {
            result = op.applyAsInt(result, item);
        }
        return OptionalInt.of(result);
    }

    @Override
    public int sum() {
        use();
        int result = 0;
        while (advance()) {
            result += item;
        }
        return result;
    }

    @Override
    public OptionalInt min() {
        use();
        if (!advance()) {
            return OptionalInt.empty();
        }
        int result = item;
        while (advance()) {
            if (item < result) {
                result = item;
            }
        }
        return OptionalInt.of(result);
    }

    @Override
    public OptionalInt max() {
        use();
        if (!advance()) {
            return OptionalInt.empty();
        }
        int result = item;
        while (advance()) {
            if (item > result) {
                result = item;
            }
        }
        return OptionalInt.of(result);
    }

    @Override
    public boolean anyMatch(IntPredicate predicate) {
        RefPipe.need(predicate);
        use();
        while (advance()) {
            if (predicate.test(item)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public boolean allMatch(IntPredicate predicate) {
        RefPipe.need(predicate);
        use();
        while (advance()) {
            if (!predicate.test(item)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public boolean noneMatch(IntPredicate predicate) {
        return !anyMatch(predicate);
    }

    @Override
    public OptionalInt findFirst() {
        use();
        return advance() ? OptionalInt.of(item) : OptionalInt.empty();
    }

    /** Sequential streams only: the JDK's findAny answers the first element then too. */
    @Override
    public OptionalInt findAny() {
        return findFirst();
    }
}

final class IntFilter extends IntPipe {
    private final IntPipe upstream;
    private final IntPredicate predicate;

    IntFilter(IntPipe upstream, IntPredicate predicate) {
        this.upstream = upstream;
        this.predicate = predicate;
    }

    @Override
    long exactSize() {
        return Undecided.UNSIZED;
    }

    @Override
    boolean advance() {
        while (upstream.advance()) {
            if (predicate.test(upstream.item)) {
                item = upstream.item;
                return true;
            }
        }
        return false;
    }
}

final class IntMap extends IntPipe {
    private final IntPipe upstream;
    private final IntUnaryOperator mapper;

    IntMap(IntPipe upstream, IntUnaryOperator mapper) {
        this.upstream = upstream;
        this.mapper = mapper;
    }

    @Override
    long exactSize() {
        return upstream.exactSize();
    }

    @Override
    boolean advance() {
        if (!upstream.advance()) {
            return false;
        }
        item = mapper.applyAsInt(upstream.item);
        return true;
    }
}

final class IntPeek extends IntPipe {
    private final IntPipe upstream;
    private final IntConsumer action;

    IntPeek(IntPipe upstream, IntConsumer action) {
        this.upstream = upstream;
        this.action = action;
    }

    @Override
    long exactSize() {
        return upstream.exactSize();
    }

    @Override
    boolean advance() {
        if (!upstream.advance()) {
            return false;
        }
        item = upstream.item;
        action.accept(item);
        return true;
    }
}

/** skip(n) then at most limit elements (limit -1: no limit), pulled only as needed. */
final class IntSlice extends IntPipe {
    private final IntPipe upstream;
    private long toSkip;
    private long left;

    IntSlice(IntPipe upstream, long skip, long limit) {
        this.upstream = upstream;
        this.toSkip = skip;
        this.left = limit;
    }

    @Override
    long exactSize() {
        return upstream.exactSize() == Undecided.UNSIZED ? Undecided.UNSIZED : Undecided.SLICED;
    }

    @Override
    boolean advance() {
        while (toSkip > 0) {
            if (!upstream.advance()) {
                return false;
            }
            toSkip--;
        }
        if (left == 0) {
            return false;
        }
        if (!upstream.advance()) {
            return false;
        }
        if (left > 0) {
            left--;
        }
        item = upstream.item;
        return true;
    }
}

/** mapToObj(mapper), or boxed() when mapper is null (Integer.valueOf, as the JDK boxes). */
final class IntToRef<T> extends RefPipe<T> {
    private final IntPipe upstream;
    private final IntFunction<?> mapper;

    IntToRef(IntPipe upstream, IntFunction<?> mapper) {
        this.upstream = upstream;
        this.mapper = mapper;
    }

    @Override
    long exactSize() {
        return upstream.exactSize();
    }

    @Override
    boolean advance() {
        if (!upstream.advance()) {
            return false;
        }
        item = mapper == null ? Integer.valueOf(upstream.item) : mapper.apply(upstream.item);
        return true;
    }
}
