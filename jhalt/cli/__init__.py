"""The `jhalt` command line: argument parsing, dispatch to an analysis, output through the
`jhalt.report.formats` tables, progress on stderr, per-entry worker processes, exit codes."""
