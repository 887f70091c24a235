"""Confirming a NO by observing the witness run, not by waiting (issue 20).

`observe_hang` starts the witness command that `jhalt.witness.replay` built (``java …``),
contained like every replay, with the JDWP agent (`jhalt.dynamic.session.agent_option`, the
VM suspended until the observer is ready), sets a breakpoint at the proved loop's head (once its class is prepared) and reads
the concrete state (`jhalt.dynamic.snapshot`) at each visit:

* **exact repeat** (Looper's argument, seed 003 §3): when the loop is a function of its state
  (`jhalt.dynamic.loop_shape`: no calls but pure JDK ones, no monitors, empty operand stack at
  the head) and no other application thread is alive, a state at the head equal to an earlier
  one of the same activation — locals, reachable heap up to isomorphism, the touched static
  fields and class initialisation — with no loop exit and no exception in between proves the
  run infinite: the same steps repeat forever. Independent of the analysis;
* **the proved condition**: when the NO carries a concrete condition (`ConcreteCondition`, the
  recurrent set of a non-looping proof), it must hold at ``condition_visits`` successive visits
  — evidence, not a proof; one violation refutes the replay (`Replay.UNCONFIRMED`);
* **Looper**: when the visits decide nothing (no repeat within ``observe_s``, or the loop is
  not a function of its state), Looper's closure proof (`jhalt.dynamic.observer.examine`,
  seed 003) on the same JVM: a proof for the claimed loop that holds for Java's machine
  integers confirms — a proof of its own, independent of the static one.

* **still iterating**: for a loop whose states cannot be compared (it calls program methods,
  say a print helper) and that has no condition to check: after its first visit the head's
  breakpoint is cleared and the JVM runs at full speed for the replay's wait, watched only at
  the loop's exits; then the head is watched again. Reached again in the same activation
  (the same stack depth and callers), never left through an exit: the run still iterates the
  loop after the wait — the thread-dump criterion of `jhalt.witness.replay`, without its
  blind spot (a dump taken inside a callee says nothing), and evidence, not a proof;

Anything else — the class never loads, the head is not reached within ``first_visit_s``, no
repeat within ``observe_s``, a JDWP problem, the program ends — answers None, and the caller
falls back to the fixed wait and thread dumps of `jhalt.witness.replay`. The JVM runs in its
own process group, registered with `jhalt.witness.processes` and released (killed) on every
path. The visits and Looper each get at most half
of the replay's wait (`ObserveLimits.within`), so an undecided observation costs about the
wait once more.
"""

from __future__ import annotations

import dataclasses
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from subprocess import DEVNULL
from typing import Protocol

from jhalt.analyses.nontermination.result import NonTerminationResult
from jhalt.analyses.recurrent.result import RecurrentSetResult
from jhalt.domains.state import StatePosition
from jhalt.dynamic import jdwp_wire as w
from jhalt.dynamic.jdwp import Event, JdwpClient
from jhalt.dynamic.jdwp_wire import JdwpError, Location
from jhalt.dynamic.loop_shape import LoopShape, NoLoopShape, loop_shape
from jhalt.dynamic.observer import SYSTEM_THREAD_GROUPS, Limits, examine
from jhalt.dynamic.session import (
    Address,
    agent_option,
    connect,
    free_loopback_port,
    lists_virtual_threads,
)
from jhalt.dynamic.snapshot import Snapshot, StateReader, read_position
from jhalt.dynamic.vmview import UnsupportedStep, VmView
from jhalt.errors import ClassFormatError, InputError
from jhalt.findings import Finding, ProveResult, Replay, Shown, kind_of
from jhalt.ids import MethodId
from jhalt.witness.containment import contained_command, cpu_limit_for
from jhalt.witness.processes import release
from jhalt.witness.replay import Observer, ReplayResult
from jhalt.witness.startup import start_replay_jvm

LOOPER_ITERATIONS = 20
GROWING_OBSERVE_S = 0.3  # the visits' share when the proof says a value grows without bound


@dataclass(frozen=True)
class ObserveLimits:
    """Time and visit bounds of one observing replay (defaults: a confirmed NO in ~1 s)."""

    first_visit_s: float = 5.0  # JVM start, class load and the first visit of the head
    observe_s: float = 2.0  # visits after the first (wall time: a loaded machine is slower)
    condition_visits: int = 50  # successive visits that must satisfy the condition
    looper_s: float = 2.0  # Looper's closure proof when the visits decide nothing
    iterate_s: float = 0.0  # free running before the head is watched again (the replay's wait)
    revisit_s: float = 2.0  # for that visit of the head

    def total_s(self) -> float:
        """The longest an observation may take (its JVM's CPU-time limit is set from it)."""
        iterating = self.iterate_s + self.revisit_s
        return self.first_visit_s + max(self.observe_s + self.looper_s, iterating)

    def within(self, wait_s: float) -> ObserveLimits:
        """These limits with the visits and Looper capped at half of the replay's wait."""
        half = max(wait_s, 0.0) / 2
        return dataclasses.replace(
            self,
            observe_s=min(self.observe_s, half),
            looper_s=min(self.looper_s, half),
            iterate_s=max(wait_s, 0.0),
        )


class ConcreteCondition(Protocol):
    """A proved condition on the state at the head, evaluable on concrete values
    (`jhalt.analyses.nontermination.condition.RecurrentCondition`).

    ``positions`` are the state positions it reads — ``(position, JDWP tag, source name)``,
    frame 0 the loop's frame; ``holds`` gets their integer values and answers True, False,
    or None when it cannot tell; ``text`` is its source form."""

    @property
    def positions(self) -> tuple[tuple[StatePosition, str, str], ...]: ...

    @property
    def text(self) -> str: ...

    def holds(self, values: Mapping[StatePosition, int]) -> bool | None: ...


@dataclass(frozen=True)
class HangTarget:
    """The proved loop: where the classes are, its method and head pc, and the condition."""

    classpath: str
    method: MethodId
    head_pc: int
    condition: ConcreteCondition | None = None


def observer_for(target: HangTarget, limits: ObserveLimits | None = None) -> Observer:
    """The observer `jhalt.witness.replay.replay` calls with its command line."""
    chosen = limits or ObserveLimits()

    def observe(
        java: str, arguments: Sequence[str], work: Path, wait_s: float
    ) -> ReplayResult | None:
        return observe_hang(java, arguments, work, target, chosen.within(wait_s))

    return observe


def result_observer(result: ProveResult, classpath: str) -> Observer | None:
    """The observer of a NO of `jhalt prove`: its loop and, for a non-looping proof, its
    recurrent condition — unless the proof holds only for mathematical integers (its overflow
    note): on the JVM the values then grow until they wrap, so the condition may not stand for
    the run; an exact repeat still may. None when the answer has no non-termination proof."""
    proof = result.proof
    if isinstance(proof, RecurrentSetResult):  # its set is text: no condition to evaluate
        return observer_for(HangTarget(classpath, proof.loop.method, proof.loop.head_pc))
    if not isinstance(proof, NonTerminationResult):
        return None
    loop = proof.loop
    if proof.overflow_note:  # values grow: a repeat is unlikely, Looper may still prove it
        limits = ObserveLimits(observe_s=GROWING_OBSERVE_S)
        return observer_for(HangTarget(classpath, loop.method, loop.head_pc), limits)
    return observer_for(HangTarget(classpath, loop.method, loop.head_pc, proof.condition))


def finding_observer(finding: Finding, classpath: str) -> Observer | None:
    """The observer of a non-termination finding of `jhalt check` (located at the loop head;
    a finding carries no condition, so only an exact repeat confirms by observation)."""
    if kind_of(finding.kind).shown is not Shown.LOOPING:
        return None
    location = finding.location
    return observer_for(HangTarget(classpath, location.method, location.pc))


def observe_hang(
    java: str,
    arguments: Sequence[str],
    work: Path,
    target: HangTarget,
    limits: ObserveLimits | None = None,
) -> ReplayResult | None:
    """Run ``java ARGUMENTS…`` under observation (module docstring), contained as every replay
    is (`jhalt.witness.startup.start_replay_jvm`, in a fresh directory below ``work``) with
    the JDWP agent in front of the arguments: a confirmed or refuted `ReplayResult` (with the
    command it ran), or None to fall back to the waiting replay. Raises
    `jhalt.witness.startup.NotReplayed` when there is no sandbox to run it in."""
    limits = limits or ObserveLimits()
    try:
        shape = loop_shape(target.classpath, target.method, target.head_pc)
        port = free_loopback_port()
    except (NoLoopShape, ClassFormatError, InputError, OSError):
        return None
    option = agent_option(port, suspend=True, virtual_threads=lists_virtual_threads(java))
    watched = [option, *arguments]
    scratch = Path(tempfile.mkdtemp(prefix="observe-", dir=work))
    started = time.monotonic()
    try:
        process = start_replay_jvm(
            java, watched, scratch, cpu_limit_for(limits.total_s()), DEVNULL, DEVNULL,
            ports=(port,),
        )  # fmt: skip
    except (OSError, subprocess.SubprocessError):
        return None
    try:
        client = connect(Address("127.0.0.1", port), process)
        try:
            observation = _Observation(client, shape, target, limits, started)
            result = observation.run() or observation.looper()
        finally:
            client.close()
    except (InputError, JdwpError, UnsupportedStep, TimeoutError):
        return None
    finally:
        release(process)
    if result is None:
        return None
    return dataclasses.replace(result, command=tuple(contained_command(java, watched, scratch)))


class _Observation:
    """The event loop of one observing replay."""

    def __init__(
        self,
        client: JdwpClient,
        shape: LoopShape,
        target: HangTarget,
        limits: ObserveLimits,
        started: float,
    ) -> None:
        self.client = client
        self.view = VmView(client)
        self.shape = shape
        self.target = target
        self.limits = limits
        self.deadline = started + limits.first_visit_s
        self.thread = 0
        self.depth = 0
        self.head_request = 0
        self.visits = 0
        self.history: dict[tuple[object, ...], int] = {}
        self.satisfied = 0
        self.condition = target.condition
        self.exits: list[Location] = []
        self.exit_requests: set[int] = set()
        self.head_location: Location | None = None
        self.callers: tuple[Location, ...] = ()
        self.first_visit_at = 0.0
        self.requests: list[tuple[int, int]] = []
        self.repeat_refusal = self._repeat_refusal()
        self.reader = StateReader(self.view, shape)

    def _repeat_refusal(self) -> str | None:
        if self.shape.deterministic is not None:
            return self.shape.deterministic
        if not self.shape.stack_empty:
            return "the operand stack is not empty at the head"
        return None

    def _request(self, kind: int, suspend: int, modifiers: list[tuple[int, object]]) -> int:
        request = self.client.set_request(kind, suspend, modifiers)
        self.requests.append((kind, request))
        return request

    def looper(self) -> ReplayResult | None:
        """After an undecided observation of a visited loop: Looper's closure proof on the
        same JVM (`jhalt.dynamic.observer.examine`, seed 003). Confirmed only by a proof for
        the claimed loop that also holds for Java's machine integers."""
        if not self.thread:
            return None
        for kind, request in self.requests:
            self.client.clear_request(kind, request)
        time.sleep(0.02)  # events already on the wire
        self.client.drain_events()
        self.client.resume_vm()  # undo the suspension of any event just drained
        limits = Limits(max_iterations=LOOPER_ITERATIONS, timeout=self.limits.looper_s)
        for verdict in examine(self.client, limits).proved:
            proof, site = verdict.proof, verdict.site
            method = site.method
            claimed = self.shape.method
            if (
                proof is None
                or not proof.machine_ints
                or (method.class_name, method.name, method.descriptor)
                != (claimed.class_name, claimed.name, claimed.descriptor)
                or self.shape.head_pc not in site.loop_pcs
            ):
                continue
            count = len(proof.iterations)
            return ReplayResult(
                Replay.CONFIRMED,
                f"Looper proved on the JVM that the loop at {self.shape.where} never exits: "
                f"{count} observed iteration{'s form' if count != 1 else ' forms'} a closed "
                f"system over Java's ints",
            )
        return None

    def run(self) -> ReplayResult | None:
        """The VM starts suspended: set the head's breakpoint (when the loop's class is
        prepared), resume, and judge visit by visit until a verdict or the deadline."""
        method = self.shape.method
        found = self.client.classes_by_signature(f"L{method.class_name};")
        if found:
            self._set_breakpoints(found[0][1])
        else:
            self._request(
                w.EK_CLASS_PREPARE,
                w.SUSPEND_EVENT_THREAD,
                [(w.MOD_CLASS_MATCH, method.dotted_class)],
            )
        self.client.resume_vm()
        while True:
            left = self.deadline - time.monotonic()
            if left <= 0:
                return None
            event = self.client.next_event(left)
            if event is None:
                return None
            if event.kind == w.EK_CLASS_PREPARE:
                if not self.head_request and event.type_id:
                    self._set_breakpoints(event.type_id)
                self.client.resume_thread(event.thread)
                continue
            outcome = self._on_event(event)
            if outcome is not None:
                return outcome
            if self.thread and self.repeat_refusal and self.condition is None:
                return self.keeps_iterating()  # no state to compare: is it still looping?

    def _set_breakpoints(self, class_id: int) -> None:
        """The breakpoint at the head; the exits' locations for `_first_visit`."""
        method = self.shape.method
        tag = self.view.type_tag(class_id)
        for decl in self.client.methods(class_id):
            if decl.name == method.name and decl.signature == method.descriptor:
                break
        else:
            raise UnsupportedStep(f"{method} is not in the loaded class")
        head = Location(tag, class_id, decl.method_id, self.shape.head_pc)
        self.head_location = head
        self.head_request = self._request(
            w.EK_BREAKPOINT, w.SUSPEND_EVENT_THREAD, [(w.MOD_LOCATION_ONLY, head)]
        )
        self.exits = [Location(tag, class_id, decl.method_id, pc) for pc in self.shape.exits]

    def _on_event(self, event: Event) -> ReplayResult | None:
        if event.kind not in (w.EK_BREAKPOINT, w.EK_EXCEPTION) or not event.thread:
            return None
        if self.thread and event.thread != self.thread:
            self.client.resume_thread(event.thread)
            return None
        if event.kind == w.EK_BREAKPOINT and event.request_id == self.head_request:
            outcome = self._visit(event.thread)
            if outcome is not None:
                return outcome
        else:  # a loop exit or an exception: earlier states say nothing about what follows
            self.history.clear()
            self.satisfied = 0
        self.client.resume_thread(event.thread)
        return None

    def _first_visit(self, thread: int) -> None:
        """Fix the observed thread; watch its exits and exceptions; start the observing time."""
        self.thread = thread
        self.first_visit_at = time.monotonic()
        for exit_location in self.exits:
            self.exit_requests.add(
                self._request(
                    w.EK_BREAKPOINT,
                    w.SUSPEND_EVENT_THREAD,
                    [(w.MOD_THREAD_ONLY, thread), (w.MOD_LOCATION_ONLY, exit_location)],
                )
            )
        self._request(
            w.EK_EXCEPTION,
            w.SUSPEND_EVENT_THREAD,
            [(w.MOD_THREAD_ONLY, thread), (w.MOD_EXCEPTION_ONLY, None)],
        )
        if self.repeat_refusal is None and self._other_threads(thread):
            self.repeat_refusal = "other application threads are alive"
        self.deadline = time.monotonic() + self.limits.observe_s

    def _other_threads(self, thread: int) -> bool:
        for other in self.client.all_threads():
            if other == thread:
                continue
            try:
                status, _ = self.client.thread_status(other)
                name = self.client.thread_name(other)
                group = self.client.thread_group_name(other)
            except JdwpError:
                continue
            if status != 0 and group not in SYSTEM_THREAD_GROUPS and name != "DestroyJavaVM":
                return True
        return False

    def _visit(self, thread: int) -> ReplayResult | None:
        if not self.thread:
            self._first_visit(thread)
        frames = self.client.frames(thread)
        if not self.callers:
            self.callers = tuple(frame.location for frame in frames[1:])
        if len(frames) != self.depth:  # another activation of the method
            self.depth = len(frames)
            self.history.clear()
            self.satisfied = 0
        self.visits += 1
        if self.repeat_refusal is None:
            snapshot = self.reader.read(thread, frames[0].frame_id)
            if snapshot is not None:
                earlier = self.history.get(snapshot.key)
                if earlier is not None:
                    return self._repeated(snapshot, self.visits - earlier)
                self.history[snapshot.key] = self.visits
        return self._check_condition(thread)

    def keeps_iterating(self) -> ReplayResult | None:
        """Module docstring, "still iterating": the JVM runs free (only the exits watched)
        until the replay's wait has passed since the first visit, then the head is watched
        again. None when the loop was left, the head is not reached again in time, or the
        visit is of another activation."""
        if self.limits.iterate_s <= 0:
            return None  # no wait to outlast (limits not fitted to a replay's wait)
        self._clear(lambda kind, request: request == self.head_request)
        if self._left_before(self.first_visit_at + self.limits.iterate_s):
            return None
        head = self.head_location
        assert head is not None  # set with the first breakpoint, before any visit
        self.head_request = self._request(
            w.EK_BREAKPOINT,
            w.SUSPEND_EVENT_THREAD,
            [(w.MOD_THREAD_ONLY, self.thread), (w.MOD_LOCATION_ONLY, head)],
        )
        for event in self._events_until(time.monotonic() + self.limits.revisit_s):
            if event.request_id in self.exit_requests:
                return None
            if event.request_id == self.head_request:
                return self._revisited(event.thread)
        return None

    def _left_before(self, until: float) -> bool:
        """Run until ``until``; True when the observed thread reaches an exit of the loop."""
        for event in self._events_until(until):
            if event.request_id in self.exit_requests:
                return True
            if event.kind == w.EK_EXCEPTION and event.thread == self.thread:
                if not self._caught_within(event):
                    return True
        return False

    def _events_until(self, until: float) -> Iterator[Event]:
        """The JVM's events until ``until``; the thread of an event stays suspended until the
        caller asks for the next one (a caller that stops there keeps it suspended)."""
        while (left := until - time.monotonic()) > 0:
            event = self.client.next_event(left)
            if event is None:
                continue
            yield event
            if event.thread:
                self.client.resume_thread(event.thread)

    def _caught_within(self, event: Event) -> bool:
        """Whether an exception thrown on the observed thread is caught inside the loop's
        activation: by a callee of the loop's frame, or by a handler inside the loop."""
        catch = event.catch
        if catch is None:
            return False
        frames = self.client.frames(event.thread)
        loop_index = len(frames) - self.depth
        if loop_index < 0:
            return False
        for frame in frames[:loop_index]:
            if (frame.location.class_id, frame.location.method_id) == (
                catch.class_id,
                catch.method_id,
            ):
                return True
        loop_frame = frames[loop_index].location
        same_method = (loop_frame.class_id, loop_frame.method_id) == (
            catch.class_id,
            catch.method_id,
        )
        return same_method and catch.index in self.shape.pcs

    def _revisited(self, thread: int) -> ReplayResult | None:
        frames = self.client.frames(thread)
        callers = tuple(frame.location for frame in frames[1:])
        if len(frames) != self.depth or callers != self.callers:
            return None  # the method was entered anew: not the claimed activation
        waited = time.monotonic() - self.first_visit_at
        return ReplayResult(
            Replay.CONFIRMED,
            f"still iterating after {waited:.1f} s: the loop at {self.shape.where} was never "
            f"left and its head is reached again in the same call (observed on the JVM)",
        )

    def _clear(self, which: Callable[[int, int], bool]) -> None:
        """Clear the event requests ``which(kind, request)`` selects."""
        kept = []
        for kind, request in self.requests:
            if which(kind, request):
                self.client.clear_request(kind, request)
            else:
                kept.append((kind, request))
        self.requests = kept

    def _repeated(self, snapshot: Snapshot, iterations: int) -> ReplayResult:
        plural = "s" if iterations != 1 else ""
        return ReplayResult(
            Replay.CONFIRMED,
            f"state at {self.shape.where} repeated after {iterations} iteration{plural}: "
            f"{self.reader.describe(snapshot)} (observed on the JVM: the loop is a function of "
            f"this state, so it repeats forever)",
        )

    def _check_condition(self, thread: int) -> ReplayResult | None:
        condition = self.condition
        if condition is None:
            return None
        values = self._condition_values(thread, condition)
        answer = condition.holds(values) if values is not None else None
        if values is None or answer is None:
            self.condition = None  # cannot be evaluated here: no claim from it
            return None
        if not answer:
            shown = ", ".join(f"{name} = {values[p]}" for p, _, name in condition.positions)
            return ReplayResult(
                Replay.UNCONFIRMED,
                f"visit {self.visits} of {self.shape.where} violated the proved condition "
                f"{condition.text}: {shown}",
            )
        self.satisfied += 1
        if self.satisfied < self.limits.condition_visits:
            return None
        return ReplayResult(
            Replay.CONFIRMED,
            f"confirmed: {self.satisfied} visits of {self.shape.where} satisfied {condition.text}",
        )

    def _condition_values(
        self, thread: int, condition: ConcreteCondition
    ) -> dict[StatePosition, int] | None:
        values: dict[StatePosition, int] = {}
        for position, tag, _ in condition.positions:
            value = read_position(self.view, thread, position, tag)
            if value is None:
                return None
            values[position] = value
        return values


__all__ = [
    "ConcreteCondition",
    "HangTarget",
    "ObserveLimits",
    "Observer",
    "finding_observer",
    "result_observer",
    "observe_hang",
    "observer_for",
]
