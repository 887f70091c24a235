"""Symbolic execution (seed 000 §2, thesis ch. 1): the evaluator of one state, refinements,
the worklist builder, the immutable Symbolic Execution Graph and the concrete runner over it."""
