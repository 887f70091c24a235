"""Examining a running JVM: find the loops its threads are in, observe iterations, prove.

Seed 003 §4, Algorithm 1, adapted to a debugger: `examine` suspends the VM; for each
running thread it lists candidate loop heads — the natural loops containing the pc of
each frame, innermost loop of the innermost frame first (the CFG of each method is
rebuilt from JDWP Method.Bytecodes). For a candidate it lets only that thread run to
the loop head (a breakpoint filtered by thread; the frame depth identifies the frame),
then single-steps it through iterations, each executed concolically
(`ConcolicIteration`), and after each iteration tries the closure proof
(`prove_stuck`) against the current state. It stops at a proof, at K iterations, at
the time limit, or when the loop exits. Other threads stay suspended meanwhile. On
every path the event requests are cleared and the VM is resumed and detached
(`JdwpClient.dispose`, by the caller).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from jhalt.dynamic import jdwp_wire as w
from jhalt.dynamic.concolic import (
    CONTINUE,
    LOOP_EXITED,
    ConcolicIteration,
    Divergence,
    IterationTooLong,
)
from jhalt.dynamic.deadlock import (
    Deadlock,
    find_all_waiting,
    find_deadlock,
    service_threads_idle,
    settled,
)
from jhalt.dynamic.jdwp import JdwpClient
from jhalt.dynamic.jdwp_wire import JdwpError, Location, VmGoneError
from jhalt.dynamic.memory import FreshObject
from jhalt.dynamic.prover import ClosureProof, IterationRecord, needed_locations, prove_stuck
from jhalt.dynamic.repeat import (
    IGNORED_FIELDS,
    RepeatProof,
    RepeatShape,
    find_repeat,
    receivers_ok,
    repeat_shape,
)
from jhalt.dynamic.snapshot import Snapshot, StateReader
from jhalt.dynamic.threads import (
    LoopSite,
    ThreadSnapshot,
    as_int,
    loop_sites,
    read_current_state,
    thread_dump,
)
from jhalt.dynamic.vmview import ClassNotReady, UnsupportedStep, VmView

MAX_DIVERGENCES = 5
# The JDK's own service threads (Reference Handler, Finalizer, Common-Cleaner, ...).
SYSTEM_THREAD_GROUPS = frozenset({"system", "InnocuousThreadGroup"})


@dataclass(frozen=True)
class LoopVerdict:
    """What was found for one loop: a proof, or the reason there is none."""

    site: LoopSite
    proof: ClosureProof | None
    records: tuple[IterationRecord, ...]
    reason: str
    elapsed: float
    other_threads: int = 0  # application threads alive besides the observed one
    repeat: RepeatProof | None = None  # proved by an exact repeat instead (`repeat`)

    @property
    def proved(self) -> bool:
        return self.proof is not None or self.repeat is not None


@dataclass(frozen=True)
class Examination:
    verdicts: tuple[LoopVerdict, ...]
    threads: tuple[ThreadSnapshot, ...]
    elapsed: float
    notes: tuple[str, ...] = ()
    deadlocks: tuple[Deadlock, ...] = ()

    @property
    def proved(self) -> tuple[LoopVerdict, ...]:
        return tuple(v for v in self.verdicts if v.proved)

    @property
    def stuck(self) -> bool:
        """Whether some thread is proved stuck: in a loop, or in a deadlock."""
        return bool(self.proved or self.deadlocks)


@dataclass
class Limits:
    max_iterations: int = 20
    timeout: float = 10.0
    step_timeout: float = 2.0  # no event for this long: the thread is blocked
    max_bytecodes: int = 20_000
    """Budget of one observed iteration in bytecodes (about 3 s of single-stepping at
    ~140 µs per bytecode): a longer iteration ends the loop's observation with "iteration
    longer than N bytecodes"."""


@dataclass
class _Clock:
    deadline: float

    def left(self) -> float:
        return self.deadline - time.monotonic()


# ---------------------------------------------------------------- observing one loop


def _record(engine: ConcolicIteration, number: int) -> IterationRecord:
    memory = engine.memory
    heap = {loc: expr for loc, expr in memory.memory_map().items()}
    locals_map = engine.locals_map()
    combined = {**heap, **locals_map}
    start_values = []
    sorts = []
    for loc, value in memory.inputs.items():
        sort = value.expr.sort
        concrete = value.concrete
        if isinstance(concrete, FreshObject):  # pragma: no cover - inputs are never fresh
            continue
        start_values.append((loc, as_int(concrete, sort)))
        sorts.append((loc, sort))
    return IterationRecord(
        number=number,
        path_constraint=tuple(memory.path),
        memory_map=tuple(sorted(combined.items(), key=lambda kv: repr(kv[0]))),
        start_values=tuple(start_values),
        input_sorts=tuple(sorts),
        loop_pcs=tuple(engine.loop_path),
        steps=engine.steps,
        methods=tuple(sorted(engine.entered_methods)),
        volatile_reads=tuple(sorted(engine.volatile_reads)),
        synchronizes=engine.synchronizes,
    )


class _Observation:
    """The event loop for one candidate loop of one thread."""

    def __init__(
        self, view: VmView, site: LoopSite, limits: Limits, clock: _Clock, app_threads: list[int]
    ) -> None:
        self.app_threads = app_threads
        self.view = view
        self.client: JdwpClient = view.client
        self.site = site
        self.limits = limits
        self.clock = clock
        self.requests: list[tuple[int, int]] = []
        self.breakpoints: dict[tuple[int, int, int], int] = {}

    def _request(self, kind: int, modifiers: list) -> int:
        request = self.client.set_request(kind, w.SUSPEND_EVENT_THREAD, modifiers)
        self.requests.append((kind, request))
        return request

    def _clear(self) -> None:
        for entry in self.requests:
            try:
                self.client.clear_request(*entry)
            except JdwpError:
                pass
        self.requests.clear()
        self.breakpoints.clear()

    def _next_event(self) -> tuple[int, Location]:
        """The next breakpoint or exception event of our thread; raises TimeoutError."""
        while True:
            wait = min(self.limits.step_timeout, max(self.clock.left(), 0.0))
            if wait <= 0:
                raise TimeoutError("time limit reached")
            event = self.client.next_event(wait)
            if event is None:
                raise TimeoutError("the thread produced no event (blocked or waiting?)")
            if event.thread == self.site.thread and event.location is not None:
                if event.kind in (w.EK_BREAKPOINT, w.EK_EXCEPTION):
                    return event.kind, event.location

    def _breakpoint(self, class_id: int, method_id: int, index: int) -> None:
        """A breakpoint (for our thread only) at this location, set once per observation."""
        key = (class_id, method_id, index)
        if key in self.breakpoints:
            return
        loc = Location(self.view.type_tag(class_id), class_id, method_id, index)
        self.breakpoints[key] = self._request(
            w.EK_BREAKPOINT, [(w.MOD_THREAD_ONLY, self.site.thread), (w.MOD_LOCATION_ONLY, loc)]
        )

    def _shared_state_reason(self, records: list[IterationRecord]) -> str | None:
        """Refuse when another application thread may end the loop: the iterations read
        volatile fields or take monitors while other application threads are alive."""
        others = [t for t in self.app_threads if t != self.site.thread]
        if not others:
            return None
        volatile = sorted({v for r in records for v in r.volatile_reads})
        if volatile:
            return (
                f"the loop reads volatile {', '.join(volatile)}, which one of the other "
                f"{len(others)} running application thread(s) may write: not claimed stuck"
            )
        if any(r.synchronizes for r in records):
            return (
                "the loop synchronizes with other threads, and other application threads "
                "are alive: not claimed stuck"
            )
        return None

    def _run_to_header(self) -> Location:
        """Let the thread run until its loop frame is at the loop header."""
        site = self.site
        method = site.method
        self._breakpoint(method.class_id, method.method_id, site.header)
        head = (method.class_id, method.method_id, site.header)
        while True:
            self.client.resume_thread(site.thread)
            kind, loc = self._next_event()
            if kind == w.EK_BREAKPOINT and (loc.class_id, loc.method_id, loc.index) == head:
                if self.client.frame_count(site.thread) == site.depth:
                    return loc

    def _step(self, engine: ConcolicIteration) -> Location:
        """Run the thread to the instruction the model predicts, and no further.

        Stepping is done with breakpoints at predicted locations rather than JDWP
        single-step requests: HotSpot keeps a single-stepped thread in interpreter-only
        mode after the request is cleared (the agent's pending frame-pop on the loop's
        frame), which would slow the resumed program down for good. An exception event
        means the prediction is void (exceptions are not modelled)."""
        self._breakpoint(*engine.next_location())
        self.client.resume_thread(self.site.thread, wait=False)
        kind, loc = self._next_event()
        if kind == w.EK_EXCEPTION:
            raise Divergence(f"an exception was thrown at index {loc.index}")
        return loc

    def _at_header(self, top: Location) -> bool:
        """Whether the thread is at the loop header in the frame of the site."""
        site = self.site
        return (top.class_id, top.method_id, top.index) == (
            site.method.class_id,
            site.method.method_id,
            site.header,
        ) and self.client.frame_count(site.thread) == site.depth

    def _try_proof(
        self, records: list[IterationRecord]
    ) -> tuple[ClosureProof | None, list[IterationRecord], str] | None:
        """The result of the observation if ``records`` and the current state prove the
        thread stuck (or the proof fails for shared state), None to observe further."""
        site = self.site
        current = read_current_state(self.view, site.thread, needed_locations(records))
        proof = prove_stuck(records, current)
        if proof is None:
            return None
        shared = self._shared_state_reason(records)
        if shared:
            return None, records, shared
        return proof, records, "proved"

    def _iterate(self, engine: ConcolicIteration, loc: Location) -> tuple[str, Location]:
        """Step ``engine`` from ``loc`` until it ends the iteration or sees the loop exit:
        its outcome and the last location."""
        outcome = engine.on_event(loc)
        while outcome == CONTINUE:
            loc = self._step(engine)
            outcome = engine.on_event(loc)
        return outcome, loc

    def _engine(self, number: int) -> ConcolicIteration:
        """The concolic interpreter of iteration ``number``, with the bytecode budget."""
        site = self.site
        return ConcolicIteration(
            self.view,
            site.thread,
            site.method,
            site.header,
            site.loop_pcs,
            str(number),
            self.limits.max_bytecodes,
        )

    def _exits(self) -> frozenset[int]:
        """The pcs outside the loop that its blocks may branch to (normal edges)."""
        pcs = self.site.loop_pcs
        blocks = self.site.method.cfg.blocks
        return frozenset(t for b in blocks if b.start in pcs for t in b.successors if t not in pcs)

    def _next_visit(self, exits: frozenset[int]) -> None:
        """Run the thread, unstepped, to its next visit of the loop head in the loop's frame;
        leaving the loop (an exit pc in that frame) or any exception ends the observation."""
        site = self.site
        method = site.method
        for pc in (site.header, *exits):
            self._breakpoint(method.class_id, method.method_id, pc)
        while True:
            self.client.resume_thread(site.thread)
            kind, loc = self._next_event()
            if kind == w.EK_EXCEPTION:
                raise Divergence(f"an exception was thrown at index {loc.index}")
            same = (loc.class_id, loc.method_id) == (method.class_id, method.method_id)
            if not same or self.client.frame_count(site.thread) != site.depth:
                continue
            if loc.index == site.header:
                return
            if loc.index in exits:
                raise Divergence("the loop exited during observation: it is not stuck")

    def run_repeat(self, shape: RepeatShape) -> tuple[RepeatProof | None, str]:
        """Observe head visits until the state repeats exactly (`jhalt.dynamic.repeat`)."""
        site, client = self.site, self.client
        reader = StateReader(self.view, shape.shape, ignored=IGNORED_FIELDS)
        exits = self._exits()
        visits = [0]

        def next_visit() -> Snapshot | None:
            if visits[0]:
                self._next_visit(exits)
            visits[0] += 1
            return reader.read(site.thread, client.frames(site.thread, 0, 1)[0].frame_id)

        _settle(client, site.thread)
        try:
            if not self._at_header(client.frames(site.thread, 0, 1)[0].location):
                self._run_to_header()
            self._request(
                w.EK_EXCEPTION, [(w.MOD_THREAD_ONLY, site.thread), (w.MOD_EXCEPTION_ONLY, None)]
            )
            found = find_repeat(next_visit, lambda snap: receivers_ok(self.view, shape, snap))
            if isinstance(found, str):
                return None, found
            first, repeat, snapshot = found
            statics = tuple(
                f"{f.class_name.rsplit('/', 1)[-1]}.{f.name}" for f in shape.shape.statics
            )
            state = reader.describe(snapshot)
            proof = RepeatProof(first, repeat, shape.calls, state, statics, shape.counters)
            return proof, "proved"
        except (Divergence, TimeoutError, UnsupportedStep, ClassNotReady) as exc:
            return None, str(exc)
        except JdwpError as exc:
            if isinstance(exc, VmGoneError):
                raise
            return None, f"JDWP error: {exc}"
        finally:
            self._clear()
            client.drain_events()
            _settle(client, site.thread)

    def run(self) -> tuple[ClosureProof | None, list[IterationRecord], str]:
        site = self.site
        client = self.client
        records: list[IterationRecord] = []
        _settle(client, site.thread)
        top = client.frames(site.thread, 0, 1)[0].location
        at_head = self._at_header(top)
        divergences = 0
        reason = "no iteration observed"
        try:
            loc = top if at_head else self._run_to_header()
            self._request(
                w.EK_EXCEPTION, [(w.MOD_THREAD_ONLY, site.thread), (w.MOD_EXCEPTION_ONLY, None)]
            )
            number = 0
            while len(records) < self.limits.max_iterations:
                number += 1
                engine = self._engine(number)
                try:
                    outcome, loc = self._iterate(engine, loc)
                except (Divergence, UnsupportedStep, ClassNotReady) as exc:
                    # Sound to skip: a closed argument covers every path the loop can
                    # take from the current state, observed or not.
                    divergences += 1
                    what = (
                        "unsupported"
                        if isinstance(exc, UnsupportedStep)
                        else "observation diverged"
                    )
                    reason = f"{what}: {exc}"
                    if divergences > MAX_DIVERGENCES:
                        return None, records, reason
                    loc = self._run_to_header()
                    continue
                if outcome == LOOP_EXITED:
                    return None, records, "the loop exited during observation: it is not stuck"
                records.append(_record(engine, number))
                finished = self._try_proof(records)
                if finished is not None:
                    return finished
                reason = f"no closed argument after {len(records)} iteration(s)"
            return None, records, f"could not prove after {len(records)} iterations (limit)"
        except UnsupportedStep as exc:
            return None, records, f"unsupported: {exc}"
        except IterationTooLong as exc:
            return None, records, f"{exc} (the budget of one iteration; not claimed stuck)"
        except TimeoutError as exc:
            return None, records, f"{exc} ({reason})"
        except (VmGoneError, KeyboardInterrupt):
            raise
        except JdwpError as exc:
            return None, records, f"JDWP error: {exc}"
        except Exception as exc:
            return None, records, f"internal error: {type(exc).__name__}: {exc}"
        finally:
            self._clear()
            client.drain_events()
            _settle(client, site.thread)


def _settle(client: JdwpClient, thread: int) -> None:
    """Leave ``thread`` suspended exactly once (events may have suspended it again)."""
    try:
        _, suspended = client.thread_status(thread)
        if not suspended:
            client.suspend_thread(thread)
        while client.suspend_count(thread) > 1:
            client.resume_thread(thread)
    except JdwpError:
        pass


def _candidate_threads(client: JdwpClient) -> tuple[list[tuple[int, str]], list[int]]:
    """The threads worth observing, (id, name) for each running application thread whose
    top frame has a location, and all application threads (not in a system group, not
    zombies, not ``DestroyJavaVM``); a thread that JDWP cannot describe is skipped."""
    candidates = []
    app_threads = []
    for thread in client.all_threads():
        try:
            status, _ = client.thread_status(thread)
            name = client.thread_name(thread)
            if client.thread_group_name(thread) in SYSTEM_THREAD_GROUPS or status == 0:
                continue
            if name != "DestroyJavaVM":
                app_threads.append(thread)
            if status != 1:
                continue
            frames = client.frames(thread, 0, 1)
            if not frames or frames[0].location.index < 0:
                continue
            candidates.append((thread, name))
        except JdwpError:
            continue
    return candidates, app_threads


def _all_waiting(view: VmView, app_threads: list[tuple[int, str]]) -> Deadlock | None:
    """Every application thread waiting without a timeout, still so after the VM ran for
    `jhalt.dynamic.deadlock.SETTLE_S` seconds with none returning from its wait."""
    waiting = find_all_waiting(view, app_threads)
    if waiting is None or not settled(view, waiting):
        return None
    again = find_all_waiting(view, app_threads)
    if again is None or [(w.thread, w.kind, w.lock) for w in again.waits] != [
        (w.thread, w.kind, w.lock) for w in waiting.waits
    ]:
        return None
    return again


def _named_threads(client: JdwpClient) -> list[tuple[int, str]]:
    """Every live thread with its name (a thread JDWP cannot name is left out)."""
    named = []
    for thread in client.all_threads():
        try:
            named.append((thread, client.thread_name(thread)))
        except JdwpError:
            continue
    return named


def _observe(
    view: VmView,
    site: LoopSite,
    limits: Limits,
    clock: _Clock,
    app_threads: list[int],
    thread: int,
) -> LoopVerdict:
    """The verdict on the loop at ``site``: an exact repeat when the loop goes through
    deterministic library calls, else observed iterations and a closure proof, if any; a
    JDWP error ends the observation without a proof (the VM being gone is raised)."""
    began = time.monotonic()
    others = len([t for t in app_threads if t != thread])
    observation = _Observation(view, site, limits, clock, app_threads)
    try:
        shape = repeat_shape(view, site.method, site.header, site.loop_pcs, others > 0)
        repeat_reason = None
        if not isinstance(shape, str):
            repeated, repeat_reason = observation.run_repeat(shape)
            if repeated is not None:
                elapsed = time.monotonic() - began
                return LoopVerdict(site, None, (), "proved", elapsed, others, repeated)
        proof, records, reason = observation.run()
        if repeat_reason:
            reason = f"{reason} (exact repeat: {repeat_reason})"
    except VmGoneError:
        raise
    except JdwpError as exc:
        proof, records, reason = None, [], f"JDWP error: {exc}"
    return LoopVerdict(site, proof, tuple(records), reason, time.monotonic() - began, others)


def examine(
    client: JdwpClient,
    limits: Limits | None = None,
    progress: Callable[[str], None] | None = None,
) -> Examination:
    """Suspend the VM and try to prove, for each running thread, that it is stuck in a
    loop. The caller resumes and detaches (``client.dispose()``) afterwards."""
    limits = limits or Limits()
    start = time.monotonic()
    clock = _Clock(start + limits.timeout)
    view = VmView(client)
    client.suspend_vm()
    threads = thread_dump(view)
    verdicts: list[LoopVerdict] = []
    notes: list[str] = []
    candidates, app_threads = _candidate_threads(client)
    named = _named_threads(client)
    deadlock = find_deadlock(view, named)
    if deadlock is None and not candidates:
        service = [t for t, _ in named if t not in app_threads]
        if service_threads_idle(view, service):
            deadlock = _all_waiting(view, [(t, n) for t, n in named if t in app_threads])
    if deadlock is not None:  # the first question of a hung service; no loop search then
        if candidates:
            notes.append("running threads were not examined for loops (a deadlock was proved)")
        return Examination((), threads, time.monotonic() - start, tuple(notes), (deadlock,))
    for thread, name in candidates:
        try:
            sites = loop_sites(view, thread, name)
        except JdwpError as exc:
            notes.append(f"thread {name}: {exc}")
            continue
        if not sites:
            notes.append(f"thread {name}: not inside a loop")
        for site in sites:
            if clock.left() <= 0:
                notes.append("time limit reached before every loop was tried")
                break
            if progress:
                progress(
                    f"observing {site.method.qualified_name} loop at {site.header} in thread {name}"
                )
            verdict = _observe(view, site, limits, clock, app_threads, thread)
            verdicts.append(verdict)
            if verdict.proved:
                break
    return Examination(tuple(verdicts), threads, time.monotonic() - start, tuple(notes))


__all__ = ["Examination", "Limits", "LoopSite", "LoopVerdict", "ThreadSnapshot", "examine"]
