/*
 * jhalt's stand-in for java.util.stream.IntStream (jhalt/program/substitutes.py): the operations
 * jhalt supplies as bytecode (jhalt.stream.IntPipe implements them); any other operation leaves
 * the path undecided.
 */
package java.util.stream;

import java.util.OptionalInt;
import java.util.function.IntBinaryOperator;
import java.util.function.IntConsumer;
import java.util.function.IntFunction;
import java.util.function.IntPredicate;
import java.util.function.IntUnaryOperator;
import jhalt.stream.Sources;

public interface IntStream extends BaseStream<Integer, IntStream> {
    IntStream filter(IntPredicate predicate);

    IntStream map(IntUnaryOperator mapper);

    <U> Stream<U> mapToObj(IntFunction<? extends U> mapper);

    Stream<Integer> boxed();

    IntStream peek(IntConsumer action);

    IntStream limit(long maxSize);

    IntStream skip(long n);

    void forEach(IntConsumer action);

    void forEachOrdered(IntConsumer action);

    int reduce(int identity, IntBinaryOperator op);

    OptionalInt reduce(IntBinaryOperator op);

    int sum();

    OptionalInt min();

    OptionalInt max();

    boolean anyMatch(IntPredicate predicate);

    boolean allMatch(IntPredicate predicate);

    boolean noneMatch(IntPredicate predicate);

    OptionalInt findFirst();

    OptionalInt findAny();

    long count();

    static IntStream empty() {
        return Sources.ints(new int[0], 0, 0);
    }

    static IntStream of(int t) {
        return Sources.ints(new int[] {t}, 0, 1);
    }

    static IntStream of(int... values) {
        return Sources.ints(values, 0, values.length);
    }

    static IntStream range(int startInclusive, int endExclusive) {
        return Sources.range(startInclusive, endExclusive, false);
    }

    static IntStream rangeClosed(int startInclusive, int endInclusive) {
        return Sources.range(startInclusive, endInclusive, true);
    }

    static IntStream iterate(int seed, IntUnaryOperator f) {
        if (f == null) {
            throw new NullPointerException();
        }
        return Sources.intIterate(seed, null, f);
    }

    static IntStream iterate(int seed, IntPredicate hasNext, IntUnaryOperator next) {
        if (hasNext == null || next == null) {
            throw new NullPointerException();
        }
        return Sources.intIterate(seed, hasNext, next);
    }
}
