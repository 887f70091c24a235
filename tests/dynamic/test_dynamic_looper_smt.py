"""The closure check of seed 003 §3.4 on hand-built iterations (no JVM)."""

from __future__ import annotations

from jhalt.dynamic.prover import IterationRecord, prove_stuck
from jhalt.dynamic.symbolic import FieldLoc, LocalLoc
from jhalt.its.terms import INT, REF, Atom, Fresh, Lit, Var, app

P, X, INDEX = LocalLoc(3), LocalLoc(1), LocalLoc(2)


def _node_iteration(
    number: int, obj: int, data: int, nxt: int, x: int, index: int
) -> IterationRecord:
    """One iteration of seed 003 Fig. 2 at node ``obj`` (§2.1, Φ_k and M_k)."""
    p_in = Var(P, REF)
    data_loc, next_loc = FieldLoc(obj, "Node", "data"), FieldLoc(obj, "Node", "next")
    path = (
        Atom("ne", p_in, Lit(0, REF)),
        Atom("eq", p_in, Lit(obj, REF)),
        Atom("ne", Var(data_loc, INT), Var(X, INT)),
    )
    memory = (
        (P, Var(next_loc, REF)),
        (X, Var(X, INT)),
        (INDEX, app("add", Var(INDEX, INT), Lit(1, INT))),
        (data_loc, Var(data_loc, INT)),
        (next_loc, Var(next_loc, REF)),
    )
    return IterationRecord(
        number,
        path,
        memory,
        start_values=((P, obj), (X, x), (INDEX, index), (data_loc, data), (next_loc, nxt)),
        input_sorts=((P, REF), (X, INT), (INDEX, INT), (data_loc, INT), (next_loc, REF)),
        loop_pcs=(),
        steps=11,
    )


def _circular(records: int, nodes: list[tuple[int, int, int]], x: int) -> list[IterationRecord]:
    return [_node_iteration(i + 1, *nodes[i % len(nodes)], x=x, index=i) for i in range(records)]


NODES = [(13, 3, 25), (25, 12, 37), (37, 5, 13)]  # O13 -> O25 -> O37 -> O13


def _state(obj: int, x: int, index: int) -> dict:
    state = {P: obj, X: x, INDEX: index}
    for o, data, nxt in NODES:
        state[FieldLoc(o, "Node", "data")] = data
        state[FieldLoc(o, "Node", "next")] = nxt
    return state


def test_circular_list_needs_all_three_iterations() -> None:
    """§2.1: two iterations do not close, three do."""
    two = _circular(2, NODES, x=7)
    assert prove_stuck(two, _state(37, 7, 2)) is None
    three = _circular(3, NODES, x=7)
    proof = prove_stuck(three, _state(13, 7, 3))
    assert proof is not None and sorted(proof.iterations) == [1, 2, 3]
    assert proof.machine_ints


def test_list_containing_x_is_not_stuck() -> None:
    nodes = [(13, 3, 25), (25, 7, 37), (37, 5, 13)]  # O25.data == x: the loop returns
    # Only iterations at O13 and O37 were observed (x found at O25 would exit).
    records = [
        _node_iteration(1, *nodes[0], x=7, index=0),
        _node_iteration(2, *nodes[2], x=7, index=2),
    ]
    state = {P: 13, X: 7, INDEX: 3}
    for o, data, nxt in nodes:
        state[FieldLoc(o, "Node", "data")] = data
        state[FieldLoc(o, "Node", "next")] = nxt
    assert prove_stuck(records, state) is None


def _fig1_iteration(number: int, x: int, y: int) -> IterationRecord:
    xs, ys = Var(X, INT), Var(INDEX, INT)
    path = (
        Atom("ne", xs, Lit(3, INT)),
        Atom("gt", ys, Lit(0, INT)),
        Atom("eq", xs, Lit(x, INT)),
    )
    new_x = (x * x + 2) % 10
    memory = ((X, Lit(new_x, INT)), (INDEX, app("add", ys, Lit(1, INT))))
    return IterationRecord(
        number, path, memory, ((X, x), (INDEX, y)), ((X, INT), (INDEX, INT)), (), 15
    )


def test_fig1_is_stuck_with_unbounded_integers_only() -> None:
    records = [_fig1_iteration(1, 8, 52), _fig1_iteration(2, 6, 53)]
    proof = prove_stuck(records, {X: 8, INDEX: 54})
    assert proof is not None
    assert not proof.machine_ints
    [overflow] = proof.overflows
    assert overflow.location == INDEX and overflow.step == 1
    assert overflow.iterations_left == 2**31 - 1 - 54 + 1


def test_counter_with_a_bound_is_not_stuck() -> None:
    i = Var(X, INT)
    records = [
        IterationRecord(
            n,
            (Atom("lt", i, Lit(1000, INT)),),
            ((X, app("add", i, Lit(1, INT))),),
            ((X, 10 + n),),
            ((X, INT),),
            (),
            5,
        )  # fmt: skip
        for n in range(1, 6)
    ]
    assert prove_stuck(records, {X: 16}) is None


def test_current_state_must_satisfy_a_path() -> None:
    """The loop's paths close, but the current state is on none of them (Prop. 3.3)."""
    xs = Var(X, INT)
    record = IterationRecord(
        1, (Atom("eq", xs, Lit(4, INT)),), ((X, xs),), ((X, 4),), ((X, INT),), (), 3
    )
    assert prove_stuck([record], {X: 4}) is not None
    assert prove_stuck([record], {X: 5}) is None


def test_fresh_objects_are_never_equal_to_old_ones() -> None:
    """§3.3 change 3: `last = new T()` makes `last != o7` hold after every iteration."""
    last = LocalLoc(4)
    record = IterationRecord(
        1,
        (Atom("ne", Var(last, REF), Lit(7, REF)),),
        ((last, Fresh("1.1")),),
        ((last, 9),),
        ((last, REF),),
        (),
        4,
    )
    assert prove_stuck([record], {last: 11}) is not None
    pinned = IterationRecord(
        1,
        (Atom("eq", Var(last, REF), Lit(9, REF)),),
        ((last, Fresh("1.1")),),
        ((last, 9),),
        ((last, REF),),
        (),
        4,
    )
    assert prove_stuck([pinned], {last: 9}) is None
