/*
 * A sequential Stream of jhalt's stream library (jhalt/program/substitutes.py), pulled one
 * element at a time: advance() makes the next element the stage's item, or answers false when
 * there is none. A terminal operation pulls from the last stage, each stage from the one
 * before, so every element runs through filter/map/peek in pipeline order before the next is
 * made, and a short-circuiting operation (findFirst, anyMatch, allMatch, noneMatch, limit)
 * stops pulling as the JDK's sequential pipelines stop traversing. As in the JDK, a stream
 * serves one operation: a second throws IllegalStateException. Null arguments throw
 * NullPointerException where the JDK's Objects.requireNonNull does.
 */
package jhalt.stream;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.BinaryOperator;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.function.ToIntFunction;
import java.util.stream.Collector;
import java.util.stream.IntStream;
import java.util.stream.Stream;

@SuppressWarnings("unchecked")
public abstract class RefPipe<T> implements Stream<T> {
    Object item;
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

    static void need(Object argument) {
        if (argument == null) {
            throw new NullPointerException();
        }
    }

    final void use() {
        if (used) {
            throw new IllegalStateException("stream has already been operated upon or closed");
        }
        used = true;
    }

    @Override
    public Stream<T> sequential() {
        return this;
    }

    @Override
    public void close() {
        used = true;
    }

    @Override
    public Stream<T> filter(Predicate<? super T> predicate) {
        need(predicate);
        use();
        return new RefFilter<T>(this, predicate);
    }

    @Override
    public <R> Stream<R> map(Function<? super T, ? extends R> mapper) {
        need(mapper);
        use();
        return new RefMap<R>(this, mapper);
    }

    @Override
    public IntStream mapToInt(ToIntFunction<? super T> mapper) {
        need(mapper);
        use();
        return new RefToInt(this, mapper);
    }

    @Override
    public Stream<T> peek(Consumer<? super T> action) {
        need(action);
        use();
        return new RefPeek<T>(this, action);
    }

    @Override
    public Stream<T> limit(long maxSize) {
        if (maxSize < 0) {
            throw new IllegalArgumentException(Long.toString(maxSize));
        }
        use();
        return new RefSlice<T>(this, 0, maxSize);
    }

    @Override
    public Stream<T> skip(long n) {
        if (n < 0) {
            throw new IllegalArgumentException(Long.toString(n));
        }
        use();
        return new RefSlice<T>(this, n, -1);
    }

    @Override
    public void forEach(Consumer<? super T> action) {
        need(action);
        use();
        while (advance()) {
            action.accept((T) item);
        }
    }

    @Override
    public void forEachOrdered(Consumer<? super T> action) {
        forEach(action);
    }

    @Override
    public T reduce(T identity, BinaryOperator<T> accumulator) {
        need(accumulator);
        use();
        T result = identity;
        while (advance()) {
            result = accumulator.apply(result, (T) item);
        }
        return result;
    }

    @Override
    public Optional<T> reduce(BinaryOperator<T> accumulator) {
        need(accumulator);
        use();
        if (!advance()) {
            return Optional.empty();
        }
        T result = (T) item;
        while (advance()) {
            result = accumulator.apply(result, (T) item);
        }
        return Optional.of(result);
    }

    @Override
    public Optional<T> min(Comparator<? super T> comparator) {
        need(comparator);
        use();
        if (!advance()) {
            return Optional.empty();
        }
        T result = (T) item;
        while (advance()) {
            T other = (T) item;
            result = comparator.compare(result, other) <= 0 ? result : other;
        }
        return Optional.of(result);
    }

    @Override
    public Optional<T> max(Comparator<? super T> comparator) {
        need(comparator);
        use();
        if (!advance()) {
            return Optional.empty();
        }
        T result = (T) item;
        while (advance()) {
            T other = (T) item;
            result = comparator.compare(result, other) >= 0 ? result : other;
        }
        return Optional.of(result);
    }

    /**
     * The JDK's sequential collect: the collector's supplier, accumulator and combiner are
     * asked first, then (one operation per stream) its characteristics, a new container, every
     * element accumulated in order, and the finisher unless the collector has IDENTITY_FINISH.
     */
    @Override
    public <R, A> R collect(Collector<? super T, A, R> collector) {
        need(collector);
        Supplier<A> supplier = collector.supplier();
        BiConsumer<A, ? super T> accumulator = collector.accumulator();
        collector.combiner();
        use();
        collector.characteristics();
        A container = supplier.get();
        while (advance()) {
            accumulator.accept(container, (T) item);
        }
        if (collector.characteristics().contains(Collector.Characteristics.IDENTITY_FINISH)) {
            return (R) container;
        }
        return collector.finisher().apply(container);
    }

    /** Every element in order, in a list that refuses changes (and allows nulls), as JDK 16+. */
    @Override
    public List<T> toList() {
        use();
        ArrayList<T> all = new ArrayList<>();
        while (advance()) {
            all.add((T) item);
        }
        return Collections.unmodifiableList(all);
    }

    @Override
    public boolean anyMatch(Predicate<? super T> predicate) {
        need(predicate);
        use();
        while (advance()) {
            if (predicate.test((T) item)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public boolean allMatch(Predicate<? super T> predicate) {
        need(predicate);
        use();
        while (advance()) {
            if (!predicate.test((T) item)) {
                return false;
            }
        }
        return true;
    }

    @Override
    public boolean noneMatch(Predicate<? super T> predicate) {
        return !anyMatch(predicate);
    }

    @Override
    public Optional<T> findFirst() {
        use();
        return advance() ? Optional.of((T) item) : Optional.empty();
    }

    /** Sequential streams only: the JDK's findAny answers the first element then too. */
    @Override
    public Optional<T> findAny() {
        return findFirst();
    }
}

@SuppressWarnings("unchecked")
final class RefFilter<T> extends RefPipe<T> {
    private final RefPipe<?> upstream;
    private final Predicate<Object> predicate;

    RefFilter(RefPipe<?> upstream, Predicate<?> predicate) {
        this.upstream = upstream;
        this.predicate = (Predicate<Object>) predicate;
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

@SuppressWarnings("unchecked")
final class RefMap<T> extends RefPipe<T> {
    private final RefPipe<?> upstream;
    private final Function<Object, Object> mapper;

    RefMap(RefPipe<?> upstream, Function<?, ?> mapper) {
        this.upstream = upstream;
        this.mapper = (Function<Object, Object>) mapper;
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
        item = mapper.apply(upstream.item);
        return true;
    }
}

@SuppressWarnings("unchecked")
final class RefPeek<T> extends RefPipe<T> {
    private final RefPipe<?> upstream;
    private final Consumer<Object> action;

    RefPeek(RefPipe<?> upstream, Consumer<?> action) {
        this.upstream = upstream;
        this.action = (Consumer<Object>) action;
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
final class RefSlice<T> extends RefPipe<T> {
    private final RefPipe<?> upstream;
    private long toSkip;
    private long left;

    RefSlice(RefPipe<?> upstream, long skip, long limit) {
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

@SuppressWarnings("unchecked")
final class RefToInt extends IntPipe {
    private final RefPipe<?> upstream;
    private final ToIntFunction<Object> mapper;

    RefToInt(RefPipe<?> upstream, ToIntFunction<?> mapper) {
        this.upstream = upstream;
        this.mapper = (ToIntFunction<Object>) mapper;
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
