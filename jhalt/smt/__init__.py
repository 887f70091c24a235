"""The only package that imports z3 (docs/ARCHITECTURE.md, layer ``smt``): solver sessions,
encoders of `jhalt.its` terms, entailment, ranking synthesis and the solver-side proofs.

Modules:
  session    — `SmtSession` (one solver, deterministic rlimit), `SatAnswer`, `SmtConfig`
  encode     — `LinearEncoder`: `jhalt.its` expressions/constraints to z3 Int or Real terms
  entailment — `check_entailment`, `check_satisfiable` (integers by default)
  farkas     — `synthesize_ranking`: (multiphase) linear ranking functions via Farkas' lemma
  looper     — (owned by the Looper closure proof, issue on dynamic analysis)
"""
