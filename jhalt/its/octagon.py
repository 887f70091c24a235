"""Octagons over named integer variables: conjunctions of ``±x <= c`` and ``±x ± y <= c``
(the relational domain of the recurrent-set analysis, seed 002 §3 with "a relational
domain where intervals fail"; issue 17).

An `Octagon` is pure data: a tuple of (form, bound) pairs, each meaning ``form <= bound``
over mathematical integers, where a *form* is one variable with a sign (``((x, 1),)``) or two
distinct variables with signs, sorted by name. A missing form is unbounded. Intervals are
the octagons with unary forms only. An octagon is built by `jhalt.smt.recurrent` as the
tightest octagon (every bound attained) containing a set given by formulas; for such a
*tight* octagon ``a``, ``a.leq(b)`` (every bound of ``b`` is met by a bound of ``a``) is
exactly ``γ(a) ⊆ γ(b)`` (an attained bound of ``a`` above ``b``'s would be a point of ``a``
outside ``b``). `render` prints it with the names a caller gives (source names).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

Form = tuple[tuple[str, int], ...]
"""``((x, ±1),)`` or ``((x, ±1), (y, ±1))`` with ``x < y``: the sum of the signed variables."""


def unary(name: str, sign: int) -> Form:
    return ((name, sign),)


def binary(first: str, first_sign: int, second: str, second_sign: int) -> Form:
    """The form ``first_sign*first + second_sign*second`` in its sorted order."""
    pair = sorted([(first, first_sign), (second, second_sign)])
    return (pair[0], pair[1])


def forms(variables: tuple[str, ...], relational: bool) -> tuple[Form, ...]:
    """Every unary form of ``variables``, and with ``relational`` every binary form."""
    result: list[Form] = [unary(v, s) for v in variables for s in (1, -1)]
    if relational:
        for i, first in enumerate(variables):
            for second in variables[i + 1 :]:
                result.extend(binary(first, a, second, b) for a in (1, -1) for b in (1, -1))
    return tuple(result)


def negated(form: Form) -> Form:
    return tuple((name, -sign) for name, sign in form)


@dataclass(frozen=True)
class Octagon:
    """``⋀ form <= bound`` over the pairs of ``bounds`` (module docstring)."""

    bounds: tuple[tuple[Form, int], ...] = ()

    @staticmethod
    def of(bounds: Mapping[Form, int]) -> Octagon:
        return Octagon(tuple(sorted(bounds.items())))

    def bound(self, form: Form) -> int | None:
        return dict(self.bounds).get(form)

    def leq(self, other: Octagon) -> bool:
        """``self ⊑ other`` (exact when ``self`` is tight: module docstring)."""
        mine = dict(self.bounds)
        return all(form in mine and mine[form] <= limit for form, limit in other.bounds)

    def beyond(self, other: Octagon) -> Octagon:
        """``self`` without the forms whose bounds ``other`` already states (as tight or
        tighter) on both sides: a form is kept with both its bounds when one of them says
        more than ``other`` (``i = 0`` rather than ``i <= 0`` under ``i >= 0``)."""
        theirs, mine = dict(other.bounds), dict(self.bounds)

        def implied(form: Form) -> bool:
            return form not in mine or (form in theirs and theirs[form] <= mine[form])

        return Octagon(
            tuple((f, b) for f, b in self.bounds if not (implied(f) and implied(negated(f))))
        )

    def without_extremes(self, limit: int) -> Octagon:
        """``self`` without the bounds of magnitude ``limit`` or more (for display: bounds at
        the edge of a type's range say nothing to a reader)."""
        return Octagon(tuple((f, b) for f, b in self.bounds if abs(b) < limit * len(f)))

    def simplified(self) -> Octagon:
        """``self`` without the binary bounds its unary bounds imply (same set)."""
        mine = dict(self.bounds)

        def implied(form: Form, limit: int) -> bool:
            parts = [mine.get(unary(name, sign)) for name, sign in form]
            return len(form) == 2 and None not in parts and sum(parts) <= limit  # type: ignore[arg-type]

        return Octagon(tuple((f, b) for f, b in self.bounds if not implied(f, b)))

    def variables(self) -> set[str]:
        return {name for form, _ in self.bounds for name, _ in form}

    def value(self, name: str) -> int | None:
        """The value of ``name`` when the octagon fixes it."""
        high, low = self.bound(unary(name, 1)), self.bound(unary(name, -1))
        return high if high is not None and low is not None and high == -low else None

    def contains(self, values: Mapping[str, int]) -> bool:
        """Whether the point ``values`` (every variable of the octagon given) lies in it."""
        return all(
            sum(sign * values[name] for name, sign in form) <= limit for form, limit in self.bounds
        )

    def render(self, name_of: Callable[[str], str] = str) -> str:
        """``lo <= x <= hi``, ``x = c``, ``x - y <= c``, …, joined by `` ∧ ``; ``true`` when
        unconstrained."""
        mine = dict(self.bounds)
        parts: list[str] = []
        done: set[Form] = set()
        for form, limit in self.bounds:
            if form in done:
                continue
            opposite = negated(form)
            done |= {form, opposite}
            text = _form_text(form if form[0][1] > 0 else opposite, name_of)
            upper = limit if form[0][1] > 0 else mine.get(opposite)
            lower = -mine[opposite] if form[0][1] > 0 and opposite in mine else None
            if form[0][1] < 0:
                lower = -limit
            parts.append(_range_text(text, lower, upper))
        return " ∧ ".join(parts) if parts else "true"


def _form_text(form: Form, name_of: Callable[[str], str]) -> str:
    text = ""
    for index, (name, sign) in enumerate(form):
        if index == 0:
            text = name_of(name) if sign > 0 else f"-{name_of(name)}"
        else:
            text += f" {'+' if sign > 0 else '-'} {name_of(name)}"
    return text


def _range_text(text: str, lower: int | None, upper: int | None) -> str:
    if lower is not None and upper is not None:
        return f"{text} = {lower}" if lower == upper else f"{lower} <= {text} <= {upper}"
    if lower is not None:
        return f"{text} >= {lower}"
    return f"{text} <= {upper}"
