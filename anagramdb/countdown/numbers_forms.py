"""Expressions in canonical form, and how a solution is written: its steps as on the
show, infix with the fewest brackets, and reverse Polish (an Expression).

Canonical form (for counting distinct solutions): + and - chains are flattened into a
sum of positive terms minus negative terms, × and ÷ chains into a product of numerator
factors over denominator factors, and each list of terms is sorted, so expressions that
differ only by the order of operands of + and ×, or by regrouping such chains, have one
form. Forms are tuples: ``(0, n)`` for a number, ``(1, plus, minus)`` for a sum and
``(2, times, over)`` for a product.
"""

from __future__ import annotations

from .records import Record

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    Form = tuple[Any, ...]  # (0, n), (1, plus, minus) or (2, times, over): see above

UNICODE_SIGNS = {"+": "+", "-": "-", "*": "×", "/": "÷"}
ASCII_SIGNS = {"+": "+", "-": "-", "*": "*", "/": "/"}


class Expression(Record, tuple[int, list[str], str, str, int]):
    """One solution: its value, the steps as on the show, infix, reverse Polish, and how
    many numbers it uses: ``(value, steps, infix, rpn, numbers)``."""

    __slots__ = ()
    _fields = ("value", "steps", "infix", "rpn", "numbers")

    def __new__(
        cls, value: int, steps: list[str], infix: str, rpn: str, numbers: int
    ) -> Expression:
        return tuple.__new__(cls, (value, steps, infix, rpn, numbers))

    @property
    def value(self) -> int:
        return self[0]

    @property
    def steps(self) -> list[str]:
        return self[1]

    @property
    def infix(self) -> str:
        return self[2]

    @property
    def rpn(self) -> str:
        return self[3]

    @property
    def numbers(self) -> int:
        return self[4]

    def to_dict(self) -> dict[str, object]:
        """The JSON record: value, steps, infix, rpn (how many numbers it uses is left out)."""
        return {"value": self.value, "steps": self.steps, "infix": self.infix, "rpn": self.rpn}


def join(op: str, left: Form, right: Form) -> Form:
    """The canonical form of ``left op right``: chains flattened, terms sorted."""
    kind = 1 if op in "+-" else 2

    def parts(form: Form) -> tuple[tuple[Form, ...], tuple[Form, ...]]:
        return (form[1], form[2]) if form[0] == kind else ((form,), ())

    lp, ln = parts(left)
    rp, rn = parts(right)
    if op in "+*":
        return (kind, tuple(sorted(lp + rp)), tuple(sorted(ln + rn)))
    return (kind, tuple(sorted(lp + rn)), tuple(sorted(ln + rp)))


def evaluate(form: Form) -> int:
    """The value of a canonical form."""
    if form[0] == 0:
        number: int = form[1]
        return number
    terms = [evaluate(f) for f in form[1]]
    others = [evaluate(f) for f in form[2]]
    if form[0] == 1:
        return sum(terms) - sum(others)
    result = 1
    for term in terms:
        result *= term
    for other in others:
        result //= other
    return result


def count_numbers(form: Form) -> int:
    """How many numbers a form uses."""
    return 1 if form[0] == 0 else sum(count_numbers(f) for f in form[1] + form[2])


def _ordered(terms: tuple[Form, ...]) -> list[Form]:
    """Terms largest value first (the show's habit: 100 + 4, not 4 + 100)."""
    return sorted(terms, key=lambda f: (-evaluate(f), f))


def render(form: Form, ascii_signs: bool = False) -> Expression:
    """Steps, infix with minimal brackets, and RPN of a canonical form.

    A sum is evaluated as its positive terms added, largest first, then each negative
    term subtracted; a product as its factors multiplied, then each divisor divided.
    Every intermediate result is then a positive integer: the full sum (product) is, and
    removing terms one at a time only walks down to it.
    """
    signs = ASCII_SIGNS if ascii_signs else UNICODE_SIGNS
    steps: list[str] = []

    def walk(node: Form) -> tuple[int, str, str]:
        """(value, infix, rpn) of a node, appending its steps."""
        if node[0] == 0:
            return node[1], str(node[1]), str(node[1])
        up, down = ("+", "-") if node[0] == 1 else ("*", "/")
        value, text, rpn = None, "", ""
        for sign, term in [(up, t) for t in _ordered(node[1])] + [
            (down, t) for t in _ordered(node[2])
        ]:
            term_value, term_text, term_rpn = walk(term)
            bracket = (term[0] == 1 and node[0] == 2) or (sign == "-" and term[0] == 1)
            shown = f"({term_text})" if bracket else term_text
            if value is None:
                value, text, rpn = term_value, shown, term_rpn
                continue
            result = {
                "+": value + term_value,
                "-": value - term_value,
                "*": value * term_value,
                "/": value // term_value,
            }[sign]
            steps.append(f"{value} {signs[sign]} {term_value} = {result}")
            value, text, rpn = result, f"{text} {signs[sign]} {shown}", f"{rpn} {term_rpn} {sign}"
        assert value is not None
        return value, text, rpn

    value, text, rpn = walk(form)
    return Expression(value, steps, text, f"({rpn})", count_numbers(form))
