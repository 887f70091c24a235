"""The analyses over the Symbolic Execution Graph: termination (YES), non-termination (NO),
uncaught exceptions with witnesses, and `prove`/`check` that combine them per entry."""
