"""Reading Java class files: bytes -> `ClassFile`, classpaths of jars/directories/files, and the
JDK's runtime image (jimage). It knows the class-file format (JVM spec ch. 4), nothing of analysis."""

from jhalt.classfile.classpath import ClassPath, normalise_class_name
from jhalt.classfile.model import ClassFile, Code, FieldInfo, MethodInfo
from jhalt.classfile.reader import parse_class

__all__ = [
    "ClassPath",
    "ClassFile",
    "Code",
    "MethodInfo",
    "FieldInfo",
    "parse_class",
    "normalise_class_name",
]
