"""A focused JDWP client: the commands jhalt's dynamic prover needs, nothing more.

One `JdwpClient` owns one socket to a debuggee (a JVM started with
``-agentlib:jdwp=transport=dt_socket,server=y,...``). A background reader thread
routes reply packets to the waiting command (matched by packet id) and event
packets to an event queue, so that commands may be sent while events arrive.
Every command has a timeout; a closed socket or a VM_DEATH event turns into
`VmGoneError`; an error reply into `JdwpError` naming the command and the JDWP
error. Commands follow the JDWP specification's command sets VirtualMachine,
ReferenceType, ClassType, Method, ObjectReference, StringReference,
ThreadReference, ArrayReference, EventRequest, StackFrame and Event.
"""

from __future__ import annotations

import queue
import socket
import threading
from dataclasses import dataclass
from typing import Any

from jhalt.classfile.model import Access
from jhalt.dynamic import jdwp_wire as w
from jhalt.dynamic.jdwp_wire import (
    Event,
    IdSizes,
    JavaValue,
    JdwpError,
    Location,
    ObjectValue,
    PacketReader,
    PacketWriter,
    VmGoneError,
)

DEFAULT_TIMEOUT = 10.0


@dataclass(frozen=True, slots=True)
class FieldDecl:
    field_id: int
    name: str
    signature: str
    modifiers: int

    @property
    def is_static(self) -> bool:
        return Access.STATIC in Access(self.modifiers)

    @property
    def is_volatile(self) -> bool:
        return Access.VOLATILE_OR_BRIDGE in Access(self.modifiers)


@dataclass(frozen=True, slots=True)
class MethodDecl:
    method_id: int
    name: str
    signature: str
    modifiers: int

    @property
    def is_static(self) -> bool:
        return Access.STATIC in Access(self.modifiers)

    @property
    def is_native(self) -> bool:
        return Access.NATIVE in Access(self.modifiers)

    @property
    def is_abstract(self) -> bool:
        return Access.ABSTRACT in Access(self.modifiers)


@dataclass(frozen=True, slots=True)
class FrameInfo:
    frame_id: int
    location: Location


class JdwpClient:
    """A connection to one debuggee VM. Use `JdwpClient.connect`; close with `close`."""

    def __init__(self, sock: socket.socket, timeout: float = DEFAULT_TIMEOUT) -> None:
        self._sock = sock
        self.timeout = timeout
        self.sizes = IdSizes()
        self._next_id = 1
        self._lock = threading.Lock()
        self._send_lock = threading.Lock()
        self._pending: dict[int, queue.Queue[tuple[int, bytes] | None]] = {}
        self.events: queue.Queue[Event | None] = queue.Queue()
        self._closed = False
        self.vm_dead = False
        self._reader = threading.Thread(target=self._read_loop, name="jdwp-reader", daemon=True)
        self._reader.start()
        self.sizes = self._id_sizes()
        self._signature_cache: dict[int, str] = {}
        self._methods_cache: dict[int, tuple[MethodDecl, ...]] = {}
        self._fields_cache: dict[int, tuple[FieldDecl, ...]] = {}
        self._superclass_cache: dict[int, int] = {}
        self._interfaces_cache: dict[int, tuple[int, ...]] = {}

    # ------------------------------------------------------------ connection
    @classmethod
    def connect(cls, host: str, port: int, timeout: float = DEFAULT_TIMEOUT) -> JdwpClient:
        """Open a socket, perform the JDWP handshake and learn the id sizes."""
        try:
            sock = socket.create_connection((host, port), timeout=timeout)
        except OSError as exc:
            raise VmGoneError(f"cannot connect to JDWP agent at {host}:{port}: {exc}") from None
        try:
            sock.sendall(w.HANDSHAKE)
            answer = b""
            while len(answer) < len(w.HANDSHAKE):
                chunk = sock.recv(len(w.HANDSHAKE) - len(answer))
                if not chunk:
                    break
                answer += chunk
        except OSError as exc:
            sock.close()
            raise VmGoneError(f"JDWP handshake with {host}:{port} failed: {exc}") from None
        if answer != w.HANDSHAKE:
            sock.close()
            raise JdwpError(f"{host}:{port} is not a JDWP agent (handshake answer {answer[:20]!r})")
        sock.settimeout(None)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return cls(sock, timeout)

    def close(self) -> None:
        """Close the socket (without disposing; see `dispose`)."""
        if self._closed:
            return
        self._closed = True
        try:
            self._sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self._sock.close()

    @property
    def closed(self) -> bool:
        return self._closed

    def _recv_exact(self, n: int) -> bytes | None:
        data = bytearray()
        while len(data) < n:
            try:
                chunk = self._sock.recv(n - len(data))
            except OSError:
                return None
            if not chunk:
                return None
            data.extend(chunk)
        return bytes(data)

    def _read_loop(self) -> None:
        try:
            while True:
                raw = self._recv_exact(w.HEADER_SIZE)
                if raw is None:
                    break
                header = w.parse_header(raw)
                body = self._recv_exact(header.length - w.HEADER_SIZE)
                if body is None:
                    break
                if header.is_reply:
                    with self._lock:
                        waiter = self._pending.pop(header.packet_id, None)
                    if waiter is not None:
                        waiter.put((header.error_or_command, body))
                elif header.error_or_command == (64 << 8 | 100):
                    for event in w.parse_events(body, self.sizes):
                        if event.kind == w.EK_VM_DEATH:
                            self.vm_dead = True
                        self.events.put(event)
        except JdwpError:
            pass
        finally:
            self._closed = True
            with self._lock:
                waiters = list(self._pending.values())
                self._pending.clear()
            for waiter in waiters:
                waiter.put(None)
            self.events.put(None)

    # ------------------------------------------------------------ commands
    def _send(
        self, command: tuple[int, int], data: bytes, timeout: float | None = None
    ) -> PacketReader:
        if self._closed:
            raise VmGoneError("the debuggee VM is gone (connection closed)")
        waiter: queue.Queue[tuple[int, bytes] | None] = queue.Queue(maxsize=1)
        with self._lock:
            packet_id = self._next_id
            self._next_id += 1
            self._pending[packet_id] = waiter
        try:
            with self._send_lock:
                self._sock.sendall(w.command_packet(packet_id, command, data))
        except OSError:
            with self._lock:
                self._pending.pop(packet_id, None)
            raise VmGoneError("the debuggee VM is gone (send failed)") from None
        try:
            answer = waiter.get(timeout=self.timeout if timeout is None else timeout)
        except queue.Empty:
            with self._lock:
                self._pending.pop(packet_id, None)
            raise JdwpError(f"JDWP command {command} timed out") from None
        if answer is None:
            raise VmGoneError("the debuggee VM is gone (connection closed)")
        code, body = answer
        if code != 0:
            raise JdwpError(f"JDWP command {command} failed: {w.error_name(code)}", code)
        return PacketReader(body, self.sizes)

    def _post(self, command: tuple[int, int], data: bytes) -> None:
        """Send a command without waiting for its reply (the reader drops it, errors too)."""
        with self._lock:
            packet_id = self._next_id
            self._next_id += 1
        try:
            with self._send_lock:
                self._sock.sendall(w.command_packet(packet_id, command, data))
        except OSError:
            raise VmGoneError("the debuggee VM is gone (send failed)") from None

    def _writer(self) -> PacketWriter:
        return PacketWriter(self.sizes)

    def _id_sizes(self) -> IdSizes:
        r = self._send(w.VM_ID_SIZES, b"")
        return IdSizes(r.i4(), r.i4(), r.i4(), r.i4(), r.i4())

    # VirtualMachine
    def version(self) -> str:
        r = self._send(w.VM_VERSION, b"")
        return r.string()

    def all_threads(self) -> list[int]:
        r = self._send(w.VM_ALL_THREADS, b"")
        return [r.object_id() for _ in range(r.i4())]

    def classes_by_signature(self, signature: str) -> list[tuple[int, int]]:
        """Loaded classes with this JNI signature (``Lp/C;``): (type tag, reference type id)."""
        r = self._send(w.VM_CLASSES_BY_SIGNATURE, self._writer().string(signature).data())
        result = []
        for _ in range(r.i4()):
            tag = r.u1()
            type_id = r.type_id()
            r.i4()
            result.append((tag, type_id))
        return result

    def suspend_vm(self) -> None:
        self._send(w.VM_SUSPEND, b"")

    def resume_vm(self) -> None:
        self._send(w.VM_RESUME, b"")

    def dispose(self) -> None:
        """Detach: the VM removes all event requests and resumes all threads (JDWP Dispose)."""
        self._send(w.VM_DISPOSE, b"")

    def class_paths(self) -> tuple[str, list[str]]:
        r = self._send(w.VM_CLASS_PATHS, b"")
        base = r.string()
        paths = [r.string() for _ in range(r.i4())]
        return base, paths

    # ReferenceType
    def signature(self, type_id: int) -> str:
        cached = self._signature_cache.get(type_id)
        if cached is None:
            cached = self._send(w.RT_SIGNATURE, self._writer().type_id(type_id).data()).string()
            self._signature_cache[type_id] = cached
        return cached

    def fields(self, type_id: int) -> tuple[FieldDecl, ...]:
        cached = self._fields_cache.get(type_id)
        if cached is None:
            r = self._send(w.RT_FIELDS, self._writer().type_id(type_id).data())
            cached = tuple(
                FieldDecl(r.field_id(), r.string(), r.string(), r.i4()) for _ in range(r.i4())
            )
            self._fields_cache[type_id] = cached
        return cached

    def methods(self, type_id: int) -> tuple[MethodDecl, ...]:
        cached = self._methods_cache.get(type_id)
        if cached is None:
            r = self._send(w.RT_METHODS, self._writer().type_id(type_id).data())
            cached = tuple(
                MethodDecl(r.method_id(), r.string(), r.string(), r.i4()) for _ in range(r.i4())
            )
            self._methods_cache[type_id] = cached
        return cached

    def method(self, type_id: int, method_id: int) -> MethodDecl:
        for decl in self.methods(type_id):
            if decl.method_id == method_id:
                return decl
        raise JdwpError(f"method id {method_id} is not declared by {self.signature(type_id)}")

    def static_values(self, type_id: int, field_ids: list[int]) -> list[JavaValue]:
        wr = self._writer().type_id(type_id).i4(len(field_ids))
        for fid in field_ids:
            wr.field_id(fid)
        r = self._send(w.RT_GET_VALUES, wr.data())
        return [r.tagged_value() for _ in range(r.i4())]

    def modifiers(self, type_id: int) -> int:
        return self._send(w.RT_MODIFIERS, self._writer().type_id(type_id).data()).i4()

    def class_status(self, type_id: int) -> int:
        """JDWP ClassStatus bits (VERIFIED 1, PREPARED 2, INITIALIZED 4, ERROR 8)."""
        return self._send(w.RT_STATUS, self._writer().type_id(type_id).data()).i4()

    def source_file(self, type_id: int) -> str | None:
        try:
            return self._send(w.RT_SOURCE_FILE, self._writer().type_id(type_id).data()).string()
        except JdwpError as exc:
            if exc.error_code == 101:  # ABSENT_INFORMATION
                return None
            raise

    def superclass(self, class_id: int) -> int:
        """The superclass id, 0 for java.lang.Object."""
        cached = self._superclass_cache.get(class_id)
        if cached is None:
            cached = self._send(w.CT_SUPERCLASS, self._writer().type_id(class_id).data()).type_id()
            self._superclass_cache[class_id] = cached
        return cached

    def interfaces(self, type_id: int) -> tuple[int, ...]:
        cached = self._interfaces_cache.get(type_id)
        if cached is None:
            r = self._send(w.RT_INTERFACES, self._writer().type_id(type_id).data())
            cached = tuple(r.type_id() for _ in range(r.i4()))
            self._interfaces_cache[type_id] = cached
        return cached

    def constant_pool(self, type_id: int) -> tuple[int, bytes]:
        """(constant_pool_count, raw entries in class-file format) — JDWP 1.6+."""
        r = self._send(w.RT_CONSTANT_POOL, self._writer().type_id(type_id).data())
        count = r.i4()
        length = r.i4()
        return count, r.raw(length)

    # Method
    def bytecodes(self, type_id: int, method_id: int) -> bytes:
        r = self._send(w.M_BYTECODES, self._writer().type_id(type_id).method_id(method_id).data())
        return r.raw(r.i4())

    def line_table(self, type_id: int, method_id: int) -> list[tuple[int, int]]:
        """(code index, line) rows; empty when the class has no line numbers."""
        try:
            r = self._send(
                w.M_LINE_TABLE, self._writer().type_id(type_id).method_id(method_id).data()
            )
        except JdwpError as exc:
            if exc.error_code in (101, 99):
                return []
            raise
        r.i8()
        r.i8()
        return [(r.i8(), r.i4()) for _ in range(r.i4())]

    def variable_table(self, type_id: int, method_id: int) -> list[tuple[int, int, int, str]]:
        """(start index, length, slot, name) rows; empty without LocalVariableTable."""
        try:
            r = self._send(
                w.M_VARIABLE_TABLE, self._writer().type_id(type_id).method_id(method_id).data()
            )
        except JdwpError as exc:
            if exc.error_code in (101, 99):
                return []
            raise
        r.i4()
        rows = []
        for _ in range(r.i4()):
            start = r.i8()
            name = r.string()
            r.string()
            length = r.i4()
            slot = r.i4()
            rows.append((start, length, slot, name))
        return rows

    # ObjectReference / StringReference / ArrayReference
    def reference_type(self, object_id: int) -> tuple[int, int]:
        r = self._send(w.OR_REFERENCE_TYPE, self._writer().object_id(object_id).data())
        return r.u1(), r.type_id()

    def object_values(self, object_id: int, field_ids: list[int]) -> list[JavaValue]:
        wr = self._writer().object_id(object_id).i4(len(field_ids))
        for fid in field_ids:
            wr.field_id(fid)
        r = self._send(w.OR_GET_VALUES, wr.data())
        return [r.tagged_value() for _ in range(r.i4())]

    def monitor_info(self, object_id: int) -> tuple[int, int, tuple[int, ...]]:
        """ObjectReference.MonitorInfo: (owner thread or 0, entry count, waiting threads)."""
        r = self._send(w.OR_MONITOR_INFO, self._writer().object_id(object_id).data())
        owner, entries = r.object_id(), r.i4()
        return owner, entries, tuple(r.object_id() for _ in range(r.i4()))

    def interned_string(self, text: str, thread: int, string_class: int, intern: int) -> int:
        """The interned String with this value — the object ``ldc`` of the constant pushes
        (JLS §3.10.5) — made by VirtualMachine.CreateString and ``String.intern()``
        invoked in the suspended ``thread`` (single-threaded), and kept from collection."""
        created = self._send(w.VM_CREATE_STRING, self._writer().string(text).data()).object_id()
        wr = self._writer().object_id(created).object_id(thread).type_id(string_class)
        r = self._send(
            w.OR_INVOKE_METHOD, wr.method_id(intern).i4(0).i4(w.INVOKE_SINGLE_THREADED).data()
        )
        value, exception = r.tagged_value(), r.tagged_value()
        thrown = isinstance(exception, ObjectValue) and not exception.is_null
        if not isinstance(value, ObjectValue) or value.is_null or thrown:
            raise JdwpError(f"String.intern() of {text!r} failed in the debuggee")
        self._send(w.OR_DISABLE_COLLECTION, self._writer().object_id(value.object_id).data())
        return value.object_id

    def string_value(self, object_id: int) -> str:
        return self._send(w.SR_VALUE, self._writer().object_id(object_id).data()).string()

    def array_length(self, array_id: int) -> int:
        return self._send(w.AR_LENGTH, self._writer().object_id(array_id).data()).i4()

    def array_values(self, array_id: int, first: int, length: int) -> list[JavaValue]:
        r = self._send(
            w.AR_GET_VALUES, self._writer().object_id(array_id).i4(first).i4(length).data()
        )
        tag = r.u1()
        count = r.i4()
        if tag in w.OBJECT_TAGS:
            return [r.tagged_value() for _ in range(count)]
        return [r.untagged_value(tag) for _ in range(count)]

    # ThreadReference
    def thread_name(self, thread: int) -> str:
        return self._send(w.TR_NAME, self._writer().object_id(thread).data()).string()

    def thread_status(self, thread: int) -> tuple[int, bool]:
        """(JDWP thread status, suspended?)."""
        r = self._send(w.TR_STATUS, self._writer().object_id(thread).data())
        return r.i4(), r.i4() == 1

    def thread_group_name(self, thread: int) -> str:
        group = self._send(w.TR_THREAD_GROUP, self._writer().object_id(thread).data()).object_id()
        return self._send(w.TGR_NAME, self._writer().object_id(group).data()).string()

    def suspend_thread(self, thread: int) -> None:
        self._send(w.TR_SUSPEND, self._writer().object_id(thread).data())

    def resume_thread(self, thread: int, wait: bool = True) -> None:
        """ThreadReference.Resume; ``wait=False`` does not wait for the reply (single
        stepping: the next event is awaited anyway, and a failed resume shows as none)."""
        data = self._writer().object_id(thread).data()
        if wait:
            self._send(w.TR_RESUME, data)
        else:
            self._post(w.TR_RESUME, data)

    def suspend_count(self, thread: int) -> int:
        return self._send(w.TR_SUSPEND_COUNT, self._writer().object_id(thread).data()).i4()

    def frames(self, thread: int, start: int = 0, length: int = -1) -> list[FrameInfo]:
        r = self._send(w.TR_FRAMES, self._writer().object_id(thread).i4(start).i4(length).data())
        return [FrameInfo(r.frame_id(), r.location()) for _ in range(r.i4())]

    def frame_count(self, thread: int) -> int:
        return self._send(w.TR_FRAME_COUNT, self._writer().object_id(thread).data()).i4()

    def owned_monitors(self, thread: int) -> list[tuple[int, int]]:
        """ThreadReference.OwnedMonitorsStackDepthInfo: (monitor, depth of the frame that
        entered it, 0 = top frame, -1 = unknown) for each monitor the thread owns."""
        r = self._send(w.TR_OWNED_MONITORS_DEPTH, self._writer().object_id(thread).data())
        result = []
        for _ in range(r.i4()):
            monitor = r.tagged_value()
            depth = r.i4()
            if isinstance(monitor, w.ObjectValue):
                result.append((monitor.object_id, depth))
        return result

    def contended_monitor(self, thread: int) -> int:
        """ThreadReference.CurrentContendedMonitor: the monitor the thread waits to enter (or
        waits on in Object.wait), 0 for none."""
        value = self._send(w.TR_CONTENDED_MONITOR, self._writer().object_id(thread).data())
        monitor = value.tagged_value()
        return monitor.object_id if isinstance(monitor, w.ObjectValue) else 0

    # StackFrame
    def frame_values(
        self, thread: int, frame: int, slots: list[tuple[int, str]]
    ) -> list[JavaValue]:
        """Locals by slot number; each slot needs the JDWP tag of its type ('I', 'J', 'L', ...)."""
        wr = self._writer().object_id(thread).frame_id(frame).i4(len(slots))
        for slot, tag in slots:
            wr.i4(slot).u1(ord(tag))
        r = self._send(w.SF_GET_VALUES, wr.data())
        return [r.tagged_value() for _ in range(r.i4())]

    # EventRequest
    def set_request(self, kind: int, suspend_policy: int, modifiers: list[tuple[int, Any]]) -> int:
        """Create an event request; ``modifiers`` are (kind, argument) pairs. Returns its id."""
        wr = self._writer().u1(kind).u1(suspend_policy).i4(len(modifiers))
        for mod_kind, arg in modifiers:
            wr.u1(mod_kind)
            if mod_kind == w.MOD_COUNT:
                wr.i4(arg)
            elif mod_kind == w.MOD_THREAD_ONLY:
                wr.object_id(arg)
            elif mod_kind == w.MOD_CLASS_MATCH:
                wr.string(arg)  # a class name pattern, dotted
            elif mod_kind == w.MOD_LOCATION_ONLY:
                wr.location(arg)
            elif mod_kind == w.MOD_EXCEPTION_ONLY:
                wr.type_id(0).u1(1).u1(1)  # every exception, caught or not
            elif mod_kind == w.MOD_STEP:
                thread, size, depth = arg
                wr.object_id(thread).i4(size).i4(depth)
            else:
                raise ValueError(f"unsupported event modifier {mod_kind}")
        return self._send(w.ER_SET, wr.data()).i4()

    def clear_request(self, kind: int, request_id: int) -> None:
        self._send(w.ER_CLEAR, self._writer().u1(kind).i4(request_id).data())

    def drain_events(self) -> list[Event]:
        """Remove and return the events already received (stale ones after a Clear)."""
        drained: list[Event] = []
        while True:
            try:
                event = self.events.get_nowait()
            except queue.Empty:
                return drained
            if event is None:
                self.events.put(None)
                return drained
            drained.append(event)

    def next_event(self, timeout: float) -> Event | None:
        """The next event, or None after ``timeout`` seconds; `VmGoneError` when the VM is gone."""
        try:
            event = self.events.get(timeout=timeout)
        except queue.Empty:
            return None
        if event is None:
            self.events.put(None)
            raise VmGoneError("the debuggee VM exited")
        if event.kind == w.EK_VM_DEATH:
            raise VmGoneError("the debuggee VM exited")
        return event


__all__ = [
    "Event",
    "FieldDecl",
    "FrameInfo",
    "JdwpClient",
    "JdwpError",
    "Location",
    "MethodDecl",
    "ObjectValue",
    "VmGoneError",
]
