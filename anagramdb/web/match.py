"""A room's game as the web plays it: the engine's Game and Round (countdown.game,
countdown.answers), driven by the players' actions and the server's clock, and shown to
each seat as a view (a JSON-ready dict). The rules, the answer model, the buzzer, the
computer and the scores are the engine's; this module adds what only a server has: one
clock for every seat, the picks of the computer or the seed made at once, and the round
judged and revealed as soon as its clock stops.

Phases of a view::

    lobby    the room waits for its players; the host starts the game
    picking  a round's letters or large numbers are chosen by the player whose turn it is
    clock    the round's deadline runs: players enter answers (each is written down, and
             what is in the box when time is up too), or buzz in the conundrum
    declare  a player who wrote several answers declares one in a window of their own
             (the engine's default stands if they do not); a late declaration is refused
    reveal   every declaration judged, the points, the best answers; Next round goes on
    over     the final scores (after any crucial conundrum a tie called for), the recap of
             every round; a rematch starts the same settings again with the same players

A player who is away (the room says who: no update stream and no request for
rooms.AWAY_SECONDS) or removed by the host never holds the room up: when it is their turn
to pick, the picks are made for them (the rest of the letters at random, or
DEFAULT_LARGE large numbers), as they are for a player here who has not picked within
PICK_SECONDS in a room of several; and a round without a clock ends when every player still
here is done (``settle_away``); an away player's last entry counts, as any player's.

Every method takes the time (monotonic seconds) from its caller, so that tests drive the
clock by events; ``alarm`` says when ``tick`` must run next.
"""

from __future__ import annotations

import datetime
from typing import Any

from ..countdown.answers import GRACE, Round
from ..countdown.game import COMPUTER, Game
from ..countdown.picks import DEFAULT_LARGE
from ..countdown.round_kinds import RoundKind
from ..countdown.rules import MAX_ANSWER
from ..errors import InvalidGameError
from .solvers import Solvers

LOBBY, PICKING, CLOCK, REVEAL, OVER = "lobby", "picking", "clock", "reveal", "over"
DECLARE = "declare"
# A player picking for a room of several (the others wait, as on the show, where a
# contestant picks at once) has this long since the round began or their last pick; then
# the picks are made for them as for an away picker. A game alone waits for its player.
PICK_SECONDS = 15.0
PHASES = {
    "pick": PICKING, "ready": PICKING, "clock": CLOCK, "answering": CLOCK, "declaring": DECLARE
}  # fmt: skip


class MoveError(Exception):
    """An action the game refuses now (not your turn, no more vowels): a one-line reason."""


class Match:
    """The game of one room: its settings until it starts, then the engine's Game."""

    def __init__(
        self,
        solvers: Solvers,
        rounds: str,
        seconds: int,
        opponent: str,
        seed: int | None = None,
        seeded_picks: bool = False,
    ) -> None:
        self.dictionaries = (solvers.full, solvers.common(), solvers.name)
        self.definitions = solvers.definitions()  # Dictionary Corner in each reveal
        self.settings = (rounds, seed, opponent, seconds, "seeded" if seeded_picks else "turns")
        self._make(["player"])  # the settings checked now, when the room is made
        self.game: Game | None = None
        self.round: Round | None = None
        self.done: set[str] = set()
        self.refusals: dict[str, str] = {}
        self.daily: datetime.date | None = None  # the date of a daily challenge
        self.champion = False  # a game of a champion's run (game_http, game_history)
        self.recorded: dict[str, Any] | None = None  # what the history said at the end
        self.gone: set[str] = set()  # players the host removed: away for good
        self.pick_by: float | None = None  # when the picks are made for a slow picker

    def _make(self, names: list[str]) -> Game:
        rounds, seed, opponent, seconds, picks = self.settings
        full, common, name = self.dictionaries
        try:
            return Game(
                full, common, rounds, seed, opponent, seconds, name, players=names, picks=picks,
                definitions=self.definitions,
            )  # fmt: skip
        except InvalidGameError as exc:
            raise MoveError(str(exc)) from None

    @property
    def phase(self) -> str:
        if self.game is None:
            return LOBBY
        if self.round is None:
            return OVER
        if self.round.phase == "over":
            return OVER if self.game.over else REVEAL
        return PHASES[self.round.phase]

    # --- the players' actions -------------------------------------------------------

    def start(self, names: list[str], now: float) -> None:
        if self.game is not None:
            raise MoveError("the game has started")
        self.game = self._make(names)
        self.next_round(now)

    def rematch(self, names: list[str], now: float) -> None:
        """The same settings again, a new draw, with *names* (the room's players now)."""
        if self.phase != OVER:
            raise MoveError("the game is not over yet")
        if self.daily is not None:
            raise MoveError("the daily challenge is played once: start another game")
        self.game, self.round, self.recorded = None, None, None
        self.gone = set()
        self.start(names, now)

    def next_round(self, now: float) -> None:
        if self.phase not in (LOBBY, REVEAL) and self.game is not None and self.round:
            raise MoveError("the round is not over yet")
        assert self.game is not None
        self.round = self.game.next_round()
        self.done, self.refusals = set(), {}
        if self.round is not None:
            self._go_on(now)

    def pick(self, name: str, kind: str, now: float) -> None:
        """A letters pick by the player whose turn it is: ``v``, ``c`` or ``auto``."""
        rnd = self._picking(name)
        try:
            rnd.pick_rest() if kind == "auto" else rnd.pick(kind)
        except InvalidGameError as exc:
            self.refusals[name] = str(exc)
            raise MoveError(str(exc)) from None
        self.refusals.pop(name, None)
        self._go_on(now)

    def choose_large(self, name: str, large: int, now: float) -> None:
        rnd = self._picking(name)
        try:
            rnd.choose_large(large)
        except InvalidGameError as exc:
            raise MoveError(str(exc)) from None
        self._go_on(now)

    def enter(self, name: str, text: str, now: float, line: bool = False) -> None:
        """An entry (*line* false: it replaces the last) or the box as typed (*line* true:
        it counts if the clock stops now)."""
        rnd = self._playing(text)
        if line:
            rnd.type(name, text, now)
        elif text.strip() and not rnd.enter(name, text, now):
            raise MoveError("time is up")
        self._settle(now)

    def buzz(self, name: str, text: str, now: float) -> None:
        """A conundrum answer with the buzz; a wrong one locks *name* out."""
        rnd = self._playing(text)
        if not text.strip():
            raise MoveError("type the word, then buzz")
        try:
            outcome = rnd.buzz(name, now, text)
        except InvalidGameError as exc:
            raise MoveError(str(exc)) from None
        if outcome == "locked":
            raise MoveError("you are locked out of this conundrum")
        if outcome == "late":
            raise MoveError("time is up")
        self._settle(now)

    def declare(self, name: str, text: str, now: float) -> None:
        """*name* declares one of their written answers (empty: the default)."""
        rnd = self.round
        if rnd is None or rnd.phase != "declaring":
            raise MoveError("this is not the time to declare")
        try:
            rnd.declare(name, text, now)
        except InvalidGameError as exc:
            raise MoveError(str(exc)) from None
        self._settle(now)

    def finish(self, name: str, now: float, away: frozenset[str] = frozenset()) -> None:
        """*name* needs no more time; the clock stops when every player has finished (the
        *away* ones and those removed aside)."""
        self._playing("")
        self.done.add(name)
        self.settle_away(set(away), now)
        self._settle(now)

    def skip(self, name: str, now: float) -> None:
        """Move on without *name* (the host's choice; the room checks they are not here):
        their picks made for them, or their round ended as if they had pressed Done."""
        rnd = self.round
        if rnd is not None and rnd.phase == "pick" and rnd.picker == name:
            self._pick_for(rnd)
            self._go_on(now)
        elif rnd is not None and rnd.phase == "clock" and rnd.deadline is None:
            self.done.add(name)
            self.settle_away(set(), now)
            self._settle(now)
        else:
            raise MoveError(f"the game is not waiting for {name}")

    def settle_away(self, away: set[str], now: float) -> bool:
        """Move on without the players *away* (and those removed): an away picker's picks
        made for them, a round without a clock ended once everyone here is done. Whether
        anything happened."""
        rnd, game = self.round, self.game
        if rnd is None or game is None:
            return False
        missing = away | self.gone
        if rnd.phase == "pick" and rnd.picker in missing:
            self._pick_for(rnd)
            self._go_on(now)
            return True
        if rnd.phase == "clock" and rnd.deadline is None:
            waiting = [
                p for p in game.humans if p not in self.done | missing and p not in rnd.buzzes
            ]
            if not waiting:
                rnd.time_up(now)
                self._settle(now)
                return True
        return False

    def _pick_for(self, rnd: Round) -> None:
        if rnd.kind == RoundKind.LETTERS:
            rnd.pick_rest()
        else:
            rnd.choose_large(DEFAULT_LARGE)

    def alarm(self) -> float | None:
        """When ``tick`` must run next: the deadline (and the grace an entry in flight
        gets), or the computer's buzz; None while nothing is due."""
        rnd = self.round
        if rnd is not None and rnd.phase == "pick":
            return self.pick_by
        if rnd is not None and rnd.phase == "declaring":
            ends = [end + GRACE for end in rnd.decl.windows.values() if end is not None]
            return min(ends, default=None)
        if rnd is None or rnd.phase != "clock" or rnd.started is None:
            return None
        due = [] if rnd.deadline is None else [rnd.deadline + GRACE]
        for player, move in rnd.moves.items():
            if rnd.kind == RoundKind.CONUNDRUM and move.answer and move.seconds is not None:
                if player not in rnd.buzzes:
                    due.append(rnd.started + rnd.paused + move.seconds)
        return min(due, default=None)

    def tick(self, now: float) -> bool:
        """Let the clock run to *now* (a slow picker's picks made at pick_by); whether
        anything happened."""
        rnd = self.round
        if rnd is not None and rnd.phase == "pick" and self.pick_by is not None:
            if now < self.pick_by:
                return False
            self._pick_for(rnd)
            self._go_on(now)
            return True
        if self.round is None or self.round.phase not in ("clock", "declaring"):
            return False
        happened = self.round.tick(now)
        self._settle(now)
        return bool(happened)

    # --- the round's course ---------------------------------------------------------

    def picker_name(self) -> str | None:
        rnd = self.round
        return rnd.picker if rnd is not None and rnd.phase == "pick" else None

    def _picking(self, name: str) -> Round:
        rnd = self.round
        if rnd is None or rnd.phase != "pick":
            raise MoveError("this is not the time to pick")
        if rnd.picker != name:
            raise MoveError(f"it is {rnd.picker}'s turn to pick")
        return rnd

    def _playing(self, text: str) -> Round:
        rnd = self.round
        if rnd is None or rnd.phase not in ("clock", "answering"):
            raise MoveError("no round is being played: answers are taken while the clock runs")
        if len(text) > MAX_ANSWER:
            raise MoveError(f"an answer has at most {MAX_ANSWER} characters")
        return rnd

    def _go_on(self, now: float) -> None:
        """Make the picks nobody here makes (the computer's, the seed's), start the clock
        once they are done."""
        rnd = self.round
        assert rnd is not None
        if rnd.phase == "pick" and (rnd.picker is None or rnd.picker == COMPUTER):
            rnd.pick_for_computer()
        if rnd.phase == "ready":
            rnd.start(now)
        several = self.game is not None and len(self.game.humans) > 1
        self.pick_by = now + PICK_SECONDS if rnd.phase == "pick" and several else None

    def _settle(self, now: float) -> None:
        """Judge and reveal the round as soon as its clock has stopped."""
        if self.round is not None and self.round.phase == "stopped":
            self.round.finish()

    # --- what a seat sees -----------------------------------------------------------

    def view(self, name: str | None, now: float) -> dict[str, Any]:
        """The game as *name* sees it (None: a visitor): nothing of the other players'
        answers before the reveal."""
        rounds, _, opponent, seconds, _ = self.settings
        game = self.game
        shown: dict[str, Any] = {
            "phase": self.phase,
            "rounds": game.rounds if game else rounds,
            "seconds": seconds,
            "opponent": opponent,
            "scores": game.totals if game else {},
            "table": [
                {
                    "round": r.number + 1,
                    "kind": r.kind,
                    "crucial": r.crucial,
                    "points": {p.player: r.points_of(p.player) for p in r.plays},
                }
                for r in (game.results if game else [])
            ],
        }
        if self.daily is not None:
            shown["daily"] = self.daily.isoformat()
        if name is not None and name in self.refusals:  # why the seat's last action was refused
            shown["refusal"] = self.refusals[name]
        if self.recorded is not None:
            shown["history"] = self.recorded
        rnd = self.round
        if game is not None and self.phase == OVER:
            shown["recap"] = [result.to_dict() for result in game.results]
        if game is None or rnd is None:
            if game is not None and game.results:
                shown["result"] = game.results[-1].to_dict()
            return shown
        state = rnd.to_dict(now, name)
        current: dict[str, Any] = {
            "number": rnd.number + 1,
            "of": len(game.rounds),
            "kind": rnd.kind,
            "crucial": rnd.crucial,
            "picker": self.picker_name(),
            "default_large": DEFAULT_LARGE,
            **rnd.puzzle_dict(),
        }
        if rnd.phase == "pick" and rnd.kind == RoundKind.LETTERS:
            current["allowed"] = list(rnd.picks.allowed())
        if self.phase == CLOCK:
            current["left"] = state["left"]
            current["deadline"] = rnd.deadline
            current["answered"] = sorted(set(rnd.entries) | set(rnd.buzzes))
            current["locked_out"] = sorted(rnd.buzzes)  # wrong buzzes: a right one ends it
            if name is not None:
                current["entry"] = state["entry"]
                current["written"] = state["written"]  # every entry so far, oldest first
                current["line"] = rnd.lines.get(name)
                current["locked"] = name in rnd.buzzes
                current["finished"] = name in self.done
        if self.phase == DECLARE:
            current["declaring"] = state["declaring"]
            if name is not None:
                current["written"] = state["written"]
                current["default"] = state["default"]
                current["left"] = state["declare_left"]
                current["deadline"] = rnd.decl.windows.get(name)
                current["declaring_now"] = name in rnd.decl.windows
        if name is not None and name in self.refusals:
            current["refusal"] = self.refusals[name]
        shown["round"] = current
        if rnd.result is not None:
            shown["result"] = rnd.result.to_dict()
        return shown
