"""Witnesses through the public API (issue 19): what heap a witness needs (`goals`), its plain
form when literals suffice (`plain`), the call-sequence search on the JVM (`search`, with the
Java driver `JhaltSequenceDriver.java`), and the public-call reproducer and its replay
(`reproducer`), and `public`, which makes and replays them for a finding."""
