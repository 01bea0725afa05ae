"""Record: the base of the game's result records, plain tuples with named fields.

A ``typing.NamedTuple`` class costs a cold start about as much as a whole lookup (typing
and collections are imported for it), so the records the command line's quick path makes
are plain tuple subclasses that behave like one: a tuple equal to its fields, each field
a property, ``_fields``, ``_make``, a repr that names the fields, and ``to_dict()``, the
JSON record. letters.LettersWord, numbers_forms.Expression, numbers.Answer,
queries.LettersResult and queries.PhrasesResult are Records; a record whose JSON differs
from its fields (a field left out, one added) says so in its own ``to_dict()``.

At run time nothing is imported (annotations' imports are for the type checker only).
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import TypeVar

    R = TypeVar("R", bound="Record")


class Record(tuple[object, ...]):
    """A tuple with named fields: a subclass sets ``_fields`` and gives each a property."""

    __slots__ = ()
    _fields: tuple[str, ...] = ()

    @classmethod
    def _make(cls: type[R], values: Iterable[object]) -> R:
        """The record of *values*, in field order (as NamedTuple._make)."""
        return tuple.__new__(cls, values)

    def __repr__(self) -> str:
        """``Name(field=value, ...)``, as a NamedTuple shows itself."""
        shown = ", ".join(
            f"{name}={value!r}" for name, value in zip(self._fields, self, strict=True)
        )
        return f"{type(self).__name__}({shown})"

    def to_dict(self) -> dict[str, object]:
        """The JSON record: each field by name, a record inside as its own record and a
        tuple or list as a list of them."""
        return {name: _plain(value) for name, value in zip(self._fields, self, strict=True)}


def _plain(value: object) -> object:
    """*value* as JSON holds it: records as their to_dict(), tuples and lists as lists."""
    if isinstance(value, Record):
        return value.to_dict()
    if isinstance(value, (tuple, list)):
        return [_plain(item) for item in value]
    return value
