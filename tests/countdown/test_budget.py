"""The work budget (countdown/budget.py): the limit itself may be spent, one unit more is
refused with a message naming the limit and the kind of work; no budget, no limit."""

from __future__ import annotations

import pytest

from anagramdb.countdown.budget import Budget, WorkLimitError, spend


def test_a_budget_allows_its_limit_and_not_a_unit_more():
    budget = Budget(10)
    assert (budget.limit, budget.spent) == (10, 0)
    budget.spend(4, "keys looked up")
    budget.spend(6, "keys looked up")
    assert budget.spent == 10
    with pytest.raises(WorkLimitError) as caught:
        budget.spend(1, "values derived")
    assert (
        str(caught.value) == "the search needs more work than the 10 units allowed (values derived)"
    )
    assert caught.value.exit_code == 2 and budget.spent == 11


def test_the_limit_is_written_with_thousands_separators():
    budget = Budget(300_000)
    spend(budget, 300_000, "words checked")
    with pytest.raises(WorkLimitError, match=r"^the search needs more work than the 300,000 units"):
        spend(budget, 1, "words checked")


def test_without_a_budget_nothing_is_counted():
    spend(None, 10**12, "anything")
    zero = Budget(0)
    spend(zero, 0, "nothing")
    with pytest.raises(WorkLimitError, match=r"the 0 units allowed \(one\)$"):
        spend(zero, 1, "one")
