"""The only package that imports z3 (docs/ARCHITECTURE.md, layer ``smt``): solver sessions,
the translations of `jhalt.its` terms, entailment, ranking synthesis and solver-side proofs.

Modules:
  session    — `SmtSession` (one solver, deterministic rlimit), `SatAnswer`, `SmtConfig`
  terms      — `TermEncoder`: `jhalt.its.terms` to z3, mathematical or machine integers
  encode     — `LinearEncoder`: `jhalt.its` expressions/constraints to z3 Int or Real terms
  entailment — `check_entailment`, `check_satisfiable` (integers by default)
  farkas     — `synthesize_ranking`: (multiphase) linear ranking functions via Farkas' lemma
  inductive  — inductive invariants of an ITS
  nonterm    — the non-termination formulas ρ and σ of a loop (seed 000 Thm 8)
  witness_solver — integer values (and String contents) for a witness path
  strings    — String contents as z3 sequences: the content relations of a path
  looper     — Looper's invariants and closure check (seed 003)
"""
