"""Pure-Python abstract domains: intervals, abstract heap and states, positions, the
instance relation, merge and intersection (seed 000 §2, thesis ch. 1–2). No z3 here."""

from jhalt.domains.heap import Heap, HeapPredicates, pair
from jhalt.domains.instance import InstanceCheck, check_instance, is_instance
from jhalt.domains.intersection import IntersectionFailure, intersect
from jhalt.domains.intervals import Interval
from jhalt.domains.merge import MergeResult, merge
from jhalt.domains.naming import ReferenceNamer
from jhalt.domains.state import AbstractState, Frame, InitState, StatePosition
from jhalt.domains.values import (
    NULL,
    ArrayValue,
    BasicHierarchy,
    FloatValue,
    InstanceValue,
    IntValue,
    Ref,
    TypeHierarchy,
    UnknownValue,
)

__all__ = [
    "NULL",
    "AbstractState",
    "ArrayValue",
    "BasicHierarchy",
    "FloatValue",
    "Frame",
    "Heap",
    "HeapPredicates",
    "InitState",
    "InstanceCheck",
    "InstanceValue",
    "IntValue",
    "IntersectionFailure",
    "Interval",
    "MergeResult",
    "ReferenceNamer",
    "Ref",
    "StatePosition",
    "TypeHierarchy",
    "UnknownValue",
    "check_instance",
    "intersect",
    "is_instance",
    "merge",
    "pair",
]
