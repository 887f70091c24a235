"""The dynamic prover behind `jhalt watch` and `jhalt attach`: deadlocks, and loops proved by
Looper's closure (seed 003) or by an exact repeat (issue 22), over a JDWP client; and the
observing replay that confirms a NO by watching its loop head (issue 20).

Modules, from the wire up:

- `jdwp_wire`  — JDWP packets, ids, tagged values, constants (pure, no sockets)
- `jdwp`       — `JdwpClient`: one connection; commands, events, timeouts, VM exit
- `vmview`     — decoded methods, loops, field/method resolution over JDWP
- `symbolic`   — memory locations; expressions over them are `jhalt.its.terms` terms
- `bounded`    — symbolic expressions of bounded size (linear normal form, size cap)
- `memory`     — concolic values, the iteration's inputs/writes, Φ and M
- `natives`    — the pure native methods that may be stepped over
- `operations` — stack, arithmetic, conversion and compare instructions on concolic values
- `concolic`   — `ConcolicIteration`: executes one observed iteration
- `prover`     — `IterationRecord`, invariants, the closure proof (via `jhalt.smt.looper`)
- `deadlock`   — waits-for cycles of monitors and owned locks (a proved deadlock)
- `threads`    — the thread dump, candidate loop heads, current values of locations
- `repeat`     — loops through deterministic JDK calls, proved by an exact repeat
- `observer`   — `examine`: threads, loop heads, observation, proof per loop
- `session`    — starting a watched JVM, addresses, attach/detach
- `loop_shape` — the proved loop from its class file: exits, live locals, determinism
- `snapshot`   — the concrete state at a loop head (locals, reachable heap), comparable
- `confirm`    — `observe_hang`: a NO confirmed by an exact repeat or its proved condition
- `outcome`    — text and JSON reports
"""
