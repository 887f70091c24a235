"""jhalt: will this Java program ever stop, and if not, with which input?"""

__version__ = "0.1.0"
