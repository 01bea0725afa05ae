"""The shapes of the JSON files the game reads back (the history, a game log), and where
in the text a value that breaks its shape is, so a damaged or hand-edited file is refused
with one line naming the place, never an internal error further on.

A shape is a Python type (``int``: a whole number, never ``true``; ``str``; ``bool``;
``float``: any number), ``None`` (null), a tuple of shapes (any one of them), or one of the
classes below. An object may hold keys its shape does not name: they are kept, not checked.
"""

from __future__ import annotations

import json
from typing import Any

Path = tuple[str | int, ...]
Shape = Any  # a type, None, a tuple of shapes or a Check; see the module docstring


class Check:
    """A shape with rules of its own: ``problem`` returns (path, what is wrong) or None."""

    def problem(self, value: object, path: Path) -> tuple[Path, str] | None:
        raise NotImplementedError


class ListOf(Check):
    """A list of *item*; *size*: exactly that many items; *least*: at least that many."""

    def __init__(self, item: Shape, size: int | None = None, least: int = 0) -> None:
        self.item, self.size, self.least = item, size, least

    def problem(self, value: object, path: Path) -> tuple[Path, str] | None:
        if not isinstance(value, list):
            return path, f"is {describe(value)}, not a list"
        if self.size is not None and len(value) != self.size:
            return path, f"has {len(value)} items, not {self.size}"
        if len(value) < self.least:
            return path, f"has {len(value)} items, not at least {self.least}"
        for index, item in enumerate(value):
            found = problem(item, self.item, (*path, index))
            if found:
                return found
        return None


class MapOf(Check):
    """An object whose every value is a *value*; *least*: at least that many keys;
    *key*: a rule each key must pass, and what it says of a key that fails it."""

    def __init__(self, value: Shape, least: int = 0, key: tuple[Any, str] | None = None) -> None:
        self.value, self.least, self.key = value, least, key

    def problem(self, value: object, path: Path) -> tuple[Path, str] | None:
        if not isinstance(value, dict):
            return path, f"is {describe(value)}, not an object"
        if len(value) < self.least:
            return path, f"has {len(value)} keys, not at least {self.least}"
        for name, item in value.items():
            if self.key is not None and not self.key[0](name):
                return (*path, name), f"is not {self.key[1]}"
            found = problem(item, self.value, (*path, name))
            if found:
                return found
        return None


class Fields(Check):
    """An object with *required* keys and maybe *optional* ones, each of its shape."""

    def __init__(self, required: dict[str, Shape], optional: dict[str, Shape] | None = None):
        self.required, self.optional = required, optional or {}

    def problem(self, value: object, path: Path) -> tuple[Path, str] | None:
        if not isinstance(value, dict):
            return path, f"is {describe(value)}, not an object"
        for name, shape in self.required.items():
            if name not in value:
                return path, f"lacks {json.dumps(name)}"
            found = problem(value[name], shape, (*path, name))
            if found:
                return found
        for name, shape in self.optional.items():
            if name in value:
                found = problem(value[name], shape, (*path, name))
                if found:
                    return found
        return None


class OneOf(Check):
    """One of these values (strings, numbers, booleans)."""

    def __init__(self, *values: object) -> None:
        self.values = values

    def problem(self, value: object, path: Path) -> tuple[Path, str] | None:
        if any(value == v and type(value) is type(v) for v in self.values):
            return None
        choices = ", ".join(json.dumps(v) for v in self.values)
        return path, f"is {describe(value)}, not one of {choices}"


class ByKey(Check):
    """An object whose shape depends on one of its keys: *shapes* maps that key's values
    to the shape of the whole object."""

    def __init__(self, key: str, shapes: dict[Any, Shape]) -> None:
        self.key, self.shapes = key, shapes

    def problem(self, value: object, path: Path) -> tuple[Path, str] | None:
        found = problem(value, Fields({self.key: OneOf(*self.shapes)}), path)
        if found or not isinstance(value, dict):
            return found
        return problem(value, self.shapes[value[self.key]], path)


def describe(value: object) -> str:
    """What *value* is, in JSON's words: ``the string "ten"``, ``null``, ``a list``."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return json.dumps(value)
    if isinstance(value, (int, float)):
        text = json.dumps(value)
        return f"the number {text if len(text) <= 20 else text[:17] + '...'}"
    if isinstance(value, str):
        text = json.dumps(value, ensure_ascii=False)
        return f"the string {text if len(text) <= 30 else text[:26] + '...' + chr(34)}"
    return "a list" if isinstance(value, list) else "an object"


def _type_problem(value: object, kind: type, path: Path) -> tuple[Path, str] | None:
    if kind is float:
        fits = isinstance(value, (int, float)) and not isinstance(value, bool)
    elif kind is int:
        fits = isinstance(value, int) and not isinstance(value, bool)
    else:
        fits = isinstance(value, kind)
    names = {int: "a whole number", float: "a number", str: "a string", bool: "true or false"}
    return None if fits else (path, f"is {describe(value)}, not {names.get(kind, kind.__name__)}")


def problem(value: object, shape: Shape, path: Path = ()) -> tuple[Path, str] | None:
    """Where *value* first breaks *shape*, and how (``(("games", 3, "scores"), "is a
    list, not an object")``), or None when it fits."""
    if shape is None:
        return None if value is None else (path, f"is {describe(value)}, not null")
    if isinstance(shape, tuple):
        found = None
        for choice in shape:
            found = problem(value, choice, path)
            if found is None:
                return None
        if len(shape) == 2 and None in shape:  # X or null: say what X wanted
            other = shape[0] if shape[1] is None else shape[1]
            found = problem(value, other, path)
            assert found is not None
            return found[0], found[1] + " or null"
        return found
    if isinstance(shape, Check):
        return shape.problem(value, path)
    return _type_problem(value, shape, path)


def dotted(path: Path) -> str:
    """A path as JavaScript would write it: ``games[3].scores.you``."""
    text = ""
    for step in path:
        if isinstance(step, int):
            text += f"[{step}]"
        elif step.isidentifier():
            text += f".{step}" if text else step
        else:
            text += f"[{json.dumps(step, ensure_ascii=False)}]"
    return text or "the whole file"


def line_of(text: str, path: Path) -> int:
    """The line of *text* (JSON that parsed) where the value at *path* starts, following
    the path through the text itself (the last of repeated keys, as json reads them)."""
    decoder = json.JSONDecoder()
    at = _skip_space(text, 0)
    for step in path:
        found = None
        if text[at : at + 1] == "{":
            at = _skip_space(text, at + 1)
            while text[at : at + 1] == '"':
                key, at = json.decoder.scanstring(text, at + 1)  # type: ignore[attr-defined]  # public, but not in typeshed
                at = _skip_space(text, _skip_space(text, at) + 1)  # past the colon
                if key == step:
                    found = at
                at = _skip_space(text, decoder.raw_decode(text, at)[1])
                at = _skip_space(text, at + 1) if text[at : at + 1] == "," else at
        elif text[at : at + 1] == "[" and isinstance(step, int):
            at = _skip_space(text, at + 1)
            for _ in range(step):
                at = _skip_space(text, decoder.raw_decode(text, at)[1])
                at = _skip_space(text, at + 1)
            found = at
        if found is None:
            break
        at = found
    return text.count("\n", 0, at) + 1


def _skip_space(text: str, at: int) -> int:
    while text[at : at + 1] in (" ", "\t", "\n", "\r"):
        at += 1
    return at
