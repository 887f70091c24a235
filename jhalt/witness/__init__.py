"""Witnesses made concrete and checked on a real JVM (seed 000 §3; issues 4 and 5): inputs,
the backward search over the graph, reproducers, stack parsing and replay.

* `inputs` — immutable concrete inputs (ints, strings, arrays, object graphs with sharing and
  cycles, static fields), JSON round trip, ``main(String[])`` command lines;
* `java_literals` — values spelled as Java literals (exact for code, readable for people);
* `reproducer` — Java source replaying a witness: a main class and a JUnit 5 test
  (`invocation_java`: the statements that feed its files, standard input, properties);
* `junit` — the JUnit 5 tests of a finding: regression (fails while the bug is present) or
  characterising; `call_text` — the entry call with the witness's values inline, and the
  inputs in one line for a test's message;
* `stacks` — parsing uncaught-exception traces and thread dumps;
* `replay` — running a witness in a subprocess with a timeout and judging the claim
  (confirmed / unconfirmed / not run);
* `processes` — the contained child process of a replay and the registry of every live child
  group and scratch directory, killed and removed on any exit.
"""
