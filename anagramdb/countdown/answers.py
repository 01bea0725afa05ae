"""One round as the show plays it, driven by events: the picks, the clock, entries that
replace each other, the conundrum's buzzer, hidden declarations, then the reveal.

A round never reads a clock. Every timed event carries ``now``, seconds on the caller's
clock (time.monotonic() in the terminal, the server's clock on the web), and the round
keeps its deadline on that clock, so a terminal and a web server drive the same object::

    rnd = game.next_round()              # phase "pick" ("ready" for a conundrum)
    rnd.pick("c"); rnd.pick("v") ...     # or rnd.pick_rest(), rnd.choose_large(1),
    rnd.pick_for_computer()              #   or the computer's picks, like a contestant's
    deadline = rnd.start(now)            # phase "clock"; None when there is no clock
    rnd.type("you", "scoo", now)         # what is on the line (counts at time-up)
    rnd.enter("you", "scooper", now)     # an entry replaces the last; "" does nothing
    rnd.buzz("you", now, "cannonade")    # the conundrum: first right answer wins
    rnd.tick(now)                        # the computer's buzz; time's up at the deadline
    rnd.declare("you", "scooper", now)   # in the window: one of the words written
    result = rnd.finish()                # phase "over": the RoundResult to reveal

Phases (PHASES): ``pick`` -> ``ready`` -> ``clock`` (``answering`` while the player who
buzzed answers the conundrum, the clock stopped) -> ``declaring`` (only when someone has
a choice to declare) -> ``stopped`` -> ``over``. Every entry, and the line when the clock
stops, is a written answer; a player declares one of them in a window of their own, or
the default counts (declarations.py); a wrong buzz locks that player out. docs/API.md has
the table of events.

A round knows its game only as a RoundHost (what it asks of it; game.Game is one), so this
module imports nothing of game.py, which makes the rounds.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from ..errors import InvalidGameError
from .declarations import GRACE, Declarations, Entry, default_choice
from .draw import NumbersDraw
from .opponent import COMPUTER, THINKING_LIMIT, Move, rack_words
from .picks import LetterPicker
from .round_kinds import RoundKind
from .round_picks import PickedRound, PickHost
from .rules import check_conundrum
from .verdicts import (
    Play,
    RoundResult,
    conundrum_best,
    conundrum_play,
    defined_words,
    letters_best,
    numbers_best,
    numbers_play,
    points,
    word_play,
)

if TYPE_CHECKING:
    from ..dictionary import Dictionary
    from .conundrum import Conundrum
    from .opponent import Opponent

PHASES = ("pick", "ready", "clock", "answering", "declaring", "stopped", "over")
__all__ = ["GRACE", "PHASES", "Entry", "Round", "RoundHost"]


class RoundHost(PickHost, Protocol):
    """What a round needs of the game it belongs to (game.Game is one): the dictionaries,
    the clock's seconds, the computer, the players, each round's kind and draws (from the
    game's seed), Dictionary Corner, and the results a finished round joins."""

    dictionary: Dictionary
    common: Dictionary
    dictionary_name: str
    seconds: int
    declarations: str  # declarations.MODES: "together", or "in turn" on one keyboard
    opponent: Opponent | None
    humans: list[str]
    participants: list[str]
    results: list[RoundResult]

    def kind(self, number: int) -> RoundKind: ...
    def conundrum(self, number: int) -> Conundrum: ...
    def define(self, words: list[str]) -> dict[str, object] | None: ...


class Round(PickedRound):
    """One round of *game*: number (0-based), kind, who picks (None: the game's seed)."""

    game: RoundHost

    def __init__(
        self, game: RoundHost, number: int, picker: str | None, crucial: bool = False
    ) -> None:
        self.game = game
        self.number = number
        self.kind = game.kind(number)
        self.picker = picker
        self.crucial = crucial
        self.phase = "ready" if self.kind == RoundKind.CONUNDRUM else "pick"
        self.picks = LetterPicker(game.rng(number, "letters"))
        self.draw: NumbersDraw | None = None
        self.puzzle = game.conundrum(number) if self.kind == RoundKind.CONUNDRUM else None
        self.started: float | None = None
        self.paused = 0.0  # clock seconds spent with the clock stopped for a buzzer
        self.paused_at: float | None = None
        self.lines: dict[str, str] = {}
        self.entries: dict[str, Entry] = {}  # each player's last entry
        self.decl = Declarations(game.declarations, bool(game.seconds))
        self.buzzes: dict[str, Entry] = {}  # conundrum: each player's one buzz
        self.answering: str | None = None
        self.winner: str | None = None
        self.moves: dict[str, Move] = {}
        self.result: RoundResult | None = None
        self._extra: object = None  # the rack's words or the numbers' reach, for the reveal

    def puzzle_dict(self) -> dict[str, object]:
        """What the players see: the letters so far, the numbers and target, or the clue."""
        if self.kind == RoundKind.LETTERS:
            return {"letters": self.letters}
        if self.kind == RoundKind.NUMBERS:
            return self.draw.to_dict() if self.draw else {}
        assert self.puzzle is not None
        return {"clue": self.puzzle.clue}

    # The clock ----------------------------------------------------------------------
    @property
    def seconds(self) -> int:
        return self.game.seconds

    @property
    def deadline(self) -> float | None:
        """When the clock stops, on the caller's clock (None: no clock, or not started)."""
        if self.started is None or not self.seconds:
            return None
        return self.started + self.paused + self.seconds

    def elapsed(self, now: float) -> float:
        """Clock seconds run by *now* (a buzzer's answering time is not counted)."""
        if self.started is None:
            return 0.0
        stopped = self.paused_at if self.paused_at is not None else now
        return max(0.0, stopped - self.started - self.paused)

    def left(self, now: float) -> float | None:
        """Seconds left on the clock at *now* (None: no clock)."""
        return None if not self.seconds else max(0.0, self.seconds - self.elapsed(now))

    def start(self, now: float) -> float | None:
        """Start the clock (the picks must be done); the computer thinks from here.
        Returns the deadline (None: no clock)."""
        self._require("ready")
        limit = float(self.seconds or THINKING_LIMIT)
        opponent = self.game.opponent
        rng = self.game.rng(self.number, "opponent")
        if self.kind == RoundKind.LETTERS:
            words = rack_words(self.game.dictionary, self.game.common, self.letters)
            self._extra = words
            if opponent is not None:
                self.moves[COMPUTER] = opponent.letters(self.letters, rng, limit, words)
        elif self.kind == RoundKind.NUMBERS:
            from .numbers import solve_by_count

            assert self.draw is not None
            reach = solve_by_count(self.draw.numbers, self.draw.target)
            self._extra = reach
            if opponent is not None:
                move, _ = opponent.numbers(self.draw.numbers, self.draw.target, rng, limit, reach)
                self.moves[COMPUTER] = move
        elif opponent is not None:
            assert self.puzzle is not None
            self.moves[COMPUTER] = opponent.conundrum(self.puzzle, rng, limit)
        self.started = now
        self.phase = "clock"
        return self.deadline

    def _open(self, now: float) -> bool:
        """Whether the clock still takes answers at *now* (GRACE after the deadline)."""
        return self.phase == "clock" and (
            not self.seconds or self.elapsed(now) <= self.seconds + GRACE
        )

    def _human(self, player: str) -> None:
        if player not in self.game.humans:
            raise InvalidGameError(f"{player!r} is not a player of this game")

    def type(self, player: str, text: str, now: float) -> None:
        """What *player* has on the line, not entered yet: it counts if the clock stops."""
        self._human(player)
        if self._open(now) and self.kind != RoundKind.CONUNDRUM:
            self.lines[player] = text

    def enter(self, player: str, text: str, now: float) -> bool:
        """*player* enters *text*, replacing their last entry. Empty text does nothing;
        after the deadline nothing is taken. Returns whether it was taken. In the
        conundrum an entry is a buzz."""
        self._human(player)
        if not text.strip():
            return False
        if self.kind == RoundKind.CONUNDRUM:
            return self.buzz(player, now, text) in ("right", "wrong")
        if not self._open(now):
            return False
        self.entries[player] = Entry(text.strip(), round(self.elapsed(now), 1))
        self.decl.write(player, text, self.entries[player].seconds)
        self.lines.pop(player, None)
        return True

    def buzz(self, player: str, now: float, text: str | None = None) -> str:
        """*player* buzzes in the conundrum (and answers at once when *text* is given).
        Returns ``right``, ``wrong``, ``buzzed`` (the clock stops for the answer),
        ``locked`` (this player already buzzed wrong) or ``late`` (the round is over)."""
        self._human(player)
        if self.kind != RoundKind.CONUNDRUM:
            raise InvalidGameError("only the conundrum has a buzzer")
        self.tick(now)  # the computer may have buzzed first
        if player in self.buzzes:
            return "locked"
        if not self._open(now):
            return "late"
        self.answering = player
        self.paused_at = now
        self.phase = "answering"
        self.buzzes[player] = Entry("", round(self.elapsed(now), 1))
        return "buzzed" if text is None else self.answer(player, text, now)

    def answer(self, player: str, text: str, now: float) -> str:
        """The answer of the player who buzzed: ``right`` ends the round, ``wrong`` locks
        them out and restarts the clock."""
        if self.phase != "answering" or self.answering != player:
            raise InvalidGameError(f"{player} has not buzzed")
        assert self.puzzle is not None and self.paused_at is not None
        self.buzzes[player] = Entry(text.strip(), self.buzzes[player].seconds)
        self.paused += now - self.paused_at
        self.paused_at = None
        self.answering = None
        if check_conundrum(self.puzzle.answer, text):
            self.winner = player
            self.phase = "stopped"
            return "right"
        self.phase = "stopped" if self._nobody_left() else "clock"
        return "wrong"

    def _nobody_left(self) -> bool:
        """True when nobody can still buzz: every player has, and the computer either has
        or will not."""
        return all(
            name in self.buzzes or (name in self.moves and not self.moves[name].answer)
            for name in self.game.participants
        )

    def tick(self, now: float) -> list[str]:
        """Let the clock run to *now*: the computer buzzes when its time comes, the clock
        stops at the deadline, declaration windows close at theirs. Returns what happened
        (``computer buzzed: right``, ``time's up``, ``ann: time to declare is up``)."""
        if self.phase == "declaring":
            happened = [f"{name}: time to declare is up" for name in self.decl.expire(now)]
            if self.decl.done:
                self.phase = "stopped"
            return happened
        if self.phase != "clock":
            return []
        elapsed = self.elapsed(now)
        happened = self._computer_buzzes(elapsed)
        if self.seconds and elapsed >= self.seconds and self.phase == "clock":
            self._stop(now, None)
            happened.append("time's up")
        return happened

    def _computer_buzzes(self, elapsed: float) -> list[str]:
        """The computer's conundrum buzz, if it comes by *elapsed* clock seconds."""
        happened: list[str] = []
        if self.kind != RoundKind.CONUNDRUM:
            return happened
        for name, move in self.moves.items():
            due = move.seconds is not None and move.seconds <= elapsed
            if not move.answer or not due or name in self.buzzes:
                continue
            assert self.puzzle is not None and move.seconds is not None
            self.buzzes[name] = Entry(move.answer, move.seconds)
            right = bool(check_conundrum(self.puzzle.answer, move.answer))
            happened.append(f"{name} buzzed: {'right' if right else 'wrong'}")
            if right:
                self.winner = name
                self.phase = "stopped"
            elif self._nobody_left():
                self.phase = "stopped"
        return happened

    def time_up(self, now: float, on_line: dict[str, str] | None = None) -> None:
        """Stop the clock: for each player what is on the line (*on_line*, else what
        type() was last told), else their last entry, is the declaration. Called before
        the deadline (the players are done) or in a game without a clock, the rest of
        the clock runs out at once: the computer's answer due by then still comes."""
        if self.phase in ("declaring", "stopped", "over"):
            return
        self._require("clock")
        self._computer_buzzes(float(self.seconds or THINKING_LIMIT))
        if self.phase == "clock":
            self._stop(now, on_line)

    def _stop(self, now: float, on_line: dict[str, str] | None) -> None:
        self.phase = "stopped"
        if self.kind == RoundKind.CONUNDRUM:
            return
        for player, text in {**self.lines, **(on_line or {})}.items():
            if text.strip():  # written down, and the player's last entry
                self.entries[player] = Entry(text.strip(), round(self.elapsed(now), 1))
                self.decl.write(player, text, self.entries[player].seconds)
        if self.decl.open_all(self.game.humans, now):
            self.phase = "declaring"

    # Declarations -------------------------------------------------------------------
    def written(self, player: str) -> list[str]:
        """What *player* wrote: every entry and the line when the clock stopped."""
        return self.decl.texts(player)

    def default_declaration(self, player: str) -> str | None:
        """What counts for *player* unless they declare another: the longest word the
        rack makes, or the working closest to the target (declarations.default_choice)."""
        if player in self.decl.declared:
            return self.decl.declared[player]
        letters = self.letters if self.kind == RoundKind.LETTERS else None
        return default_choice(self.written(player), letters, self.draw)

    def open_declaration(self, player: str, now: float) -> float | None:
        """Hand the keyboard to *player* to declare (in turn): their window opens now.
        Returns its deadline (None: no clock)."""
        self._require("declaring")
        self._human(player)
        return self.decl.open(player, now)

    def declaration_left(self, player: str, now: float) -> float | None:
        """Seconds left in *player*'s window (None: no window open, or no clock)."""
        return self.decl.left(player, now) if self.phase == "declaring" else None

    def declare(self, player: str, text: str, now: float) -> str | None:
        """*player* declares *text*, one of their written answers (on one keyboard, any
        text); empty text keeps the default. After the window it is refused
        (InvalidGameError). Returns what counts for them."""
        if self.kind == RoundKind.CONUNDRUM:
            raise InvalidGameError("the conundrum is answered by buzzing, not declared")
        self._require("declaring")
        self._human(player)
        try:
            self.decl.declare(player, text, now)
        finally:  # a refusal may have closed the window: the phase moves on all the same
            self.tick(now)
        return self.default_declaration(player)

    # The reveal ---------------------------------------------------------------------
    def finish(self) -> RoundResult:
        """Judge every declaration and award the points (once); phase ``over``."""
        if self.result is not None:
            return self.result
        self._require("declaring", "stopped")
        self.decl.close()  # a window still open: its default stands
        plays = [self._play(name) for name in self.game.participants]
        best, available = self._best()
        self.result = RoundResult(
            self.number, self.kind, self.puzzle_dict(), plays, points(plays), best, available,
            self.crucial, self.picker, self.game.define(defined_words(self.kind, plays, best)),
        )  # fmt: skip
        self.phase = "over"
        self.game.results.append(self.result)
        return self.result

    def _play(self, name: str) -> Play:
        move = self.moves.get(name)
        timed = bool(self.seconds)
        if self.kind == RoundKind.CONUNDRUM:
            return self._conundrum_play(name, move)
        if move is not None:
            text, reasoning, seconds = move.answer, move.reasoning, move.seconds
        else:
            text = self.default_declaration(name)
            entry = next((e for e in self.decl.written.get(name, []) if e.text == text), None)
            reasoning, seconds = None, entry.seconds if entry and timed else None
        game = self.game
        if self.kind == RoundKind.LETTERS:
            return word_play(
                game.dictionary, game.dictionary_name, name, self.letters, text, reasoning, seconds
            )
        assert self.draw is not None
        return numbers_play(name, self.draw, text, reasoning, seconds)

    def _conundrum_play(self, name: str, move: Move | None) -> Play:
        buzz = self.buzzes.get(name)
        shown = buzz.seconds if buzz and (self.seconds or move) else None
        text = buzz.text if buzz else None
        return conundrum_play(name, text, shown, -buzz.seconds if buzz else 0.0, self.winner, move)

    def _best(self) -> tuple[dict[str, object], int]:
        if self.kind == RoundKind.LETTERS:
            from .opponent import RackWords

            assert isinstance(self._extra, RackWords)
            return letters_best(self._extra)
        if self.kind == RoundKind.NUMBERS:
            assert isinstance(self._extra, list)
            return numbers_best(self._extra[-1])
        assert self.puzzle is not None
        return conundrum_best(self.puzzle.answer)

    def to_dict(self, now: float | None = None, viewer: str | None = None) -> dict[str, object]:
        """The round's state for a page: phase, puzzle, clock, who has entered or is
        locked out, *viewer*'s own entry, and the result once over (JSON-ready)."""
        own = self.entries.get(viewer) if viewer else None
        declaring = {
            "declaring": sorted({*self.decl.windows, *self.decl.pending}),
            "written": self.written(viewer) if viewer else [],
            "default": self.default_declaration(viewer) if viewer else None,
            "declare_left": self.declaration_left(viewer, now) if viewer and now else None,
        }
        return {
            "round": self.number + 1, "kind": self.kind, "crucial": self.crucial,
            "picker": self.picker,
            "phase": self.phase, "puzzle": self.puzzle_dict(), "seconds": self.seconds,
            "deadline": self.deadline, "left": self.left(now) if now is not None else None,
            "entered": sorted(self.entries), "entry": own.text if own else None,
            "buzzed": sorted(self.buzzes), "answering": self.answering,
            "result": self.result.to_dict() if self.result else None, **declaring,
        }  # fmt: skip
