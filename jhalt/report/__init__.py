"""Renderers of every command's result (text, JSON, SARIF, DOT, disassembly, watch/attach
reports), reached by name through the per-command tables of `jhalt.report.formats`."""
