"""Witness search: from a state of the symbolic execution graph back to the entry
(seed 000 §3, Thm 5), solved into concrete inputs and checked by a forward run.

`backward` walks the graph and replays concrete runs, `path` collects a path's facts, `concretize` solves them into inputs.
"""
