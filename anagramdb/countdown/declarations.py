"""Declarations as on the show: what each player wrote during the clock, the one they
declare, and the window in which they declare it.

Every entry and the line on the screen when the clock stops are a player's *written*
words (workings in a numbers round), in the order written. When the clock stops each
player has a default declaration (``default_choice``): in letters the longest written
word that the rack's letters can make, in numbers the working whose own arithmetic comes
closest to the target; a tie goes to the later one. So a fragment left on the line never
replaces a longer word entered before it.

A player who has something to choose (two written words or more), or who shares a
keyboard and so wrote on paper, gets a *window*: DECLARE_SECONDS on the caller's clock
(no limit in a game without a clock) to declare one of the words written (on a shared
keyboard: any text), or Enter (empty text) for the default. Each window is its own clock:
``together`` (each player at their own screen) opens them all when the clock stops;
``in turn`` (one keyboard) opens each when the front end hands the keyboard over. A
declaration after its window (and GRACE) is refused and the default stands.
"""

from __future__ import annotations

from collections import Counter
from typing import NamedTuple

from ..errors import InvalidGameError, InvalidNumbersError
from ..keys import fold, is_word, word_key
from .draw import NumbersDraw
from .numbers_check import check_numbers

DECLARE_SECONDS = 10.0  # the window to declare in (a few seconds, as on the show)
GRACE = 0.5  # seconds after a deadline that an action in flight still counts
MODES = ("together", "in turn")


class Entry(NamedTuple):
    """A player's text and when (clock seconds) it was entered or buzzed."""

    text: str
    seconds: float


def fits(letters: str, word: str) -> bool:
    """Whether the rack *letters* can make *word* (letters only, each used once)."""
    if not is_word(word):
        return False
    return not Counter(word_key(word)) - Counter(word_key(letters))


def closeness(draw: NumbersDraw, working: str) -> int | None:
    """How far *working*'s own arithmetic lands from the target (None: not a working that
    keeps the rules)."""
    try:
        check = check_numbers(draw.numbers, draw.target, working)
    except InvalidNumbersError:
        return None
    return check.distance


def default_choice(written: list[str], letters: str | None, draw: NumbersDraw | None) -> str | None:
    """The declaration a player makes by default from *written* (oldest first): the
    longest word the rack *letters* makes, or the working closest to *draw*'s target; a tie
    goes to the later one; with none that qualifies, the last written (None: nothing)."""
    best: tuple[int, int] | None = None
    chosen = None
    for order, text in enumerate(written):
        if draw is not None:
            distance = closeness(draw, text)
            rank = None if distance is None else -distance
        else:
            rank = len(fold(text)) if letters is not None and fits(letters, text) else None
        if rank is not None and (best is None or (rank, order) >= best):
            best, chosen = (rank, order), text
    return chosen if chosen is not None else (written[-1] if written else None)


class Declarations:
    """The players' written words and declaration windows in one round."""

    def __init__(self, mode: str, timed: bool) -> None:
        if mode not in MODES:
            raise InvalidGameError(f"declarations are made {' or '.join(MODES)}, not {mode!r}")
        self.mode = mode
        self.timed = timed
        self.written: dict[str, list[Entry]] = {}
        self.windows: dict[str, float | None] = {}  # open windows: their deadlines
        self.pending: list[str] = []  # in turn: windows not opened yet, in order
        self.declared: dict[str, str] = {}
        self.closed: dict[str, str] = {}  # player -> why their window closed

    def write(self, player: str, text: str, seconds: float) -> None:
        """*player* wrote *text* at *seconds* on the clock (the same text again: once)."""
        text = text.strip()
        mine = self.written.setdefault(player, [])
        if text and all(entry.text != text for entry in mine):
            mine.append(Entry(text, seconds))

    def texts(self, player: str) -> list[str]:
        return [entry.text for entry in self.written.get(player, [])]

    def open_all(self, players: list[str], now: float) -> bool:
        """When the clock stops: the windows of *players* that need one (together: those
        with a choice; in turn: every one, opened later). Whether any was."""
        for player in players:
            if self.mode == "in turn":
                self.pending.append(player)
            elif len(self.texts(player)) > 1:
                self.windows[player] = now + DECLARE_SECONDS if self.timed else None
        return bool(self.windows or self.pending)

    def open(self, player: str, now: float) -> float | None:
        """Open *player*'s window (in turn, when the keyboard is theirs); its deadline."""
        if player in self.windows:
            return self.windows[player]
        if player not in self.pending:
            raise InvalidGameError(f"{player} has no declaration to make")
        self.pending.remove(player)
        self.windows[player] = now + DECLARE_SECONDS if self.timed else None
        return self.windows[player]

    def left(self, player: str, now: float) -> float | None:
        """Seconds left in *player*'s open window (None: none open, or no limit)."""
        deadline = self.windows.get(player)
        return None if deadline is None else max(0.0, deadline - now)

    def expire(self, now: float) -> list[str]:
        """Close the windows whose time is up at *now*; the players whose window closed."""
        late = [
            player
            for player, deadline in self.windows.items()
            if deadline is not None and now > deadline + GRACE
        ]
        for player in late:
            del self.windows[player]
            self.closed[player] = "time"
        return late

    def declare(self, player: str, text: str, now: float) -> str:
        """*player* declares *text* (empty: the default stands); returns what counts now
        ("" for the default). Raises InvalidGameError when refused."""
        self.expire(now)
        if player in self.declared or self.closed.get(player) == "declared":
            raise InvalidGameError(f"{player} has declared already")
        if player in self.closed:
            raise InvalidGameError(f"{player}'s time to declare is up: the default stands")
        if player in self.pending:
            raise InvalidGameError(f"it is not {player}'s turn to declare yet")
        if player not in self.windows:
            raise InvalidGameError(f"{player} has no choice to declare: the only answer stands")
        text = text.strip()
        written = self.texts(player)
        if text and written and text not in written:
            folded = {fold(t): t for t in written}
            if fold(text) not in folded:
                raise InvalidGameError(
                    f"declare one of the answers you wrote: {', '.join(written)}"
                )
            text = folded[fold(text)]
        del self.windows[player]
        self.closed[player] = "declared"
        if text:
            self.declared[player] = text
        return text

    def close(self) -> None:
        """Every window closes now (the round is judged): the defaults stand."""
        for player in [*self.windows, *self.pending]:
            self.closed.setdefault(player, "time")
        self.windows.clear()
        self.pending.clear()

    @property
    def done(self) -> bool:
        return not self.windows and not self.pending
