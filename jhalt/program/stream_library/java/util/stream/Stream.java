/*
 * jhalt's stand-in for java.util.stream.Stream (jhalt/program/substitutes.py): the operations a
 * sequential pipeline may use that jhalt supplies as bytecode (jhalt.stream.RefPipe implements
 * them); any other operation leaves the path undecided.
 */
package java.util.stream;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.function.BinaryOperator;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.ToIntFunction;
import java.util.function.UnaryOperator;
import jhalt.stream.Sources;

public interface Stream<T> extends BaseStream<T, Stream<T>> {
    Stream<T> filter(Predicate<? super T> predicate);

    <R> Stream<R> map(Function<? super T, ? extends R> mapper);

    IntStream mapToInt(ToIntFunction<? super T> mapper);

    Stream<T> peek(Consumer<? super T> action);

    Stream<T> limit(long maxSize);

    Stream<T> skip(long n);

    void forEach(Consumer<? super T> action);

    void forEachOrdered(Consumer<? super T> action);

    T reduce(T identity, BinaryOperator<T> accumulator);

    Optional<T> reduce(BinaryOperator<T> accumulator);

    Optional<T> min(Comparator<? super T> comparator);

    Optional<T> max(Comparator<? super T> comparator);

    boolean anyMatch(Predicate<? super T> predicate);

    boolean allMatch(Predicate<? super T> predicate);

    boolean noneMatch(Predicate<? super T> predicate);

    Optional<T> findFirst();

    Optional<T> findAny();

    long count();

    <R, A> R collect(Collector<? super T, A, R> collector);

    List<T> toList();

    static <T> Stream<T> empty() {
        return Sources.array(new Object[0], 0, 0);
    }

    static <T> Stream<T> of(T t) {
        return Sources.array(new Object[] {t}, 0, 1);
    }

    @SafeVarargs
    static <T> Stream<T> of(T... values) {
        return Sources.array(values, 0, values.length);
    }

    static <T> Stream<T> iterate(T seed, UnaryOperator<T> f) {
        if (f == null) {
            throw new NullPointerException();
        }
        return Sources.iterate(seed, null, f);
    }

    static <T> Stream<T> iterate(T seed, Predicate<? super T> hasNext, UnaryOperator<T> next) {
        if (hasNext == null || next == null) {
            throw new NullPointerException();
        }
        return Sources.iterate(seed, hasNext, next);
    }
}
