/*
 * What jhalt's stream library leaves undecided (jhalt/program/substitutes.py): a call of
 * sizedSlice() has no body; jhalt's evaluator stops the path there with the reason.
 */
package jhalt.stream;

final class Undecided {
    /** exactSize(): the size is not known without traversal (the JDK traverses). */
    static final long UNSIZED = -1;

    /** exactSize(): a sized source after limit/skip (the JDK's choice depends on its version). */
    static final long SLICED = -2;

    private Undecided() {}

    static native long sizedSlice();
}
