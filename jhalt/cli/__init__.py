"""The command line: argument parsing, targets and entries, dispatch to the analyses and
renderers, progress, exit codes — no analysis logic."""
