/* jhalt's stand-in for java.util.stream.BaseStream: sequential streams only (no parallel()). */
package java.util.stream;

public interface BaseStream<T, S extends BaseStream<T, S>> extends AutoCloseable {
    S sequential();

    @Override
    void close();
}
