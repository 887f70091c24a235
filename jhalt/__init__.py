"""jhalt: will this Java program ever stop, and if not, with which input?
Termination, non-termination and exception analysis of Java bytecode (docs/ARCHITECTURE.md)."""

__version__ = "0.1.0"
