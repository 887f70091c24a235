"""The integer literals of a class under test, as seeds of the public-API search (issue 34).

A search that only tries a fixed pool (0, 1, -1, 2, 3, 10) and the witness's own integers
misses inputs that depend on the class's own sizes: an index one past the end of an array
field the constructor fills with five elements needs 4. Test generators seed their pools with
the literals of the class under test for that reason (Randoop, EvoSuite); `class_literals`
gives them: the ``iconst``/``bipush``/``sipush``/``ldc`` integers of the class's methods and
each one less and one more (the boundary next to a size), small ones first, at most
`MAX_LITERALS`.
"""

from __future__ import annotations

from jhalt.bytecode.instructions import decode
from jhalt.bytecode.opcodes import INTEGER_CONSTANT_LOADS
from jhalt.classfile.model import ClassFile
from jhalt.errors import JhaltError

__all__ = ["MAX_LITERALS", "class_literals"]

MAX_LITERALS = 24
_LIMIT = 1 << 16  # larger constants (hashes, masks) are no sizes worth trying


def class_literals(classfile: ClassFile) -> tuple[int, ...]:
    """The seeds of ``classfile`` (module docstring), smallest magnitude first; () when its
    code cannot be decoded."""
    found: set[int] = set()
    try:
        for info in classfile.methods:
            if info.code is None:
                continue
            for ins in decode(info.code.bytecode, classfile.constant_pool):
                value = ins.value
                if (
                    ins.mnemonic in INTEGER_CONSTANT_LOADS
                    and isinstance(value, int)
                    and abs(value) < _LIMIT
                ):
                    found.update((value - 1, value, value + 1))
    except JhaltError:
        return ()
    return tuple(sorted(found, key=lambda v: (abs(v), v))[:MAX_LITERALS])
