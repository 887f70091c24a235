"""The analysed world: class lookup, hierarchy, resolution, dispatch and initialisation
per the JVM spec, over a classpath and the JDK's class library.

`Program` (world.py) is the entry point: built from a classpath, it looks classes up
(classpath first, then the JDK library of jdk_library.py: the descriptions of jdk.py, else the
installed JDK's runtime image, jdk_image.py; and array classes), and offers the
hierarchy (hierarchy.py; subtypes from an index built once, subtype_index.py), JVM resolution (resolution.py, JVM spec §5.4.3), selection and
dispatch candidates (dispatch.py, §5.4.5-§5.4.6, §6.5) and class initialisation
(initialization.py, §5.5), the classes of lambda objects (lambdas.py) and jhalt's sequential
stream library (substitutes.py). A class that is nowhere raises `MissingClassError`.
"""

from jhalt.program.dispatch import DispatchCandidates, LambdaSite, select_method, select_special
from jhalt.program.hierarchy import SubtypeScan
from jhalt.program.jdk import JdkDescriptions, jdk_descriptions
from jhalt.program.jdk_library import JdkLibrary, jdk_library, use_jdk_home
from jhalt.program.resolution import (
    LinkageFailure,
    ResolvedField,
    ResolvedMethod,
    link_field_instruction,
    link_invoke_instruction,
)
from jhalt.program.world import ClassKind, InMemoryClasses, Program

__all__ = [
    "ClassKind",
    "DispatchCandidates",
    "InMemoryClasses",
    "JdkDescriptions",
    "JdkLibrary",
    "LambdaSite",
    "LinkageFailure",
    "Program",
    "ResolvedField",
    "ResolvedMethod",
    "SubtypeScan",
    "jdk_descriptions",
    "jdk_library",
    "link_field_instruction",
    "link_invoke_instruction",
    "select_method",
    "select_special",
    "use_jdk_home",
]
