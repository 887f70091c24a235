"""The Looper proof over observed iterations (seed 003 §3.4 and §4).

`IterationRecord` is one observed iteration's (Φ_i, M_i) with the concrete values its
inputs had. `prove_stuck` generates the simple invariants of §4 (x = n, x <= n, x >= n
from the observed values and the current state), keeps the inductive ones (Houdini,
via `jhalt.smt.looper`), finds the largest closed set of iterations (Prop. 3.7) and
checks that the *current* state — read from the VM after the last iteration —
satisfies the invariants and the path constraint of an iteration in that set
(Prop. 3.3). Together these imply that the loop runs forever along those paths.

The argument is made over unbounded integers (the seed's semantics, §3.1) and then
re-checked over Java's 32/64-bit integers; when only the first holds, the result says
which variable overflows and after how many iterations at most.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass

from jhalt.dynamic.symbolic import Location, kept
from jhalt.its.terms import INT, LONG, App, Atom, Lit, Sort, Term, Var, holds, variables
from jhalt.smt.looper import Candidate, LooperIteration, closed_subset, houdini

INT_MAX = {INT: (1 << 31) - 1, LONG: (1 << 63) - 1}
INT_MIN = {INT: -(1 << 31), LONG: -(1 << 63)}


@dataclass(frozen=True)
class IterationRecord:
    """One observed iteration: Φ, M (None = no describable value), input values at its start."""

    number: int
    path_constraint: tuple[Atom, ...]
    memory_map: tuple[tuple[Location, Term | None], ...]
    start_values: tuple[tuple[Location, int], ...]
    input_sorts: tuple[tuple[Location, Sort], ...]
    loop_pcs: tuple[int, ...]
    steps: int
    methods: tuple[str, ...] = ()
    volatile_reads: tuple[str, ...] = ()
    synchronizes: bool = False

    @property
    def memory(self) -> dict[Location, Term | None]:
        return dict(self.memory_map)

    @property
    def signature(self) -> tuple:
        """Iterations with equal (Φ, M) are the same abstraction."""
        return (self.path_constraint, self.memory_map)


@dataclass(frozen=True)
class Invariant:
    location: Location
    op: str  # eq le ge
    value: int
    sort: Sort


@dataclass(frozen=True)
class Overflow:
    """An integer location every iteration moves by ``step``: with Java's wrapping
    arithmetic it overflows after at most ``iterations_left`` more iterations."""

    location: Location
    step: int
    iterations_left: int
    sort: Sort


@dataclass(frozen=True)
class ClosureProof:
    """A closed non-termination argument: the iterations S, the invariants Γ, the
    iteration whose Φ the current state satisfies, and whether the argument also holds
    for Java's machine integers (``overflows`` names the counters that break it)."""

    iterations: tuple[int, ...]
    invariants: tuple[Invariant, ...]
    current_path: int
    machine_ints: bool
    overflows: tuple[Overflow, ...] = ()


def _looper_iteration(record: IterationRecord) -> LooperIteration:
    return LooperIteration(record.path_constraint, {loc: e for loc, e in record.memory_map})


# ---------------------------------------------------------------- invariants


def needed_locations(records: Sequence[IterationRecord]) -> dict[Location, Sort]:
    """Every location some Φ or M reads, with its sort: what the current state must give."""
    sorts: dict[Location, Sort] = {}
    for record in records:
        sorts.update(dict(record.input_sorts))
    return sorts


def candidate_invariants(
    records: Sequence[IterationRecord], current: Mapping[Location, int]
) -> list[Candidate[Location]]:
    """x = n when every observed value of x is n; otherwise x >= min and x <= max for
    integers (§4: "we compute n by simply observing the concrete values of x")."""
    observed: dict[Location, list[int]] = {}
    sorts: dict[Location, Sort] = {}
    for record in records:
        sorts.update(dict(record.input_sorts))
        for loc, value in record.start_values:
            observed.setdefault(loc, []).append(value)
    result = []
    for loc, values in observed.items():
        if loc not in current:
            continue
        values = [*values, current[loc]]
        sort = sorts[loc]
        if min(values) == max(values):
            result.append(Candidate(loc, "eq", values[0], sort))
        elif sort in (INT, LONG):
            result.append(Candidate(loc, "ge", min(values), sort))
            result.append(Candidate(loc, "le", max(values), sort))
    return result


def _holds_now(
    record: IterationRecord,
    invariants: Sequence[Candidate[Location]],
    current: Mapping[Location, int],
    machine: bool,
) -> bool:
    conjuncts: list[Atom] = list(record.path_constraint)
    conjuncts += [Atom(c.op, Var(c.location, c.sort), Lit(c.value, c.sort)) for c in invariants]
    env: dict[Hashable, int] = {loc: value for loc, value in current.items()}
    for atom in conjuncts:
        if not variables(atom) <= env.keys():
            return False
        if not holds(atom, env, machine):
            return False
    return True


def _split_by_writes(
    records: Sequence[IterationRecord], candidates: Sequence[Candidate[Location]]
) -> tuple[list[Candidate[Location]], list[Candidate[Location]]]:
    """Candidates about locations no iteration changes are inductive without a solver
    call (the paper's "symbolic variable remains fixed", §4); the rest must be checked."""
    changed = set()
    for record in records:
        for loc, expr in record.memory_map:
            if not kept(loc, expr):
                changed.add(loc)
    unchanged = [c for c in candidates if c.location not in changed]
    changing = [c for c in candidates if c.location in changed]
    return unchanged, changing


def _search(
    records: Sequence[IterationRecord],
    current: Mapping[Location, int],
    machine: bool,
    timeout_ms: int,
) -> tuple[list[int], list[Candidate[Location]], int] | None:
    """(closed set S as indices into records, invariants Γ, index of the current path)."""
    iterations = [_looper_iteration(r) for r in records]
    candidates = candidate_invariants(records, current)
    windows = [list(range(len(records)))]
    if len(records) > 2:
        windows.append(list(range(len(records) // 2, len(records))))
    for window in windows:
        members = window
        invariants: list[Candidate[Location]] = []
        for _ in range(len(records) + 1):
            unchanged, changing = _split_by_writes([records[i] for i in members], candidates)
            invariants = houdini(
                [iterations[i] for i in members], changing, machine, timeout_ms, assumed=unchanged
            )
            closed = closed_subset(iterations, members, invariants, machine, timeout_ms)
            if closed == members:
                break
            members = closed
            if not members:
                break
        if not members:
            continue
        for index in reversed(members):
            if _holds_now(records[index], invariants, current, machine):
                return members, invariants, index
    return None


def _constant_step(loc: Location, expr: Term | None) -> int | None:
    """The step of a counter's update: ``n`` for ``loc + n``, ``-n`` for ``loc - n``."""
    if not (isinstance(expr, App) and expr.op in ("add", "sub")):
        return None
    counter, step = expr.args
    if not (isinstance(counter, Var) and counter.name == loc and isinstance(step, Lit)):
        return None
    return step.value if expr.op == "add" else -step.value


def _overflows(
    records: Sequence[IterationRecord], current: Mapping[Location, int]
) -> tuple[Overflow, ...]:
    """The integer locations that every iteration moves by a constant of one sign: with
    Java's wrapping ints they leave any bound after at most (MAX - value) / step iterations."""
    steps: dict[Location, set[int]] = {}
    sorts: dict[Location, Sort] = {}
    for record in records:
        sorts.update(dict(record.input_sorts))
        for loc, expr in record.memory_map:
            step = _constant_step(loc, expr)
            if step is not None:
                steps.setdefault(loc, set()).add(step)
    result = []
    for loc, deltas in steps.items():
        if 0 in deltas or len({d > 0 for d in deltas}) != 1 or loc not in current:
            continue
        if any(loc not in dict(r.memory_map) for r in records) or sorts.get(loc) not in (INT, LONG):
            continue
        sort = sorts[loc]
        growing = min(deltas) > 0
        step = min(abs(d) for d in deltas)
        room = INT_MAX[sort] - current[loc] if growing else current[loc] - INT_MIN[sort]
        result.append(Overflow(loc, step if growing else -step, room // step + 1, sort))
    return tuple(result)


def _distinct(records: Sequence[IterationRecord]) -> list[IterationRecord]:
    """One record per abstraction (equal Φ and M), keeping the latest."""
    latest: dict[tuple, IterationRecord] = {}
    for record in records:
        latest.pop(record.signature, None)
        latest[record.signature] = record
    return list(latest.values())


def prove_stuck(
    records: Sequence[IterationRecord],
    current: Mapping[Location, int],
    timeout_ms: int = 1000,
) -> ClosureProof | None:
    """A closure proof that the loop never exits from the current state, or None.

    Cheap necessary condition first: the current state must satisfy some Φ_j (no
    solver call when it does not, which is the common case for loops that progress)."""
    if not any(
        _holds_now(r, (), current, False) or _holds_now(r, (), current, True) for r in records
    ):
        return None
    records = _distinct(records)
    unbounded = _search(records, current, False, timeout_ms)
    if unbounded is None:
        return None
    members, invariants, index = unbounded
    machine = _search(records, current, True, timeout_ms)
    overflows: tuple[Overflow, ...] = ()
    if machine is None:
        overflows = _overflows([records[i] for i in members], current)
    else:
        members, invariants, index = machine
    return ClosureProof(
        tuple(records[i].number for i in members),
        tuple(Invariant(c.location, c.op, c.value, c.sort) for c in invariants),  # type: ignore[arg-type]
        records[index].number,
        machine is not None,
        overflows,
    )


__all__ = [
    "ClosureProof",
    "Invariant",
    "IterationRecord",
    "Overflow",
    "candidate_invariants",
    "needed_locations",
    "prove_stuck",
]
