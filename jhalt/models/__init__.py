"""JDK library models (issue 3, items 5 and 6; interface: :mod:`jhalt.seg.library`), one
module per library area, each registering its methods; `default_registry` collects them.

One module per library area, each with ``register(registry)``: :mod:`objects`,
:mod:`strings`, :mod:`split` (``String.split``), :mod:`regex` (``java.util.regex.Pattern``), :mod:`matcher` (its ``Matcher``), :mod:`string_builder`, :mod:`concat` (invokedynamic string
concatenation), :mod:`boxing`, :mod:`characters` (``Character``'s classification and case methods), :mod:`math`, :mod:`exceptions`, :mod:`system`,
:mod:`reflection`, :mod:`random`, :mod:`environment` (reading input), :mod:`scanner`
(``java.util.Scanner``), :mod:`files` (files
read by name), :mod:`floats` (``parseDouble``), :mod:`properties` (``System.getProperty``),
:mod:`collections` (``ArrayList`` and its iterator), :mod:`immutable_lists` (``List.of``), :mod:`deques` (``ArrayDeque``), :mod:`hashes` (``HashMap``, ``HashSet``, ``Map.of``), :mod:`enums` (``java.lang.Enum``), :mod:`records` (a record's generated methods), :mod:`dates` (``LocalDate``), :mod:`loggers` (``Logger``), :mod:`formatting` (``String.format``); :mod:`text` holds what several of them share (the
text of a value for ``String.valueOf``, the builder length). :func:`default_registry` is
the one aggregator that knows them all (ARCHITECTURE.md); a library method without a
model gets :func:`jhalt.seg.library.unknown_library_call` from the evaluator.
"""

from __future__ import annotations

from jhalt.models import (
    boxing,
    characters,
    collections,
    concat,
    dates,
    deques,
    enums,
    environment,
    exceptions,
    files,
    floats,
    formatting,
    hashes,
    immutable_lists,
    loggers,
    matcher,
    math,
    objects,
    properties,
    random,
    records,
    reflection,
    regex,
    scanner,
    split,
    string_builder,
    strings,
    system,
)
from jhalt.seg.library import ModelRegistry


def default_registry() -> ModelRegistry:
    """A registry with every model of this package (raises on a duplicate)."""
    registry = ModelRegistry()
    for module in (
        objects,
        strings,
        split,
        regex,
        matcher,
        string_builder,
        concat,
        boxing,
        characters,
        math,
        exceptions,
        system,
        reflection,
        random,
        environment,
        scanner,
        files,
        floats,
        properties,
        collections,
        immutable_lists,
        deques,
        hashes,
        enums,
        records,
        dates,
        formatting,
        loggers,
    ):
        module.register(registry)
    return registry


__all__ = ["default_registry"]
