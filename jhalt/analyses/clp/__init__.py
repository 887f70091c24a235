"""The CLP non-termination engine (seed 001)."""
