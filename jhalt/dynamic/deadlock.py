"""Deadlocks from the debugger's view of a suspended JVM: a cycle in the waits-for graph.

Issue 22. With every thread suspended, each thread that waits for a lock gets one edge
to the thread that owns it:

- a thread in status MONITOR (JDWP ThreadReference.Status) waits to enter the monitor
  ThreadReference.CurrentContendedMonitor names; ObjectReference.MonitorInfo gives its
  owner. Entering a monitor has no timeout and ignores interrupts (JLS §17.1);
- a thread in status WAIT parked by ``LockSupport.park(blocker)`` (untimed: no
  ``parkNanos``/``parkUntil`` and no timed ``tryLock`` on its stack) inside the acquire
  of a ``ReentrantLock`` or a ``ReentrantReadWriteLock`` waits for the lock object its
  ``Thread.parkBlocker`` field names; the owner is the lock's
  ``AbstractOwnableSynchronizer.exclusiveOwnerThread``. Only the owner can release these
  locks (``unlock`` by another thread throws IllegalMonitorStateException), and the
  acquire parks again after a spurious return while the lock is held.

A cycle of such edges is a deadlock: every thread of the cycle waits for a lock held by
the next one, which waits itself, so no lock of the cycle is ever released. Timed waits
give no edge (they end by themselves), nor do ``Object.wait``, conditions, semaphores or
latches (anyone may signal them). One assumption remains for an acquire that an
interrupt can end (``lockInterruptibly``): no other thread interrupts it; it is stated
with the proof. Where each thread waits and where it took the lock it holds come from the
frames' line tables (ThreadReference.OwnedMonitorsStackDepthInfo for monitors; a
``java.util.concurrent`` lock was taken by a call that has returned, so its frame is gone).
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from jhalt.dynamic import jdwp_wire as w
from jhalt.dynamic.jdwp_wire import JdwpError, Location, ObjectValue
from jhalt.dynamic.vmview import MethodCode, UnsupportedStep, VmView

STATUS_MONITOR, STATUS_WAIT = 3, 4
FRAMES_READ = 16
_OWNED = "java/util/concurrent/locks/AbstractOwnableSynchronizer"
OWNED_LOCKS = (
    "java/util/concurrent/locks/ReentrantLock$Sync",
    "java/util/concurrent/locks/ReentrantReadWriteLock$Sync",
)
"""Synchronizers whose ``exclusiveOwnerThread`` is the only thread that can release them."""
_TIMED = frozenset({"parkNanos", "parkUntil", "tryAcquireNanos", "tryAcquireSharedNanos"})
_INTERRUPTIBLE = frozenset({"lockInterruptibly", "acquireInterruptibly"})
_LIBRARY = ("java.", "jdk.", "sun.")


@dataclass(frozen=True)
class Site:
    """A frame position: method (``pkg.Class.name``) and source line (None: unknown)."""

    method: str
    line: int | None
    source_file: str | None = None

    def text(self) -> str:
        where = f"{self.source_file}:{self.line}" if self.source_file else f"line {self.line}"
        return f"{self.method} ({where if self.line is not None else 'no line'})"


@dataclass(frozen=True)
class Wait:
    """One edge of the waits-for graph: ``thread`` waits for ``lock``, held by ``owner``."""

    thread: int
    thread_name: str
    kind: str  # "monitor", "lock"; for `find_all_waiting` also "wait", "join", "park"
    lock: int
    lock_type: str
    owner: int
    waits_at: Site | None
    interruptible: bool = False

    def lock_text(self) -> str:
        name = self.lock_type.replace("/", ".")
        if self.kind == "monitor":
            return f"the monitor of {name} o{self.lock}"
        if self.kind == "wait":
            return f"a notify of {name} o{self.lock} (Object.wait() without a timeout)"
        if self.kind == "join":
            return f'the end of thread "{self.lock_type}" (Thread.join() without a timeout)'
        if self.kind == "park":
            blocker = f" (blocker {name} o{self.lock})" if self.lock else ""
            return f"an unpark (LockSupport.park without a timeout){blocker}"
        return f"{name} o{self.lock}"


@dataclass(frozen=True)
class Deadlock:
    """A proved cycle: ``waits[i]`` waits for a lock held by the thread of ``waits[i+1]``
    (cyclically); ``taken_at[i]`` is where the thread of ``waits[i]`` took the lock that
    the previous thread waits for (None: not on its stack). With ``cycle`` False: every
    application thread waits without a timeout (`find_all_waiting`), ``waits`` lists them."""

    waits: tuple[Wait, ...]
    taken_at: tuple[Site | None, ...]
    cycle: bool = True

    @property
    def assumptions(self) -> tuple[str, ...]:
        found = []
        interruptible = [w.thread_name for w in self.waits if w.interruptible]
        if interruptible and self.cycle:
            names = ", ".join(f'"{n}"' for n in interruptible)
            found.append(
                f"no other thread interrupts {names} (waiting in an interruptible acquire)"
            )
        if not self.cycle:
            found.append(
                "no spurious wake-up of Object.wait or LockSupport.park (JLS §17.2.1 allows "
                "them), and no program code that JDK service threads run later (a pending "
                "finalizer or cleaner action, a shutdown hook, a JMX call) notifies, unparks "
                "or interrupts these threads (checked: no service thread runs program code now)"
            )
            found.append(
                "no notify or unpark was pending when the VM was suspended (a thread "
                "notified just before still shows as waiting): checked by letting the VM run "
                f"{SETTLE_S} s, in which no thread returned from its wait"
            )
        return tuple(found)


def _site(view: VmView, loc: Location) -> Site | None:
    try:
        decl = view.method_decl(loc.class_id, loc.method_id)
        owner = view.class_name(loc.class_id)
        line = None if decl.is_native or loc.index < 0 else view.line_at(loc)
        source = view.client.source_file(loc.class_id)
    except (JdwpError, UnsupportedStep, KeyError):
        return None
    return Site(f"{owner.replace('/', '.')}.{decl.name}", line, source)


def _sites(view: VmView, thread: int) -> list[Site | None]:
    """The top `FRAMES_READ` frames of a suspended thread as sites."""
    count = min(view.client.frame_count(thread), FRAMES_READ)
    return [_site(view, f.location) for f in view.client.frames(thread, 0, count)]


def _user_site(sites: list[Site | None]) -> Site | None:
    """The innermost frame outside the JDK (where the program waits), else the top one."""
    for site in sites:
        if site is not None and not site.method.startswith(_LIBRARY):
            return site
    return sites[0] if sites else None


def _monitor_wait(view: VmView, thread: int, name: str) -> Wait | None:
    client = view.client
    monitor = client.contended_monitor(thread)
    if not monitor:
        return None
    owner, _, _ = client.monitor_info(monitor)
    if not owner or owner == thread:
        return None
    lock_type = view.class_name(view.object_type(monitor))
    return Wait(
        thread, name, "monitor", monitor, lock_type, owner, _user_site(_sites(view, thread))
    )


def _object_field(view: VmView, obj: int, owner: str, field: str) -> int:
    _, decl = view.instance_field(view.object_type(obj), owner, field)
    value = view.client.object_values(obj, [decl.field_id])[0]
    return value.object_id if isinstance(value, ObjectValue) else 0


def _lock_wait(view: VmView, thread: int, name: str) -> Wait | None:
    """The edge of a thread parked, untimed, in the acquire of an owned lock."""
    sites = _sites(view, thread)
    methods = [s.method for s in sites if s is not None]
    names = {m.rsplit(".", 1)[-1] for m in methods}
    if "java.util.concurrent.locks.LockSupport.park" not in methods or names & _TIMED:
        return None
    blocker = _object_field(view, thread, "java/lang/Thread", "parkBlocker")
    if not blocker:
        return None
    blocker_type = view.object_type(blocker)
    if not any(view.is_subtype(blocker_type, lock) for lock in OWNED_LOCKS):
        return None
    owner = _object_field(view, blocker, _OWNED, "exclusiveOwnerThread")
    if not owner or owner == thread:
        return None
    interruptible = bool(names & _INTERRUPTIBLE)
    lock_type = view.class_name(blocker_type)
    return Wait(thread, name, "lock", blocker, lock_type, owner, _user_site(sites), interruptible)


def _methods(view: VmView, thread: int, count: int) -> list[str]:
    """``class.name(descriptor)`` of the top ``count`` frames (fewer on a short stack)."""
    frames = view.client.frames(thread, 0, min(count, view.client.frame_count(thread)))
    result = []
    for frame in frames:
        loc = frame.location
        decl = view.method_decl(loc.class_id, loc.method_id)
        result.append(f"{view.class_name(loc.class_id)}.{decl.name}{decl.signature}")
    return result


_UNTIMED_WAITS = {
    ("java/lang/Object.wait(J)V", "java/lang/Object.wait()V"): "wait",
    ("java/lang/Object.wait(J)V", "java/lang/Thread.join(J)V", "java/lang/Thread.join()V"): "join",
    (
        "jdk/internal/misc/Unsafe.park(ZJ)V",
        "java/util/concurrent/locks/LockSupport.park()V",
    ): "park",
    (
        "jdk/internal/misc/Unsafe.park(ZJ)V",
        "java/util/concurrent/locks/LockSupport.park(Ljava/lang/Object;)V",
    ): "park",
}
"""Top frames of a thread that waits without a timeout: ``Object.wait()`` (it calls
``wait(0L)``), ``Thread.join()`` (``join(0)``: wait while the thread lives), and the
untimed ``LockSupport.park`` (JDK 17's frames; from JDK 19 on, ``Object.wait(long)`` calls
the native `_WAIT0`, dropped from the top before the comparison)."""
_WAIT0 = "java/lang/Object.wait0(J)V"


def _untimed_wait(view: VmView, thread: int, name: str) -> Wait | None:
    """What a WAIT-status thread waits for, when it waits without a timeout."""
    top = _methods(view, thread, 4)
    waits_in_java = top[:1] == [_WAIT0]
    if waits_in_java:
        top = top[1:]
    kind = next(
        (k for frames, k in _UNTIMED_WAITS.items() if tuple(top[: len(frames)]) == frames), None
    )
    if kind is None:
        return None
    if kind == "park":
        target = _object_field(view, thread, "java/lang/Thread", "parkBlocker")
    else:
        target = _waited_object(view, thread, waits_in_java)
    if kind == "join":
        target_type = view.client.thread_name(target)  # the joined thread, by name
    else:
        target_type = view.class_name(view.object_type(target)) if target else "java/lang/Object"
    return Wait(thread, name, kind, target, target_type, 0, _user_site(_sites(view, thread)))


def _waited_object(view: VmView, thread: int, waits_in_java: bool) -> int:
    """The object ``thread`` waits on in ``Object.wait`` (0 if unknown): the JDWP contended
    monitor up to JDK 22; from JDK 23 on that names only a monitor to enter or re-enter
    (JDK-8256314), and the object is the receiver (slot 0) of frame 1, ``Object.wait(J)V``,
    Java code that calls `_WAIT0` (``waits_in_java``) since JDK 19."""
    monitor = view.client.contended_monitor(thread)
    if monitor or not waits_in_java:
        return monitor
    frame = view.client.frames(thread, 1, 1)[0]
    [receiver] = view.client.frame_values(thread, frame.frame_id, [(0, "L")])
    return receiver.object_id if isinstance(receiver, ObjectValue) else 0


def find_all_waiting(view: VmView, threads: list[tuple[int, str]]) -> Deadlock | None:
    """When every thread of ``threads`` (the application's) waits without a timeout — in
    ``Object.wait()``, ``Thread.join()``, an untimed ``LockSupport.park``, or to enter a
    monitor one of them owns — none of them can run again to notify, unpark, release or
    end for another: they are all stuck (a lost notify; a waiter whose notifier is stuck).
    The assumptions (no spurious wake-up, no JDK service thread acting on them) are stated
    with the result."""
    if not threads:
        return None
    members = {thread for thread, _ in threads}
    waits = []
    try:
        for thread, name in threads:
            status, _ = view.client.thread_status(thread)
            if status == STATUS_MONITOR:
                wait = _monitor_wait(view, thread, name)
                if wait is None or wait.owner not in members:
                    return None
            elif status == STATUS_WAIT:
                wait = _lock_wait(view, thread, name) or _untimed_wait(view, thread, name)
                if wait is None or wait.kind == "lock" and wait.owner not in members:
                    return None
                if wait.kind == "join" and wait.lock not in members:
                    return None  # joins a thread that may still end
            else:
                return None
            waits.append(wait)
    except (JdwpError, UnsupportedStep, KeyError):
        return None
    return Deadlock(tuple(waits), tuple(None for _ in waits), cycle=False)


def service_threads_idle(view: VmView, threads: list[int]) -> bool:
    """Whether none of ``threads`` (the JDK's service threads) has a frame of program code
    (outside ``java.``, ``jdk.``, ``sun.``): a cleaner action or finalizer that runs now
    could notify the waiting threads."""
    try:
        for thread in threads:
            for site in _sites(view, thread):
                if site is None or not site.method.startswith(_LIBRARY):
                    return False
    except (JdwpError, UnsupportedStep, KeyError):
        return False
    return True


SETTLE_S = 0.3
"""How long `settled` lets the VM run to see a pending notify or unpark take effect."""


def _return_breakpoint(view: VmView, thread: int) -> Location | None:
    """The instruction after the call in the thread's frame 1 (``LockSupport.park`` calling
    ``Unsafe.park``): reached when the park returns."""
    loc = view.client.frames(thread, 1, 1)[0].location
    method = view.method_at(loc)
    ins = method.by_pc.get(loc.index)
    if ins is None:
        return None
    return Location(view.type_tag(loc.class_id), loc.class_id, loc.method_id, ins.next_pc)


def settled(view: VmView, waiting: Deadlock, seconds: float = SETTLE_S) -> bool:
    """Whether no thread of ``waiting`` returns from its wait (JDWP MonitorWaited, contended
    MonitorEntered, or a breakpoint after the park) while the suspended VM runs for
    ``seconds``; the VM is suspended again afterwards. A notify or unpark issued just before
    the suspension shows here: the thread runs as soon as the VM does."""
    client = view.client
    requests: list[tuple[int, int]] = []
    fired = 0  # events seen: each suspended the whole VM once more (SUSPEND_ALL)
    try:
        for wait in waiting.waits:
            only = (w.MOD_THREAD_ONLY, wait.thread)
            for kind in (w.EK_MONITOR_WAITED, w.EK_MONITOR_CONTENDED_ENTERED):
                requests.append((kind, client.set_request(kind, w.SUSPEND_ALL, [only])))
            if wait.kind in ("park", "lock"):
                loc = _return_breakpoint(view, wait.thread)
                if loc is None:
                    return False
                modifiers = [only, (w.MOD_LOCATION_ONLY, loc)]
                requests.append(
                    (w.EK_BREAKPOINT, client.set_request(w.EK_BREAKPOINT, w.SUSPEND_ALL, modifiers))
                )
        client.drain_events()
        client.resume_vm()
        if client.next_event(seconds) is not None:
            fired += 1
        return fired == 0
    except (JdwpError, UnsupportedStep, KeyError):
        return False
    finally:
        try:
            client.suspend_vm()
            for kind, request in requests:
                client.clear_request(kind, request)
            time.sleep(0.02)  # events already on the wire
            for _ in range(fired + len(client.drain_events())):
                client.resume_vm()  # back to the one suspension of the examination
        except JdwpError:
            pass


def waits_for(view: VmView, thread: int, name: str) -> Wait | None:
    """The waits-for edge of one suspended thread, or None (running, timed, or unknown)."""
    try:
        status, _ = view.client.thread_status(thread)
        if status == STATUS_MONITOR:
            return _monitor_wait(view, thread, name)
        if status == STATUS_WAIT:
            return _lock_wait(view, thread, name)
    except (JdwpError, UnsupportedStep):
        return None
    return None


def open_monitors(method: MethodCode, pc: int) -> tuple[int, ...] | None:
    """The pcs of the ``monitorenter`` instructions entered and not exited on the normal
    paths from the method's entry to ``pc``, outermost first; None when paths disagree
    (not javac's structured locking). Exception handlers are not followed (JDWP gives no
    exception table); javac's handlers only release monitors and rethrow."""
    cfg = method.cfg
    entry_block = cfg.blocks[0].start
    states: dict[int, tuple[int, ...]] = {entry_block: ()}
    work = [entry_block]
    while work:
        start = work.pop()
        block = next(b for b in cfg.blocks if b.start == start)
        held = states[start]
        for ins in block.instructions:
            if ins.pc == pc:
                return held
            if ins.mnemonic == "monitorenter":
                held = (*held, ins.pc)
            elif ins.mnemonic == "monitorexit":
                held = held[:-1]
        for successor in block.successors:
            if successor not in states:
                states[successor] = held
                work.append(successor)
            elif states[successor] != held:
                return None
    return None


def _taken_at(view: VmView, wait: Wait, holder: int) -> Site | None:
    """Where ``holder`` entered the monitor ``wait`` is waiting for (monitors only): the
    line of the one ``monitorenter`` still open in the frame that owns it (the frame's
    first line for a synchronized method); None when the frame holds several monitors.
    HotSpot reports a thread blocked in ``monitorenter`` at the instruction after it, so a
    ``monitorenter`` just before the holder's pc is the one it waits in, not one it holds."""
    if wait.kind != "monitor":
        return None
    try:
        owned = view.client.owned_monitors(holder)
        depth = next((d for m, d in owned if m == wait.lock), -1)
        if depth < 0 or [d for _, d in owned].count(depth) != 1:
            return None
        loc = view.client.frames(holder, depth, 1)[0].location
        method = view.method_at(loc)
        blocked = depth == 0 and view.client.thread_status(holder)[0] == STATUS_MONITOR
    except (JdwpError, UnsupportedStep, KeyError):
        return None
    site = _site(view, loc)
    enters = open_monitors(method, loc.index)
    if enters and blocked and method.by_pc[enters[-1]].next_pc == loc.index:
        enters = enters[:-1]
    synchronized = bool(method.modifiers & 0x0020)
    if site is None or enters is None or len(enters) + synchronized != 1:
        return None
    return Site(site.method, method.line_at(enters[0] if enters else 0), site.source_file)


def _cycle(edges: dict[int, Wait]) -> list[Wait] | None:
    """The first cycle of the functional graph ``edges`` (thread → its one wait)."""
    for start in edges:
        path: list[int] = []
        current = start
        while current in edges and current not in path:
            path.append(current)
            current = edges[current].owner
        if current in path:
            return [edges[t] for t in path[path.index(current) :]]
    return None


def find_deadlock(view: VmView, threads: list[tuple[int, str]]) -> Deadlock | None:
    """A waits-for cycle among ``threads`` (id, name) of the suspended VM, or None."""
    edges: dict[int, Wait] = {}
    for thread, name in threads:
        wait = waits_for(view, thread, name)
        if wait is not None:
            edges[thread] = wait
    cycle = _cycle(edges)
    if cycle is None:
        return None
    previous = [cycle[-1], *cycle[:-1]]
    taken = tuple(_taken_at(view, before, w.thread) for before, w in zip(previous, cycle))
    return Deadlock(tuple(cycle), taken)


__all__ = [
    "Deadlock",
    "Site",
    "Wait",
    "find_all_waiting",
    "find_deadlock",
    "service_threads_idle",
    "settled",
    "waits_for",
]
