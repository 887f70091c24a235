"""Edge labels of the Symbolic Execution Graph (seed 000 §2.2 Def. 3; thesis §1.8).

Three kinds of edges:

* :class:`EvalEdge` — one symbolic evaluation step of one instruction, labelled with the
  set ``C ⊆ ArithOp ∪ RelOp`` of seed 000 Def. 3: every integer computation it performed
  and every integer relation it (implicitly) checked, in single static assignment form.
* :class:`RefineEdge` — one case of a case analysis (integer, existence, type,
  realization, equality, array, relational T/F split); labelled with the refined
  references and, where the case is described by a relation, that relation.
* :class:`InstanceEdge` — ``s ⊑ s'``; labelled with the renaming from references of the
  general state ``s'`` to the references of the instance ``s`` (what a witness or a
  non-termination proof needs to relate the two).

Relations (:class:`Relation`) — ``op`` is one of:

==========================  =================================================================
``+ - * / %``               ``result = args[0] op args[1]`` (``/`` and ``%`` truncate toward
                            zero as in JVMS idiv/irem)
``neg``                     ``result = -args[0]``
``<< >> >>> & | ^``         ``result = args[0] op args[1]`` (JVM shifts/bitwise; the shift
                            distance is the raw operand, masking is part of the operation)
``=``                       ``result = args[0]`` (a conversion that does not change the
                            mathematical value, e.g. ``i2l``, or a narrowing that was exact)
``conv:T``                  ``result = (T) args[0]`` for a narrowing conversion to integral
                            type ``T`` (``conv:B``, ``conv:C``, ``conv:S``, ``conv:I``)
``cmp``                     ``result = signum(args[0] - args[1])`` (``lcmp``)
``len``                     ``result`` is the length of array ``args[0]``
``< <= == != > >=``         the checked relation ``args[0] op args[1]`` (``result`` is None)
``ref==`` ``ref!=``         reference (in)equality of two object references (``if_acmp*``)
``float``                   ``result`` is an unknown float/double computed from ``args``
``havoc``                   ``result`` is a fresh value of unknown relation to ``args``
                            (an operation jhalt does not model exactly)
==========================  =================================================================

Content relations of Strings (``str.…``, ``sb.…``, `jhalt.seg.contents`) are not among an
evaluation edge's ``constraints`` but in its own field ``strings``.

Arguments are references (``str``) or literal integers (``int``: immediate operands such as
the ``iinc`` increment or the zero of ``ifeq``). All references in labels name integers of
the state the edge starts in (arguments) or ends in (results), except for ``len`` whose
first argument is an array and ``ref==``/``ref!=`` whose arguments are objects or ``null``.

:meth:`Relation.formula` states a relation in the one integer term language
(`jhalt.its.terms`) through one table (``TERM_OPS``, ``TERM_COMPARISONS``): a check
becomes the comparison ``args[0] op args[1]``, a computation ``result == op(args)``.
Operations without an integer meaning (``float``, ``havoc``, ``ref==``, ``ref!=``, array
reads and writes) have no formula.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from jhalt.ids import ProgramPosition
from jhalt.its.terms import App, Atom, Lit, Term, Var

Operand = str | int

ARITHMETIC_OPS = frozenset({"+", "-", "*", "/", "%", "neg", "<<", ">>", ">>>", "&", "|", "^"})
COMPARISON_OPS = frozenset({"<", "<=", "==", "!=", ">", ">="})
NEGATED_COMPARISON = {"<": ">=", "<=": ">", "==": "!=", "!=": "==", ">": "<=", ">=": "<"}
SWAPPED_COMPARISON = {"<": ">", "<=": ">=", "==": "==", "!=": "!=", ">": "<", ">=": "<="}

TERM_OPS = {
    "+": ("add", 2),
    "-": ("sub", 2),
    "*": ("mul", 2),
    "/": ("div", 2),
    "%": ("rem", 2),
    "neg": ("neg", 1),
    "<<": ("shl", 2),
    ">>": ("shr", 2),
    ">>>": ("ushr", 2),
    "&": ("and", 2),
    "|": ("or", 2),
    "^": ("xor", 2),
    "=": ("=", 1),
    "conv:B": ("conv:B", 1),
    "conv:C": ("conv:C", 1),
    "conv:S": ("conv:S", 1),
    "conv:I": ("conv:I", 1),
    "cmp": ("cmp", 2),
    "len": ("len", 1),
}
"""Label operation of a computation → (term operation of `jhalt.its.terms`, arity)."""
TERM_COMPARISONS = {"<": "lt", "<=": "le", "==": "eq", "!=": "ne", ">": "gt", ">=": "ge"}
"""Label comparison → `jhalt.its.terms.Atom` comparison."""


def operand_term(operand: Operand) -> Term:
    """The default term of an operand: a reference is the `Var` of its name (sort
    ``int``), an integer the `Lit` of its value."""
    return Var(operand) if isinstance(operand, str) else Lit(int(operand))


@dataclass(frozen=True, slots=True)
class Relation:
    """One SSA computation (``result`` set) or one checked relation (``result`` None)."""

    op: str
    result: str | None
    args: tuple[Operand, ...]

    @property
    def is_check(self) -> bool:
        return self.result is None

    def __str__(self) -> str:
        if self.op in COMPARISON_OPS or self.op in ("ref==", "ref!="):
            symbol = self.op.removeprefix("ref")
            return f"{self.args[0]} {symbol} {self.args[1]}"
        if self.op == "neg":
            return f"{self.result} = -{self.args[0]}"
        if self.op == "=":
            return f"{self.result} = {self.args[0]}"
        if self.op == "len":
            return f"{self.result} = len({self.args[0]})"
        if self.op in ARITHMETIC_OPS and len(self.args) == 2:
            return f"{self.result} = {self.args[0]} {self.op} {self.args[1]}"
        inner = ", ".join(map(str, self.args))
        return f"{self.result} = {self.op}({inner})"

    def formula(self, operand: Callable[[Operand], Term | None] = operand_term) -> Atom | None:
        """The relation as a term formula (module docstring), each operand (and the result)
        turned into a term by ``operand``. None when ``operand`` gives None for one of
        them, or the operation has no integer meaning (``float``, ``havoc``, ``ref==``,
        ``ref!=``, anything not in ``TERM_OPS``/``TERM_COMPARISONS``, a wrong arity). A
        computation's operation has the sort of its result's term."""
        args = [operand(a) for a in self.args]
        terms = [a for a in args if a is not None]
        if len(terms) < len(args):
            return None
        if self.result is None:
            comparison = TERM_COMPARISONS.get(self.op)
            if comparison is None or len(terms) != 2:
                return None
            return Atom(comparison, terms[0], terms[1])
        op, arity = TERM_OPS.get(self.op, ("", -1))
        target = operand(self.result)
        if arity != len(terms) or target is None:
            return None
        return Atom("eq", target, App(op, tuple(terms), target.sort))


def check(op: str, left: Operand, right: Operand) -> Relation:
    """A checked relation ``left op right``."""
    if op not in COMPARISON_OPS and op not in ("ref==", "ref!="):
        raise ValueError(f"not a comparison: {op}")
    return Relation(op, None, (left, right))


def compute(op: str, result: str, *args: Operand) -> Relation:
    """A computation ``result = op(args)``."""
    return Relation(op, result, tuple(args))


@dataclass(frozen=True, slots=True)
class EvalEdge:
    """Evaluation of the instruction at ``position`` (``mnemonic`` for display).

    ``assumptions`` name what the step assumed without proof — e.g. that an unknown
    library method terminates (item 5 of issue 3): non-termination proofs must refuse
    paths through such edges, termination proofs state them."""

    position: ProgramPosition
    mnemonic: str
    constraints: tuple[Relation, ...] = ()
    assumptions: tuple[str, ...] = ()
    enters_call: bool = False
    """The step enters a recursive call: the successor is the callee's frame alone, a new
    call context whose caller frames are not represented (thesis §3.5). The references of
    the arguments keep their names, so the step relates caller and callee exactly."""
    strings: tuple[Relation, ...] = ()
    """Content relations (`jhalt.seg.contents`: what a call computes from characters), kept
    apart from ``constraints`` so that only the witness search reads them."""

    kind = "eval"

    def __str__(self) -> str:
        parts = [
            f"{self.position.pc}: {self.mnemonic}" + (" (enter call)" if self.enters_call else "")
        ]
        parts += [str(c) for c in self.constraints]
        parts += [f"assume {a}" for a in self.assumptions]
        return "\n".join(parts)


@dataclass(frozen=True, slots=True)
class RefineEdge:
    """One case of a refinement of ``refs`` (thesis §1.4). ``refinement`` is one of
    ``integer``, ``relation`` (a T/F split, seed 000 §2.3), ``existence`` (null or not),
    ``type``, ``realization``, ``equality``, ``array`` (entries of a short array);
    ``assumed`` are the relations that hold in this case (e.g. ``i4 < i6``), ``case`` a
    short description (``null``, ``T``, ``F``, a class name)."""

    refinement: str
    refs: tuple[str, ...]
    case: str = ""
    assumed: tuple[Relation, ...] = ()
    renaming: tuple[tuple[str, str], ...] = ()
    """(old reference, the reference that replaces it in this case); ``null`` for the
    null case of an existence refinement."""

    kind = "refine"

    def __str__(self) -> str:
        text = f"{self.refinement} {', '.join(self.refs)}"
        if self.case:
            text += f" [{self.case}]"
        if self.assumed:
            text += "\n" + "\n".join(str(a) for a in self.assumed)
        return text


@dataclass(frozen=True, slots=True)
class InstanceEdge:
    """``instance ⊑ general``; ``renaming`` lists (reference of the general state, the
    reference of the instance at the same position) for exactly realized positions."""

    renaming: tuple[tuple[str, str], ...] = ()

    kind = "instance"

    def __str__(self) -> str:
        return "INS"


EdgeLabel = EvalEdge | RefineEdge | InstanceEdge
