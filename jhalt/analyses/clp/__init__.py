"""The CLP non-termination engine (seed 001, Payet & Spoto): bytecode → constraint logic
program, binary unfolding, the criterion of Props 4–5, and a witness input from its solution.

Public API: :func:`find_clp_nontermination`, :class:`ClpConfig`, :class:`ClpResult`,
:class:`ClpSearch`, :func:`translate_program` (the CLP program of an entry, printable).
Modules: ``clauses`` (atoms, clauses, the printer), ``abstraction`` (the exact abstraction
of one instruction), ``containers`` (boxes, deques of boxes), ``input_lines`` (the first line
of standard input, ``String.equals``), ``scope`` (the class path around an entry and what the program
uses), ``translate`` (methods → clauses), ``unfold`` (binary unfolding, §5),
``criterion`` (Props 4 and 5), ``inputs`` (witness inputs from a model), ``result`` (the
evidence), ``engine`` (the procedure), ``concrete`` (the program's concrete reading, the
oracle of the differential test).
"""

from jhalt.analyses.clp.clauses import Atom, Clause, ClpProgram
from jhalt.analyses.clp.engine import ClpConfig, ClpSearch, find_clp_nontermination
from jhalt.analyses.clp.result import ClpResult
from jhalt.analyses.clp.translate import translate_program

__all__ = [
    "Atom",
    "Clause",
    "ClpConfig",
    "ClpProgram",
    "ClpResult",
    "ClpSearch",
    "find_clp_nontermination",
    "translate_program",
]
