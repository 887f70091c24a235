"""The objects a run may still read (issue 36): reachable from *live* roots.

A state's roots are its frames' locals and operand stacks, the static fields it binds and
a pending exception.  A local that no path of its method reads again before writing it
(`jhalt.bytecode.liveness`, at the frame's pc: for a caller frame the pc of its call, whose
locals are those live after the call) is dead: the run never reads it again, so an object
only dead locals hold — javac keeps ``main``'s ``tree`` in its slot while ``count(tree)``
runs — is garbage.  `live_roots` are the others; `certainly_live` closes them under
represented fields and entries: objects the run certainly may still read.
Assumes the state holds every frame of the run (outside recursive calls' contexts); a frame
of a method without code keeps all its locals.
"""

from __future__ import annotations

from jhalt.bytecode.body import analyze_method
from jhalt.bytecode.liveness import live_locals
from jhalt.domains.state import AbstractState
from jhalt.domains.values import NULL, Ref
from jhalt.errors import JhaltError
from jhalt.ids import MethodId
from jhalt.program import Program


class LiveRoots:
    """`live_roots` and `certainly_live` of states of one program, the liveness of each
    method computed once."""

    def __init__(self, program: Program | None) -> None:
        self.program = program
        self._live: dict[MethodId, dict[int, frozenset[int]] | None] = {}

    def _slots(self, method: MethodId, pc: int) -> frozenset[int] | None:
        """The live slots at ``pc`` of ``method``; None when unknown (all live)."""
        if method not in self._live:
            self._live[method] = self._analyse(method)
        table = self._live[method]
        return None if table is None else table.get(pc)

    def _analyse(self, method: MethodId) -> dict[int, frozenset[int]] | None:
        if self.program is None:
            return None
        classfile = self.program.find(method.class_name)
        info = classfile.method(method.name, method.descriptor) if classfile else None
        if classfile is None or info is None or info.code is None:
            return None
        try:
            return live_locals(analyze_method(info, classfile))
        except JhaltError:
            return None

    def live_roots(self, state: AbstractState) -> list[Ref]:
        """The object references of the live roots of ``state`` (module doc)."""
        found: list[Ref] = []
        for frame in state.frames:
            slots = self._slots(frame.position.method, frame.position.pc)
            for index, reference in enumerate(frame.locals):
                if reference is not None and (slots is None or index in slots):
                    found.append(reference)
            found += frame.stack
        found += [r for _, r in state.static_fields]
        if state.exception is not None:
            found.append(state.exception)
        return [r for r in found if r != NULL and state.is_object(r)]

    def certainly_live(self, state: AbstractState) -> frozenset[Ref]:
        """What the live roots reach through represented fields and entries alone: objects
        a run certainly may still read."""
        live: set[Ref] = set()
        todo = self.live_roots(state)
        while todo:
            reference = todo.pop()
            if reference not in live and state.is_object(reference):
                live.add(reference)
                todo += state.children(reference)
        return frozenset(live)
