"""The norms of the fact extraction (`plugins.Norm`): what the size of a heap reference is —
longest paths, weighted term sizes, marked objects, distances along a field — and their helpers."""
