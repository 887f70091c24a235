"""Witnesses through the public API (issue 19): the heap a witness needs (`goals`), its plain
form (`plain`), the call-sequence search on the JVM (`search`), public-call reproducers and
their replay (`reproducer`, `public`)."""
