"""Check a player's numbers-round answer: one expression, or steps, against the rules.

The answer is text in this grammar (spaces anywhere), as people write their working::

    working := line (SEPARATOR line)*       SEPARATOR: a new line, ";", ",", "then", or
                                            a full stop ending a sentence
    line    := step ("=" NUMBER step?)*     a claimed result, if given, must be right;
                                            it ends a step, so "4x7=28 10+4=14" is two
    step    := sum | OPERATOR sum           a step that opens with an operator goes on
                                            from the result before: "25x4=100-3=97",
                                            "700 / 4 = 175, + 1 = 176"
    sum     := product (("+" | "-") product)*
    product := atom (TIMES_OR_DIVIDE atom)*  × x X * · ⋅ ∙ and ÷ /
    atom    := NUMBER | "(" sum ")"

and the words people say (WORDS, any case): plus, and, minus, times, divided by, equals;
"and" after a claimed result only joins two steps ("4 x 7 = 28 and 28 + 2 = 30").

so ``((100+6)*3*75-50)/25``, the show's steps ``25 x 4 = 100`` / ``100 - 3 = 97`` (one a
line) and ``4*7=28, 10+4=14, 28*14=392`` are all answers. Implicit multiplication
(``3(4+5)``) is refused with its own message, and every refusal ends with ACCEPTED, the
forms that are. Operations are done in the order of what was written (brackets
first, × and ÷ before + and -, then left to right) and every result must be a positive
whole number; the first operation that breaks a rule is named as a numbered step. Each
number is one of the tiles, or the result of an earlier line, and no tile is used more
often than it was drawn. The answer's value is the value of its last line.
"""

from __future__ import annotations

from collections import Counter
from typing import NamedTuple, cast

from ..errors import InvalidNumbersError
from .numbers import validate
from .numbers_forms import UNICODE_SIGNS
from .rules import MAX_ANSWER, numbers_score

OPERATORS = {
    "+": "+",
    "-": "-",
    "−": "-",
    "*": "*",
    "x": "*",
    "X": "*",
    "×": "*",
    "·": "*",
    "⋅": "*",
    "∙": "*",
    "/": "/",
    "÷": "/",
}
ACCEPTED = (
    "accepted: steps such as 25 x 4 = 100, 100 - 3 = 97 (split by new lines, ';', ',', '.' "
    "or 'then') or an expression such as (25 + 5) x 4; times: x × * ·, divide: ÷ /; "
    "or the words plus, and, minus, times, divided by, equals"
)
# Words for the signs ("&" is "and": a plus, or nothing just after a claimed result).
WORDS = {"plus": "+", "and": "&", "minus": "-", "times": "*", "x": "*", "equals": "="}
PREVIOUS = -1  # in a parsed step: the result of the step before (a step opening with "+ 1")
MAX_DEPTH = 50  # brackets open at once (the parser recurses once per bracket)


class NumbersCheck(NamedTuple):
    """The verdict on one numbers answer; ``value``/``distance`` are None when invalid."""

    numbers: list[int]
    target: int
    answer: str
    valid: bool
    value: int | None
    reason: str | None
    steps: list[str]

    @property
    def distance(self) -> int | None:
        return None if self.value is None else abs(self.value - self.target)

    @property
    def score(self) -> int:
        """The show's score: 10 exact, 7 within 5, 5 within 10, else 0 (also when invalid)."""
        return 0 if self.distance is None else numbers_score(self.distance)

    def to_dict(self) -> dict[str, object]:
        return {
            "numbers": self.numbers,
            "target": self.target,
            "answer": self.answer,
            "valid": self.valid,
            "value": self.value,
            "distance": self.distance,
            "score": self.score,
            "reason": self.reason,
            "steps": self.steps,
        }


class _Broken(Exception):
    """A rule broken while evaluating (becomes an invalid verdict, not an error)."""


class _At(Exception):
    """Text that is not an answer, at *offset* of the answer: check_numbers words the
    place (place) and raises InvalidNumbersError."""

    def __init__(self, before: str, offset: int, after: str) -> None:
        super().__init__(before, offset, after)
        self.before, self.offset, self.after = before, offset, after


def place(answer: str, offset: int) -> str:
    """The place of *offset* in *answer*, for a message: a character of the answer, or of
    one of its lines when it has several, or the end of a line or of the answer."""
    if offset >= len(answer.rstrip()):
        return "at the end of the answer"
    if "\n" not in answer.strip():
        return f"at character {offset + 1} of the answer"
    start = answer.rfind("\n", 0, offset) + 1
    line = answer[:start].count("\n") + 1
    rest = answer[offset:].split("\n", 1)[0]
    if not rest.strip():
        return f"at the end of line {line}"
    return f"at character {offset - start + 1} of line {line}"


class _Parser:
    """Recursive descent over one line's tokens, building the tree of what was written:
    a number (int) or ``(operator, left, right)``."""

    def __init__(self, tokens: list[tuple[str, int, int]], end: int) -> None:
        self.tokens = tokens
        self.position = 0
        self.end = end  # where the line ends in the answer, for "at the end of ..."

    def peek(self) -> str | None:
        return self.tokens[self.position][0] if self.position < len(self.tokens) else None

    def take(self) -> tuple[str, int, int]:
        token = self.tokens[self.position]
        self.position += 1
        return token

    def expected(self, what: str) -> _At:
        if self.position < len(self.tokens):
            kind, value, column = self.tokens[self.position]
            before = self.tokens[self.position - 1][0] if self.position else None
            if (kind == "(" and before in ("n", ")")) or (kind == "n" and before == ")"):
                return _At(
                    "a times sign is missing ",
                    column,
                    ": implicit multiplication such as 3(4 + 5) is not accepted, write "
                    f"3 x (4 + 5); {ACCEPTED}",
                )
            found = repr(str(value) if kind == "n" else chr(value))
            return _At(f"expected {what} ", column, f", found {found}; {ACCEPTED}")
        return _At(f"expected {what} ", self.end, f"; {ACCEPTED}")

    def line(self) -> object:
        tree = self.sum()
        if self.position != len(self.tokens):
            raise self.expected("an operator or the end of the line")
        return tree

    def sum(self) -> object:
        tree = self.product()
        while self.peek() in ("+", "-"):
            tree = (self.take()[0], tree, self.product())
        return tree

    def product(self) -> object:
        tree = self.atom()
        while self.peek() in ("*", "/"):
            tree = (self.take()[0], tree, self.atom())
        return tree

    def atom(self) -> object:
        kind = self.peek()
        if kind == "n":
            return self.take()[1]
        if kind == "(":
            self.take()
            tree = self.sum()
            if self.peek() != ")":
                raise self.expected("')'")
            self.take()
            return tree
        raise self.expected("a number or '('")


def _times(count: int) -> str:
    """How often a number was used, where that is more than it was drawn or made (so at
    least twice)."""
    return "twice" if count == 2 else f"{count} times"


class _Checker:
    """The state of one working: the tiles, the results made so far, the steps done."""

    def __init__(self, numbers: list[int]) -> None:
        self.have = Counter(numbers)
        self.made: Counter[int] = Counter()
        self.used: Counter[int] = Counter()
        self.steps: list[str] = []
        self.last = 0  # the result of the step before

    def evaluate(self, tree: object) -> int:
        """The value of *tree*, operands left then right, then the operation.

        A loop over a stack, not recursion: ``1+1+...+1`` is a tree as deep as it has
        terms, and a long answer would pass Python's recursion limit."""
        values: list[int] = []
        pending: list[object] = [tree]  # trees to evaluate, and operators (str) to apply
        while pending:
            node = pending.pop()
            if isinstance(node, str):
                right = values.pop()
                values.append(self.apply(values.pop(), node, right))
            elif node == PREVIOUS:
                values.append(self.use(self.last))
            elif isinstance(node, int):
                values.append(self.use(node))
            else:
                op, left, right_tree = cast("tuple[str, object, object]", node)
                pending += [op, right_tree, left]  # left is done first, the operator last
        return values[0]

    def use(self, number: int) -> int:
        self.used[number] += 1
        available = self.have[number] + self.made[number]
        if self.used[number] > available:
            if not available:
                raise _Broken(f"{number} is not one of the numbers")
            how = "drawn" if not self.made[number] else "drawn or made"
            count = "one" if available == 1 else str(available)
            raise _Broken(
                f"{number} is used {_times(self.used[number])}, but only {count} "
                f"{'was' if available == 1 else 'were'} {how}"
            )
        return number

    def apply(self, left: int, op: str, right: int) -> int:
        step = len(self.steps) + 1
        shown = f"{left} {UNICODE_SIGNS[op]} {right}"
        if op == "+":
            result = left + right
        elif op == "-":
            result = left - right
        elif op == "*":
            result = left * right
        elif left % right:
            raise _Broken(f"step {step}: {shown} is not a whole number")
        else:
            result = left // right
        if result <= 0:
            raise _Broken(f"step {step}: {shown} = {result}, but every result must be positive")
        self.steps.append(f"{shown} = {result}")
        return result


def tokenize(line: str, offset: int = 0) -> list[tuple[str, int, int]]:
    """(kind, number, column) tokens of one line: kind "n" for a number, else the operator
    ("+", "-", "*", "/", "&" for "and"), a bracket or "="; raises _At on anything else."""
    tokens: list[tuple[str, int, int]] = []
    index = depth = 0
    while index < len(line):
        char = line[index]
        if char.isspace():
            index += 1
        elif char.isdigit() and char.isascii():
            end = index
            while end < len(line) and line[end].isdigit() and line[end].isascii():
                end += 1
            tokens.append(("n", int(line[index:end]), offset + index))
            index = end
        elif char.isalpha() and char.isascii():
            index = _word(line, index, offset, tokens)
        elif char in OPERATORS or char in "()=":
            # an operator's "number" is the code point written, to quote it in messages
            tokens.append((OPERATORS.get(char, char), ord(char), offset + index))
            depth += {"(": 1, ")": -1}.get(char, 0)
            if depth > MAX_DEPTH:
                raise _At(f"brackets are nested more than {MAX_DEPTH} deep ", offset + index, "")
            index += 1
        else:
            raise _At(f"unexpected {char!r} ", offset + index, f": {ACCEPTED}")
    return tokens


def _word(line: str, index: int, offset: int, tokens: list[tuple[str, int, int]]) -> int:
    """The word at *index* as its sign's token (added to *tokens*); where it ends."""
    end = index
    while end < len(line) and line[end].isalpha() and line[end].isascii():
        end += 1
    word = line[index:end].lower()
    if word == "divided":
        after = line[end:].lstrip()
        if after[:2].lower() != "by" or after[2:3].isalpha():
            raise _At("expected 'by' after 'divided' ", offset + end, f": {ACCEPTED}")
        sign, end = "/", len(line) - len(after) + 2
    elif word in WORDS:
        sign = WORDS[word]
    else:
        raise _At(f"unexpected {line[index:end]!r} ", offset + index, f": {ACCEPTED}")
    tokens.append((sign, ord(line[index]), offset + index))
    return end


def _lines(answer: str) -> list[tuple[str, int]]:
    """The non-blank lines of a working (split by SEPARATOR) with their offsets."""
    import re

    found, start = [], 0
    for separator in re.finditer(r"[;,\n]|\.(?=\s)|\bthen\b", answer + "\n", re.IGNORECASE):
        if answer[start : separator.start()].strip():
            found.append((answer[start : separator.start()], start))
        start = separator.end()
    return found


Token = tuple[str, int, int]


def _steps(tokens: list[Token]) -> list[tuple[list[Token], int | None]]:
    """One line's tokens cut into steps at each claimed result (``= NUMBER``), with the
    claim (a step that opens with an operator goes on from the result before it, which
    check_numbers supplies: a claim is that result once checked)."""
    steps: list[tuple[list[Token], int | None]] = []
    current: list[Token] = []
    index = 0
    while index < len(tokens):
        token = tokens[index]
        if token[0] != "=":
            current.append(token)
            index += 1
            continue
        if index + 1 >= len(tokens) or tokens[index + 1][0] != "n":
            raise _At("expected the result after '=' ", token[2], f"; {ACCEPTED}")
        claim = tokens[index + 1][1]
        steps.append((current, claim))
        index += 2
        current = []
        if index < len(tokens) and tokens[index][0] == "&":
            index += 1  # "= 28 and 28 + 2": "and" joins two steps
    if current or not steps:
        steps.append((current, None))
    return steps


def check_numbers(numbers: list[int], target: int, answer: str) -> NumbersCheck:
    """Judge *answer* (an expression or steps, see the module docstring) for a game.

    A broken rule gives an invalid verdict with the reason; text that is not an answer at
    all (stray characters, unbalanced brackets, empty) raises InvalidNumbersError, as do
    numbers or a target that are not positive whole numbers. Cost: O(length of answer).
    """
    validate(numbers, target)
    if len(answer) > MAX_ANSWER:
        raise InvalidNumbersError(f"the answer is longer than {MAX_ANSWER} characters")
    lines = _lines(answer)
    if not lines:
        raise InvalidNumbersError(f"no answer given: {ACCEPTED}")
    parsed: list[tuple[object, int | None]] = []
    try:
        for text, offset in lines:
            for tokens, claim in _steps(tokenize(text, offset)):
                tokens = [(t[0].replace("&", "+"), t[1], t[2]) for t in tokens]
                if parsed and tokens and tokens[0][0] in ("+", "-", "*", "/"):
                    tokens = [("n", PREVIOUS, tokens[0][2]), *tokens]  # "..., + 1 = 176"
                parsed.append((_Parser(tokens, offset + len(text.rstrip())).line(), claim))
    except _At as at:
        raise InvalidNumbersError(at.before + place(answer, at.offset) + at.after) from None
    checker = _Checker(list(numbers))
    value = 0
    try:
        for number, (tree, claim) in enumerate(parsed, 1):
            done = len(checker.steps)
            value = checker.evaluate(tree)
            if claim is not None and claim != value:
                where = (
                    f"step {len(checker.steps)}: {checker.steps[-1].rsplit(' = ', 1)[0]}"
                    if len(checker.steps) > done
                    else f"line {number}: the result"
                )
                raise _Broken(f"{where} is {value}, not {claim}")
            checker.made[value] += 1  # a line's result can be used by the lines after it
            checker.last = value
    except _Broken as broken:
        return NumbersCheck(list(numbers), target, answer, False, None, str(broken), checker.steps)
    return NumbersCheck(list(numbers), target, answer, True, value, None, checker.steps)
