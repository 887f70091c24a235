"""The one integer term language and integer transition systems (ITS): the data model between
symbolic execution and the provers — terms, linear arithmetic, transitions, SCCs, proofs.

Layering: ``its`` sits between ``domains`` and ``smt`` (ids, findings → classfile →
bytecode → program → domains → **its** → smt → seg → …).  It is pure Python: exact linear
arithmetic over named integer variables, transitions as guarded relations, SCC
decomposition, a printer and the termination-proof objects with their obligations.  It must not import z3 (only ``jhalt.smt``
does) nor anything to its right.

Modules:
  terms   — `Var`, `Lit`, `App`, `Atom`: every integer fact jhalt states (JVM operations)
  linear  — `LinearExpr`, `LinearConstraint` (integer normal form), `le/lt/ge/gt/eq`
  system  — `Transition`, `ITS`, `primed`; relational semantics, why dropping facts is sound
  graph   — strongly connected components of the location graph
  printer — readable text
  proof   — `TerminationProof` and its steps, `ranking_obligations`
  contents — the vocabulary of content relations of Strings (issue 21: strings as data)
"""

from jhalt.its.graph import Component, cyclic_components
from jhalt.its.linear import (
    FALSE,
    TRUE,
    LinearConstraint,
    LinearExpr,
    Relation,
    const,
    eq,
    ge,
    gt,
    le,
    lt,
    normalize,
    var,
)
from jhalt.its.printer import format_constraint, format_expr, format_its, format_transition
from jhalt.its.proof import (
    AcyclicStep,
    BoundedRunStep,
    InfeasibleStep,
    Obligation,
    ProofStep,
    RankingFunction,
    RankingStep,
    TerminationProof,
    ranking_obligations,
)
from jhalt.its.system import ITS, Transition, is_primed, primed, unprimed

__all__ = [
    "FALSE",
    "TRUE",
    "ITS",
    "AcyclicStep",
    "BoundedRunStep",
    "Component",
    "InfeasibleStep",
    "LinearConstraint",
    "LinearExpr",
    "Obligation",
    "ProofStep",
    "RankingFunction",
    "RankingStep",
    "Relation",
    "TerminationProof",
    "Transition",
    "const",
    "cyclic_components",
    "eq",
    "format_constraint",
    "format_expr",
    "format_its",
    "format_transition",
    "ge",
    "gt",
    "is_primed",
    "le",
    "lt",
    "normalize",
    "primed",
    "ranking_obligations",
    "unprimed",
    "var",
]
