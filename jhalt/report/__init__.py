"""Rendering results for people and tools: text, JSON, SARIF, DOT, disassembly, witnesses
as Java inputs and source excerpts; it computes no verdict."""
