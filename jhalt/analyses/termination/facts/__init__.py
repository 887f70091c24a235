"""The path facts of the extraction (`extract`), each in its own module of this package, and
`PATH_FACTS`: the order in which a path hears them, the one list a new `plugins.PathFact` joins."""

from __future__ import annotations

from jhalt.analyses.termination.facts.acyclicrefs import AcyclicRefs
from jhalt.analyses.termination.facts.command_line import CommandLineFact
from jhalt.analyses.termination.facts.enum_ordinals import EnumOrdinals
from jhalt.analyses.termination.facts.fieldvalues import FieldValues
from jhalt.analyses.termination.facts.fully_represented import CompleteFact
from jhalt.analyses.termination.facts.heldfields import HeldFields
from jhalt.analyses.termination.facts.intervalfacts import IntervalFacts
from jhalt.analyses.termination.facts.string_hashes import StringHashes
from jhalt.analyses.termination.facts.untouched import Untouched
from jhalt.analyses.termination.plugins import PathFact

PATH_FACTS: tuple[type[PathFact], ...] = (
    IntervalFacts,  # the intervals of the integers
    FieldValues,  # integer fields of objects and array lengths
    StringHashes,  # String.hashCode() of Strings (switch on Strings)
    EnumOrdinals,  # distinct constants of one enum have distinct ordinals
    CommandLineFact,  # len(args[k]) of main's command line
    CompleteFact,  # instances whose every reference field is represented
    AcyclicRefs,  # the references that reach only acyclic data (norms of acyclic data)
    HeldFields,  # reference fields remembered across calls (forests)
    Untouched,  # fields untouched since the cut point (longest paths in forests)
)
"""Each fact used where it `applies`; a fact's node facts come after those before it."""
