"""Issue 20: 200 malformed inputs on a fixed seed (tests/fuzz/fuzz_corpus.py), each run in
this process: every one ends with exit 0, 1 or 2 (3 only when `check` finished no entry,
README "Exit codes"), at most one line on stderr, no traceback, within its time bound.

The inputs run with ``--timeout 0.5`` (`check`: 2) and ``--no-validate`` (nothing is executed); the bound
of 10 s per input is the timeout plus the graph's and the z3 calls' overrun allowance. The
longer run is ``benchmarks/fuzz_inputs.py --count 2000``."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from fuzz_corpus import base_material, generate, problems, run_input

SEED = 20
COUNT = 200
BOUND_S = 10.0


def test_two_hundred_malformed_inputs_end_cleanly(tmp_path: Path) -> None:
    base = base_material(tmp_path)
    outcomes = [run_input(item, tmp_path / "case", BOUND_S) for item in generate(base, COUNT, SEED)]
    assert len(outcomes) == COUNT
    bad = [f"{o.label}: {'; '.join(problems(o))}" for o in outcomes if problems(o)]
    assert not bad, "\n".join(bad)
    codes = Counter(o.code for o in outcomes)
    # the corpus mostly consists of corrupt input, and valid material still gets answers
    assert codes[2] > COUNT // 2 and codes[0] + codes[1] > 0, codes


def test_the_corpus_is_fixed_by_its_seed_and_covers_every_kind(tmp_path: Path) -> None:
    base = base_material(tmp_path)
    first = [item.label for item in generate(base, COUNT, SEED)]
    assert first == [item.label for item in generate(base, COUNT, SEED)]
    kinds = {label.split(":", 1)[1].split("@")[0].split("=")[0].split("[")[0] for label in first}
    for kind in ("truncate", "bitflip", "magic", "cp-tag", "version", "body", "jar-zip-bomb",
                 "jar-truncate", "jar-bitflip", "jar-name", "jar-main", "prove --entry"):  # fmt: skip
        assert any(k.startswith(kind) for k in kinds), (kind, sorted(kinds))
