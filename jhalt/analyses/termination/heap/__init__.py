"""Facts about a program's heaps decided over a whole graph: acyclicity, forests, must-reach and
must-not-reach pairs, and the frame of a recursive call by types — what norms and facts rely on."""
