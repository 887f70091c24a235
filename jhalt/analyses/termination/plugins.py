"""The two plug-in interfaces of the fact extraction (`jhalt.analyses.termination.extract`,
issue 35 items 1 and 2): a `Norm` says what the size variables measure, a `PathFact` adds
one kind of knowledge that a path collects; both see the extractor as an `Extraction`.

The extractor walks the paths from each cut point (a loop head) to the next one.  At the
hooks below it asks its norm, then every path fact of its ordered list
(`jhalt.analyses.termination.facts.PATH_FACTS`) in turn; the facts are appended to the
path in that order (the order of a transition's guard, which the ranking search sees).

* **Norm** — what it sizes at a cut point (`Norm.sized_refs`), the facts it needs at a node
  (`Norm.node_facts`), the effect of a write (`Norm.changed_by`, `Norm.write_kept`,
  `Norm.write_facts`, `Norm.primitive_write`), what it carries along a path and into the
  next cut point (`Norm.start`, `Norm.renamed`, `Norm.carries`), and the name of the result
  lemmas about it (`Norm.lemma_name`).  A norm that has no size on cyclic data
  (``acyclic_data``) gets the facts that speak of acyclic structures.
* **PathFact** — whether it is used in an extraction (`PathFact.applies`, by the norm and
  the heap checks), the variables it adds to a cut point (`PathFact.at_cut_point`), its
  start at a cut point, its facts at a node, the effect of an evaluation edge (a call, a
  write), of a refinement's renaming and of a new heap version, its facts at the instance
  edge into the next cut point, and what it adds to the finished ITS.  Each fact keeps what
  it knows in its own slot of the path state (`pathstate.Slot`).

Adding a norm is one module (a class with these methods, handed to the extractor by the
prover); adding a path fact is one module plus one entry of `PATH_FACTS`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar, Protocol, TypeVar

from jhalt.analyses.termination.cutpoints import CutPoint
from jhalt.analyses.termination.heap.forest_check import ForestCheck
from jhalt.analyses.termination.pathfacts import WriteKinds
from jhalt.analyses.termination.pathstate import PathState
from jhalt.analyses.termination.sizes import SizeAnalysis
from jhalt.domains.state import AbstractState
from jhalt.domains.values import Ref
from jhalt.its.linear import LinearConstraint, LinearExpr
from jhalt.its.system import ITS
from jhalt.program import Program
from jhalt.seg.graph import SymbolicExecutionGraph
from jhalt.seg.labels import EvalEdge

T = TypeVar("T")
SizeOf = Callable[[Ref], LinearExpr]


class Extraction(Protocol):
    """What a plug-in sees of the extractor of one component."""

    graph: SymbolicExecutionGraph
    nodes: frozenset[int]
    program: Program | None
    norm: Norm
    forest: ForestCheck
    acyclic_heap: bool
    """No concrete heap of the program has a cycle (`acyclicity`)."""
    writes: WriteKinds

    def sizes(self, node: int) -> SizeAnalysis:
        """The longest-path size analysis of ``node``'s state (`sizes`), cached."""
        ...

    def int_name(self, source: CutPoint, reference: Ref) -> str:
        """The ITS variable of an integer reference on a path from ``source``."""
        ...

    def size_var(
        self, source: CutPoint, path: PathState, reference: Ref, version: int | None = None
    ) -> LinearExpr:
        """The size of ``reference`` in the current heap version of ``path`` (or in
        ``version``)."""
        ...

    def shared(self, make: Callable[[Extraction], T]) -> T:
        """``make(self)``, made once per extraction (a cache several plug-ins share)."""
        ...


class Norm(Protocol):
    """What the size variables of an extraction measure (module doc).  The methods with a
    body are the defaults of a norm that has nothing to say there."""

    acyclic_data: ClassVar[bool] = False
    """Sizes exist only on acyclic data (a longest path, a term size): the extraction then
    carries the acyclic references along a path, and recursive calls keep sizes by types."""
    longest_path: ClassVar[bool] = False
    """The longest-path norm (`sizes`), which some facts are proved for only."""

    def describe(self) -> str:
        """What the sizes are, for a proof's heap facts."""
        ...

    def lemma_name(self) -> str | None:
        """The norm result lemmas about these sizes name (`ResultBound.norm`)."""
        return self.describe()

    def along(self) -> frozenset[str] | None:
        """The fields (by name) along which a size is measured; None: every field."""
        return None

    def sized_refs(self, ext: Extraction, node: int) -> tuple[Ref, ...]:
        """The references with a size variable at the cut point ``node``."""
        ...

    def start(self, ext: Extraction, point: CutPoint, path: PathState) -> None:
        """What a path from ``point`` carries for the norm, set at its start."""
        return None

    def node_facts(
        self, ext: Extraction, source: CutPoint, path: PathState, node: int
    ) -> list[LinearConstraint]:
        """The facts of the sizes at ``node`` of the path."""
        ...

    def renamed(self, path: PathState, old: Ref, new: Ref) -> None:
        """A refinement renames the object ``old`` to ``new``."""
        return None

    def primitive_write(
        self,
        ext: Extraction,
        source: CutPoint,
        path: PathState,
        before: AbstractState,
        label: EvalEdge,
    ) -> None:
        """The effect of a write of a primitive value (no object structure changes)."""
        return None

    def changed_by(self, ext: Extraction, label: EvalEdge) -> bool:
        """Whether the write of an object or null at ``label`` may change a size."""
        return True

    def write_kept(
        self, ext: Extraction, path: PathState, before: AbstractState, written: Ref, stored: Ref
    ) -> frozenset[Ref]:
        """References whose size a write of ``stored`` into ``written`` keeps, besides
        those that cannot reach ``written``."""
        return frozenset()

    def write_facts(
        self,
        ext: Extraction,
        source: CutPoint,
        path: PathState,
        before: AbstractState,
        label: EvalEdge,
        written: Ref,
        old: SizeOf,
    ) -> list[LinearConstraint]:
        """Facts relating the sizes after a write into ``written`` (the path's new version)
        to those before it (``old``)."""
        return []

    def carries(
        self,
        ext: Extraction,
        source: CutPoint,
        path: PathState,
        general: AbstractState,
        renaming: tuple[tuple[Ref, Ref], ...],
    ) -> bool:
        """Whether the sizes at the end of the path are the sizes of the next cut point
        (state ``general``, reached through ``renaming``)."""
        return True


class PathFact:
    """One kind of knowledge a path collects (module doc); a subclass overrides the hooks
    it needs, the others do nothing.  Made once per extraction it applies to."""

    def __init__(self, ext: Extraction) -> None:
        self.ext = ext

    @staticmethod
    def applies(ext: Extraction) -> bool:
        """Whether the fact is used in the extraction ``ext`` (by its norm, heap checks)."""
        return True

    def at_cut_point(self, point: CutPoint) -> CutPoint:
        """``point`` with the variables this fact adds."""
        return point

    def start(self, point: CutPoint, path: PathState) -> None:
        """The fact's slot at the start of a path from ``point``."""

    def on_node(self, source: CutPoint, path: PathState, node: int) -> None:
        """Facts at ``node`` (``path.node``), appended to ``path.facts``."""

    def on_eval(
        self,
        source: CutPoint,
        path: PathState,
        before: AbstractState,
        after: AbstractState,
        label: EvalEdge,
    ) -> None:
        """The effect of an evaluation edge (an instruction, a call entered or summarised,
        a library call) from ``path.node``, before its relations are added."""

    def on_rename(self, source: CutPoint, path: PathState, old: Ref, new: Ref) -> None:
        """A refinement renames the object ``old`` to ``new`` (one object, two names)."""

    def on_version(self, path: PathState, kept: frozenset[Ref]) -> None:
        """A heap write started a new version of the sizes that keeps only ``kept``'s."""

    def on_instance(
        self,
        source: CutPoint,
        path: PathState,
        target: CutPoint,
        instance: AbstractState,
        instance_of: dict[Ref, Ref],
    ) -> list[LinearConstraint]:
        """Facts over the primed variables of the cut point ``target``, reached from the
        state ``instance`` whose references are ``instance_of`` the general ones."""
        return []

    def finish(self, its: ITS) -> tuple[ITS, tuple[str, ...]]:
        """The finished ITS of the component, with the heap facts it now relies on."""
        return its, ()
