"""Two facts for the loops developers write over enums and Strings (issue 33 item 5):

* distinct constants of one enum have distinct ordinals (`facts.enum_ordinals`): an enum
  state machine ``while (phase != DONE) phase = next(phase)`` is ranked by the ordinal;
* ``String.hashCode()`` is one number per String, a literal's the Javadoc formula's value
  (`facts.string_hashes`): a ``switch`` on Strings that turns one command into another.

Each has a terminating program proved with the fact it names and look-alikes that hang
(the programs' comments in java/ say why), which must stay unproved."""

from __future__ import annotations

import pytest
from termination_kit import heap_facts, prove_java

from jhalt.analyses.termination.facts.enum_ordinals import ENUM_ORDINAL_FACT
from jhalt.analyses.termination.facts.string_hashes import STRING_HASH_FACT, java_hash
from jhalt.its.contents import code_units


def test_an_enum_state_machine_is_ranked_by_the_ordinal() -> None:
    """PARSE → CHECK → EMIT/DONE → DONE: the ordinal grows on every step, and the exit
    test ``phase != DONE`` excludes DONE's ordinal only by the fact."""
    outcome = prove_java("EnumPipeline")
    assert outcome.proved, outcome.reason
    assert ENUM_ORDINAL_FACT in heap_facts(outcome)


def test_a_switch_on_strings_that_changes_the_command_is_ranked_by_its_hash() -> None:
    """The command "hold" becomes "down" (both four long: no length tells them apart), and
    "down" counts the level down: the hash of the command falls once, then the level."""
    outcome = prove_java("StringCommands")
    assert outcome.proved, outcome.reason
    assert STRING_HASH_FACT in heap_facts(outcome)


@pytest.mark.parametrize(
    "name",
    [
        "EnumPipelineLoop",  # EMIT goes back to PARSE with two arguments
        "EnumTwoKinds",  # GREEN and Door.SHUT share ordinal 1 but are different objects
        "StringCommandsLoop",  # "hold" and "wait" turn into each other
        "StringHashTwins",  # "Aa" and "BB" swap; their hashes are equal (2112)
    ],
)
def test_the_hanging_look_alikes_stay_unproved(name: str) -> None:
    assert not prove_java(name).proved


def test_the_hash_of_a_literal_is_the_javadoc_formula_in_int_arithmetic() -> None:
    """Values Java gives: javac's ``lookupswitch`` keys of "hold"/"down", the colliding pair
    "Aa"/"BB", and a text whose hash wraps to ``Integer.MIN_VALUE``."""
    assert java_hash(code_units("hold")) == 3208383
    assert java_hash(code_units("down")) == 3089570
    assert java_hash(code_units("Aa")) == java_hash(code_units("BB")) == 2112
    assert java_hash(code_units("polygenelubricants")) == -(2**31)
    assert java_hash(()) == 0
