"""A work budget: how much searching one caller (a web request) lets a solver do.

Counted in work, not time, so the same request is refused the same way on a fast machine
and a loaded one, and refused early: the letters solver spends KEY_COST a key it looks up
and SCAN_COST a word its single pass checks; the numbers solver spends STATE_COST a value
it derives and a partial expression it lists; a phrase search a unit for every
CANDIDATES_A_UNIT candidate words it tries (phrases.py). The weights make a unit about a microsecond
of one core (measured on the default dictionary), so a budget of 300,000 stops a search
after roughly 0.3 s of work on any machine, wherever it had got to.

    >>> budget = Budget(10)
    >>> budget.spend(4, "keys looked up")
    >>> budget.spent
    4
    >>> budget.spend(7, "keys looked up")  # raises WorkLimitError: 11 of 10 units
"""

from __future__ import annotations

from ..errors import AnagramDBError

KEY_COST = 4  # a key looked up in a walk (and its words gathered)
SCAN_COST = 10  # a word the single pass matched and checks in Python
STATE_COST = 1  # a value derived, or a partial expression listed, by the numbers solver


class WorkLimitError(AnagramDBError):
    """A search needed more work than its caller's Budget allows."""

    exit_code = 2


class Budget:
    """Work units a caller allows; spend() raises WorkLimitError once they run out."""

    __slots__ = ("limit", "spent")

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.spent = 0

    def spend(self, units: int, what: str) -> None:
        """Count *units* of work of kind *what*; WorkLimitError past the limit."""
        self.spent += units
        if self.spent > self.limit:
            raise WorkLimitError(
                f"the search needs more work than the {self.limit:,} units allowed ({what})"
            )


def spend(budget: Budget | None, units: int, what: str) -> None:
    """budget.spend(), or nothing when there is no budget (the command line's case)."""
    if budget is not None:
        budget.spend(units, what)
