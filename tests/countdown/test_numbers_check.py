"""The numbers answer checker: the rules, the issue's examples, and two properties: every
answer the solver prints is accepted with its value, and random expressions are judged as
a brute-force evaluator (Python's own parser, exact fractions) judges them."""

from __future__ import annotations

import ast
import inspect
import json
import sys
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from anagramdb.cli.app import app
from anagramdb.countdown.numbers import solutions, solve
from anagramdb.countdown.numbers_check import ACCEPTED, check_numbers
from anagramdb.countdown.rules import MAX_ANSWER
from anagramdb.countdown.show import LARGE_TILES, SMALL_TILES
from anagramdb.errors import InvalidNumbersError

GAME = [100, 75, 50, 25, 6, 3]
runner = CliRunner()


@pytest.mark.parametrize(
    ("answer", "value", "score"),
    [
        ("((100+6)*3*75-50)/25", 952, 10),
        ("(100+6)*3*75/25", 954, 7),
        ("((100 + 6) × 3 × 75 - 50) ÷ 25", 952, 10),
        ("((100+6)x3x75-50)/25", 952, 10),
        ("100 + 75 + 50 + 25 + 6 * 3", 268, 0),  # valid, scores nothing
        ("100", 100, 0),
        ("100*6+75*3+50+25+3*2", None, 0),  # 3 used twice
        ("(100 + 6) * 3 = 318\n318 * 75 = 23850\n23850 - 50 = 23800\n23800 / 25 = 952", 952, 10),
        ("100+6=106; 106*3=318; 318*75=23850; 23850-50=23800; 23800/25=952", 952, 10),
        ("100+6=106; 106*3=318; 318*75 = 23850; 23850/25=954", 954, 7),
        ("100 − 50 + 6", 56, 0),  # a real minus sign
    ],
)
def test_issue_examples_and_forms(answer, value, score):
    result = check_numbers(GAME, 952, answer)
    assert result.value == value and result.score == score
    assert result.valid == (value is not None)


@pytest.mark.parametrize(
    ("numbers", "answer", "reason"),
    [
        (GAME, "75/50*100", "step 1: 75 ÷ 50 is not a whole number"),
        (GAME, "100 + 7", "7 is not one of the numbers"),
        (GAME, "100 + 100", "100 is used twice, but only one was drawn"),
        ([5, 5, 2], "5 * 5 * 5", "5 is used 3 times, but only 2 were drawn"),
        (GAME, "3 - 6 + 100", "step 1: 3 - 6 = -3, but every result must be positive"),
        (GAME, "100 - (75 + 25)", "step 2: 100 - 100 = 0, but every result must be positive"),
        (GAME, "6 * 3 = 19", "step 1: 6 × 3 is 18, not 19"),
        (GAME, "100 = 101", "line 1: the result is 100, not 101"),
        (GAME, "6 * 3 = 18; 18 * 18", "18 is used twice, but only one was drawn or made"),
        (
            GAME,
            "100 + 6 = 106; 75 - 50 = 25; 25 * 25; 106 + 25",
            "25 is used 3 times, but only 2 were drawn or made",
        ),
    ],
)
def test_broken_rules_are_named(numbers, answer, reason):
    result = check_numbers(numbers, 952, answer)
    assert not result.valid and result.reason == reason
    assert result.value is None and result.distance is None and result.score == 0


def test_the_order_of_what_was_written_decides():
    # 31 + 16 - (5 + 4) and 31 + 16 - 5 - 4 are both fine; 5 - 31 + 64 is not.
    numbers = [31, 16, 5, 4, 64, 1]
    assert check_numbers(numbers, 38, "31+16-(5+4)").steps == [
        "31 + 16 = 47",
        "5 + 4 = 9",
        "47 - 9 = 38",
    ]
    assert check_numbers(numbers, 38, "31+16-5-4").value == 38
    assert (
        check_numbers(numbers, 38, "5 - 31 + 64").reason
        == "step 1: 5 - 31 = -26, but every result must be positive"
    )
    assert check_numbers(numbers, 38, "64 - 31 + 5").value == 38
    assert check_numbers(numbers, 38, "16 / 4 * 5").value == 20
    assert check_numbers(numbers, 38, "5 / 4 * 16").reason == "step 1: 5 ÷ 4 is not a whole number"
    assert check_numbers(numbers, 38, "4 * 5 + 16 * 1").steps == [
        "4 × 5 = 20",
        "16 × 1 = 16",
        "20 + 16 = 36",
    ]


@pytest.mark.parametrize(
    "answer",
    [
        *[
            "",
            "   ",
            "; ;",
            "100 +",
            "(100",
            "100)",
            "100 6",
            "abc",
            "100 ** 2",
            "-6 + 100",
            "100 = ",
            "= 100",
            "2^3",
            "100 % 3",
        ],
        *["1" * 3000, "(" * 400 + "1" + ")" * 400],
    ],
)
def test_text_that_is_not_an_answer_is_bad_input(answer):
    with pytest.raises(InvalidNumbersError):
        check_numbers(GAME, 952, answer)


def test_deep_brackets_within_the_limit_are_fine():
    assert check_numbers(GAME, 952, "(" * 50 + "100" + ")" * 50).value == 100


def test_a_chain_as_long_as_an_answer_may_be_is_judged_without_recursing():
    """Issue 27: ``1+1+...+1`` is a tree as deep as it has terms. Within MAX_ANSWER it gets
    a verdict even with little stack to spare (the tree is walked with a loop); a longer
    answer, such as the thousand terms that were a RecursionError, is refused in one line."""
    chain = "+".join(["1"] * (MAX_ANSWER // 2))
    assert len(chain) == MAX_ANSWER - 1
    spare = 40  # frames: far fewer than the chain's 100 levels
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(len(inspect.stack(0)) + spare)
    try:
        verdict = check_numbers([1, 2], 100, chain)
    finally:
        sys.setrecursionlimit(limit)
    assert not verdict.valid and verdict.reason == "1 is used twice, but only one was drawn"
    with pytest.raises(InvalidNumbersError, match=f"^the answer is longer than {MAX_ANSWER} "):
        check_numbers(GAME, 952, "+".join(["1"] * 999))


def test_bad_games_are_bad_input():
    with pytest.raises(InvalidNumbersError):
        check_numbers([0, 5], 10, "5")
    with pytest.raises(InvalidNumbersError):
        check_numbers([5], -1, "5")


show_tiles = st.lists(
    st.sampled_from(LARGE_TILES + SMALL_TILES + SMALL_TILES), min_size=6, max_size=6
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(show_tiles, st.integers(101, 999))
def test_every_answer_the_solver_prints_is_accepted(numbers, target):
    answer = (
        solutions(numbers, target) if target % 3 == 0 else solve(numbers, target, ascii_signs=True)
    )
    for expression in answer.solutions:
        result = check_numbers(numbers, target, expression.infix)
        assert result.valid and result.value == answer.value == expression.value, (
            expression.infix,
            result.reason,
        )
        assert result.distance == answer.distance
        if expression.steps:
            worked = check_numbers(numbers, target, "\n".join(expression.steps))
            assert worked.valid and worked.value == answer.value, (expression.steps, worked.reason)
            assert worked.steps == [
                step.replace("*", "×").replace("/", "÷") for step in expression.steps
            ]


def brute_force(numbers: list[int], text: str) -> tuple[bool, int | None, int]:
    """(valid, value, operations done before any failure) by walking Python's own parse of
    the expression with exact fractions: operands left then right, then the operation."""
    tree = ast.parse(text.replace("×", "*").replace("÷", "/").replace("x", "*"), mode="eval").body
    left_over = Counter(numbers)
    done = 0

    class Broken(Exception):
        pass

    def walk(node: ast.expr) -> Fraction:
        nonlocal done
        if isinstance(node, ast.Constant):
            left_over[node.value] -= 1
            if left_over[node.value] < 0:
                raise Broken
            return Fraction(node.value)
        assert isinstance(node, ast.BinOp)
        a, b = walk(node.left), walk(node.right)
        value = {ast.Add: a + b, ast.Sub: a - b, ast.Mult: a * b, ast.Div: a / b}[type(node.op)]
        if value.denominator != 1 or value <= 0:
            raise Broken
        done += 1
        return value

    try:
        value = walk(tree)
    except Broken:
        return False, None, done
    return True, int(value), done


@st.composite
def written_expressions(draw: st.DrawFn) -> str:
    """Random expressions of numbers 1-12 and the large tiles, bracketed at random, with
    every spelling of the operators and random spaces."""
    spellings = {"+": ["+"], "-": ["-"], "*": ["*", "x", "×"], "/": ["/", "÷"]}

    def build(depth: int) -> str:
        if depth == 0 or draw(st.integers(0, 3)) == 0:
            return str(draw(st.sampled_from([*range(1, 13), *LARGE_TILES])))
        op = draw(st.sampled_from("+-*/"))
        left = build(depth - 1)
        space = draw(st.sampled_from(["", " "]))
        sign = draw(st.sampled_from(spellings[op]))
        text = f"{left}{space}{sign} {build(depth - 1)}"
        return f"({text})" if draw(st.booleans()) else text

    return build(4)


@settings(max_examples=400, deadline=None)
@given(show_tiles, written_expressions())
def test_random_expressions_are_judged_as_brute_force_does(numbers, text):
    valid, value, done = brute_force(numbers, text)
    result = check_numbers(numbers, 500, text)
    assert (result.valid, result.value, len(result.steps)) == (valid, value, done), result.reason


def interleaved(parts: tuple[list[str], list[str]]) -> str:
    numbers, signs = parts
    return " ".join(
        word
        for pair in zip(numbers, [*signs[: len(numbers) - 1], ""], strict=True)
        for word in pair
    )


# Any text of an answer's characters, or numbers of the game with signs between them.
ANY_TEXT = st.one_of(
    st.text(alphabet="0123456789+-*/x×÷()=; \n\tab.", max_size=40),
    st.tuples(
        st.lists(st.sampled_from(["25", "50", "75", "100", "3", "6"]), min_size=1, max_size=4),
        st.lists(st.sampled_from("+-*/"), min_size=3, max_size=3),
    ).map(interleaved),
)


@settings(max_examples=300, deadline=None)
@given(ANY_TEXT)
def test_any_text_gets_a_verdict_or_bad_input(text):
    try:
        result = check_numbers(GAME, 952, text)
    except InvalidNumbersError:
        return
    assert result.valid == (result.reason is None)
    json.dumps(result.to_dict())


def test_the_text_property_is_not_vacuous():
    """On text drawn as above, some is refused as bad input and some gets a verdict, of
    both kinds: the property does not pass by refusing everything."""
    seen: list[str] = []

    @settings(max_examples=300, derandomize=True, database=None, deadline=None)
    @given(ANY_TEXT)
    def outcome(text: str) -> None:
        try:
            result = check_numbers(GAME, 952, text)
        except InvalidNumbersError:
            seen.append("refused")
        else:
            seen.append("valid" if result.valid else "invalid")

    outcome()
    assert min(seen.count(kind) for kind in ("refused", "valid", "invalid")) >= 20, {
        kind: seen.count(kind) for kind in set(seen)
    }


def test_numbers_check_command():
    args = ["check", "numbers", "100", "75", "50", "25", "6", "3", "--target", "952"]
    result = runner.invoke(app, [*args, "((100+6)*3*75-50)/25"])
    assert result.exit_code == 0 and result.stdout.splitlines()[0] == "valid: 952, exact, 10 points"
    result = runner.invoke(app, [*args, "(100+6)*3*75/25", "--json"])
    record = json.loads(result.stdout)
    assert result.exit_code == 0
    assert {k: record[k] for k in ("valid", "value", "distance", "score", "reason")} == {
        "valid": True,
        "value": 954,
        "distance": 2,
        "score": 7,
        "reason": None,
    }
    result = runner.invoke(app, [*args, "100+75+50+25"])
    assert (
        result.exit_code == 0
        and result.stdout.splitlines()[0] == "valid: 250, 702 away from 952, 0 points"
    )
    result = runner.invoke(app, [*args, "75/50*100", "--json"])
    assert (
        result.exit_code == 1
        and json.loads(result.stdout)["reason"] == "step 1: 75 ÷ 50 is not a whole number"
    )
    result = runner.invoke(app, [*args, "75/50*(100"])
    assert (
        result.exit_code == 2
        and result.stderr.startswith("anagramdb: error: expected ')' at the end of the answer; ")
        and "accepted: steps such as" in result.stderr
    )
    result = runner.invoke(app, ["check", "numbers", "100", "x5", "--target", "952", "100"])
    assert result.exit_code == 2 and "'x5' is not a whole number" in result.stderr


PEOPLE = [4, 7, 10, 4, 2, 1]  # 4 x 7 = 28, 10 + 4 = 14, 28 x 14 = 392, 392 x 2 = 784, 784 - 1


@pytest.mark.parametrize(
    "answer",
    [
        "4*7=28, 10+4=14, 28*14=392, 392*2=784, 784-1=783",  # the issue's way of writing it
        "4x7=28 10+4=14 28x14=392 392x2=784 784-1=783",  # claimed results end steps
        "4 × 7 = 28 then 10 + 4 = 14 then 28 × 14 = 392 then 392 × 2 = 784 then 784 - 1 = 783",
        "4·7=28; 10+4=14\n28·14=392, 392 ⋅ 2 = 784 THEN 784 − 1",
        "4 x 7 = 28, 10 + 4 = 14, 28 x 14 = 392 x 2 = 784 - 1 = 783",  # a chain goes on
        "4 x 7, 10 + 4, 28 x 14\n x 2, - 1",  # a step opening with a sign goes on
        "(4 * 7) * (10 + 4) * 2 - 1",
    ],
)
def test_working_as_people_write_it(answer):
    check = check_numbers(PEOPLE, 783, answer)
    assert check.valid and check.value == 783 and check.score == 10, check.reason
    assert check.steps[-1] == "784 - 1 = 783"


@pytest.mark.parametrize("answer", ["3(4+7)", "(4 + 7)10", "(4+7)(2+1)", "2 (4 + 7)"])
def test_implicit_multiplication_has_its_own_message(answer):
    with pytest.raises(InvalidNumbersError, match=r"implicit multiplication .* is not accepted"):
        check_numbers(PEOPLE, 783, answer)


@pytest.mark.parametrize(
    "answer", ["", "4 7", "4 + ", "4 * 7 =", "4 % 7", "((4)", "4 * 7 = 28 = ", "seven"]
)
def test_every_refusal_says_what_is_accepted(answer):
    with pytest.raises(InvalidNumbersError) as refused:
        check_numbers(PEOPLE, 783, answer)
    assert "accepted: steps such as 25 x 4 = 100" in str(refused.value)
    assert "then" in str(refused.value) and "·" in str(refused.value)


def test_a_wrong_claim_in_a_chain_is_named():
    check = check_numbers(PEOPLE, 783, "4 x 7 = 29 - 1 = 28")
    assert not check.valid and check.reason == "step 1: 4 × 7 is 28, not 29"


AN_OPERATOR = "expected an operator or the end of the line"


@pytest.mark.parametrize(
    ("answer", "message"),
    [
        ("4 7", f"{AN_OPERATOR} at character 3 of the answer, found '7'"),
        ("4 + 7)", f"{AN_OPERATOR} at character 6 of the answer, found ')'"),
        ("4 x 7\n10 10", f"{AN_OPERATOR} at character 4 of line 2, found '10'"),
        ("4 x\n7 x 4", "expected a number or '(' at the end of line 1"),
        ("4 x (7\n+ 4", "expected ')' at the end of line 1"),
        ("4 x 7 =\n28 + 2", "expected the result after '=' at character 7 of line 1"),
        ("4 x, 7", "expected a number or '(' at character 4 of the answer"),
        ("4 divided 2", "expected 'by' after 'divided' at character 10 of the answer"),
        ("4 + × 7", "expected a number or '(' at character 5 of the answer, found '×'"),
        ("4 + ", "expected a number or '(' at the end of the answer"),
        ("(4 x 7 10)", "expected ')' at character 8 of the answer, found '10'"),
        ("((4)", "expected ')' at the end of the answer"),
        ("4 * 7 =", "expected the result after '=' at character 7 of the answer"),
        ("4 x 7, 10 + 4 = + 1", "expected the result after '=' at character 15 of the answer"),
        ("3(4+7)", "a times sign is missing at character 2 of the answer: implicit "
                   "multiplication such as 3(4 + 5) is not accepted, write 3 x (4 + 5)"),
        ("(4+7) 10", "a times sign is missing at character 7 of the answer: implicit "
                     "multiplication such as 3(4 + 5) is not accepted, write 3 x (4 + 5)"),
    ],
)  # fmt: skip
def test_a_refusal_says_what_was_expected_where_and_what_was_found(answer, message):
    """Positions count characters from 1, of the answer or, when it has several lines, of
    the line they are on; a line that stops short is named; what was found is quoted as
    it was written."""
    with pytest.raises(InvalidNumbersError) as refused:
        check_numbers(PEOPLE, 783, answer)
    assert str(refused.value).startswith(message) and str(refused.value).endswith(ACCEPTED)


@pytest.mark.parametrize(
    ("answer", "message"),
    [
        ("4 % 7", "unexpected '%' at character 3 of the answer"),
        ("4 x 7, 10 + 4 % 2", "unexpected '%' at character 15 of the answer"),
        ("4 x 7\nten", "unexpected 'ten' at character 1 of line 2"),
        ("4 over 7", "unexpected 'over' at character 3 of the answer"),
        ("4 x 7.5", "unexpected '.' at character 6 of the answer"),
        ("4 x ٣", "unexpected '٣' at character 5 of the answer"),  # a digit, not an ASCII one
    ],
)
def test_a_stray_character_is_named_with_its_position(answer, message):
    with pytest.raises(InvalidNumbersError) as refused:
        check_numbers(PEOPLE, 783, answer)
    assert str(refused.value) == f"{message}: {ACCEPTED}"


@pytest.mark.parametrize(
    ("answer", "value"),
    [
        ("4 x 7 = 28.", 28),
        ("4 x 7 = 28. 10 + 4 = 14. 28 x 14 = 392.", 392),
        ("4 times 7 = 28, 10 plus 4 = 14, 28 TIMES 14 = 392", 392),
        ("4 x 7 = 28 and 28 minus 1 = 27", 27),
        ("4 and 7", 11),
        ("10 divided by 2 = 5; 5 Divided  By 1", 5),
        ("4 x 7 equals 28, minus 1", 27),
        ("(4 plus 7) times 2 then minus 1.", 21),
    ],
)
def test_working_in_words_and_sentences(answer, value):
    """The words people say for the signs, a full stop ending a sentence or the answer,
    and "and" joining two steps after a claimed result (a plus elsewhere)."""
    check = check_numbers(PEOPLE, 783, answer)
    assert check.valid and check.value == value, check.reason


def test_the_bracket_limit_counts_brackets_open_at_once():
    """Brackets closed again do not count towards the limit of 50 open at once."""
    fifty = "(" * 50 + "{}" + ")" * 50
    assert check_numbers(GAME, 952, f"{fifty.format(100)} + (6)").value == 106  # 51 in all
    assert check_numbers(GAME, 952, "+".join(["((3))"] * 33)).valid is False  # 66 in all
    with pytest.raises(InvalidNumbersError) as refused:
        check_numbers(GAME, 952, "100 + " + "(" * 51 + "6" + ")" * 51)
    assert str(refused.value) == (
        "brackets are nested more than 50 deep at character 57 of the answer"
    )
