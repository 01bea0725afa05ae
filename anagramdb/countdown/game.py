"""A game of Countdown: its settings, players, rounds in turn, scores and log, for any
front end (the terminal's ``play``, the web page's game and rooms).

A game is a sequence of Rounds (answers.py has the event API of one round)::

    game = Game(dictionary, common, "quick", seed=7, opponent="medium",
                players=("ann", "bob"), seconds=30)
    while (rnd := game.next_round()) is not None:
        ...                                   # picks, start(now), enter/buzz/tick, finish()
    game.totals, game.winners, game.record()

Players take turns to pick (``picks="turns"``: round n is picked by participant
n mod count, the computer picking like a contestant), or every pick comes from the seed
(``picks="seeded"``: the daily challenge). A tie after the last round adds a crucial
conundrum (up to MAX_CRUCIAL). The first human named owns the history (history.py).

Everything random comes from per-round generators derived from the seed, so the same
seed and the same moves replay the same game: letters, numbers, targets, conundrums and
the computer's answers and times.
"""

from __future__ import annotations

import random

from ..definitions import Definitions
from ..dictionary import Dictionary
from ..errors import InvalidArgumentError, InvalidGameError, quoted
from .answers import Round
from .broadcast import fit_to_show
from .conundrum import Conundrum, generate
from .declarations import MODES as DECLARATIONS
from .draw import NumbersDraw, draw_numbers
from .names import MAX_NAME as MAX_NAME  # the bound, for the front ends
from .names import check_names as names_rule
from .opponent import COMPUTER, OPPONENTS, Opponent
from .round_kinds import KINDS, RoundKind
from .verdicts import Play, RoundResult

FORMATS = {"full": "LLNLLNLLNLLLLNC", "quick": "LNC", "daily": "LLNLLNC"}
DEFAULT_FORMAT = "full"
DEFAULT_SECONDS = 30
MAX_SECONDS = 300  # the longest clock a front end offers (the show's is 30 s)
DEFAULT_OPPONENT = "none"
MAX_ROUNDS = 50
MAX_CRUCIAL = 3  # crucial conundrums after a tie; a tie after them stands
MAX_PLAYERS = 8
PLAYER = "you"
PICKS = ("turns", "seeded")
# A champion's run (play --champion): the opponent rises with the wins so far.
CHAMPION_LEVELS = ("easy", "easy", "medium", "medium", "medium", "hard", "hard", "hard")


def champion_opponent(wins: int) -> str:
    """The level a champion with *wins* wins meets next (hard from the sixth game on)."""
    return CHAMPION_LEVELS[min(max(wins, 0), len(CHAMPION_LEVELS) - 1)]


__all__ = ["COMPUTER", "FORMATS", "PLAYER", "Game", "Play", "Round", "RoundResult"]


def parse_rounds(spec: str) -> str:
    """The round letters of a format name (FORMATS) or a custom string such as ``LLNC``."""
    rounds = FORMATS.get(spec, spec).upper()
    if not rounds or len(rounds) > MAX_ROUNDS or set(rounds) - set(KINDS):
        raise InvalidGameError(
            f"rounds must be {', '.join(FORMATS)} or up to {MAX_ROUNDS} of L (letters), "
            f"N (numbers), C (conundrum), not {quoted(spec)}"
        )
    return rounds


def check_names(names: tuple[str, ...] | list[str]) -> list[str]:
    """The players' names, checked by names.py's rule: 1 to MAX_PLAYERS names, each
    1 to MAX_NAME printable characters and not the computer's, no two too alike."""
    return names_rule(names, MAX_PLAYERS)


class Game:
    """A game: its rounds, seed, players (people and perhaps the computer), results."""

    def __init__(
        self,
        dictionary: Dictionary,
        common: Dictionary,
        rounds: str = DEFAULT_FORMAT,
        seed: int | None = None,
        opponent: str = DEFAULT_OPPONENT,
        seconds: int = DEFAULT_SECONDS,
        dictionary_name: str | None = None,
        players: tuple[str, ...] | list[str] = (PLAYER,),
        picks: str = "turns",
        definitions: Definitions | None = None,
        declarations: str = "together",
    ) -> None:
        if opponent not in OPPONENTS:
            raise InvalidGameError(
                f"the opponent is one of {', '.join(OPPONENTS)}, not {quoted(opponent)}"
            )
        if seconds < 0:
            raise InvalidGameError(f"seconds must be 0 (no clock) or more, not {seconds}")
        if declarations not in DECLARATIONS:
            raise InvalidGameError(
                f"declarations are made {' or '.join(DECLARATIONS)}, not {declarations!r}"
            )
        if picks not in PICKS:
            raise InvalidGameError(f"picks are {' or '.join(PICKS)}, not {picks!r}")
        self.dictionary = dictionary
        self.common = common
        self.dictionary_name = dictionary_name or dictionary.path
        self.rounds = parse_rounds(rounds)
        self.base_rounds = self.rounds  # the format's rounds, without crucial conundrums
        self.format = next((name for name, spec in FORMATS.items() if spec == self.rounds), None)
        self.seed = seed if seed is not None else random.SystemRandom().randrange(1_000_000)
        self.opponent_level = opponent
        self.opponent = None if opponent == "none" else Opponent(opponent, dictionary, common)
        self.seconds = seconds
        self.humans = check_names(list(players))
        self.participants = self.humans + ([COMPUTER] if self.opponent else [])
        self.picks = picks
        self.declarations = declarations  # "in turn" when people share one keyboard
        self.definitions = definitions  # what a letters round's and a conundrum's words mean
        self._master = random.Random(self.seed)
        self._seeds: list[int] = []
        self.results: list[RoundResult] = []
        self.current: Round | None = None

    @property
    def players(self) -> list[str]:
        """Everyone who plays, people first, then the computer."""
        return self.participants

    @property
    def totals(self) -> dict[str, int]:
        """Each player's score so far."""
        return {
            name: sum(result.points_of(name) for result in self.results)
            for name in self.participants
        }

    @property
    def winners(self) -> list[str]:
        """The players with the top score (more than one: a tie)."""
        totals = self.totals
        top = max(totals.values())
        return [name for name, score in totals.items() if score == top]

    @property
    def over(self) -> bool:
        return len(self.results) >= len(self.rounds) and not self._needs_crucial()

    def _needs_crucial(self) -> bool:
        crucial = len(self.rounds) - len(self.base_rounds)
        return len(self.participants) > 1 and len(self.winners) > 1 and crucial < MAX_CRUCIAL

    def seed_of(self, number: int) -> int:
        """Round *number*'s seed (0-based), from the game's."""
        if not 0 <= number < len(self.rounds):
            raise InvalidGameError(f"there is no round {number + 1}")
        while len(self._seeds) <= number:
            self._seeds.append(self._master.getrandbits(32))
        return self._seeds[number]

    def rng(self, number: int, purpose: str) -> random.Random:
        """A generator for one purpose in one round (independent of the other purposes)."""
        return random.Random(f"{self.seed_of(number)}:{purpose}")

    def kind(self, number: int) -> RoundKind:
        return KINDS[self.rounds[number]]

    def picker(self, number: int) -> str | None:
        """Who picks round *number*: the participants in turn (None: the seed picks)."""
        if self.picks == "seeded" or self.kind(number) == RoundKind.CONUNDRUM:
            return None
        return self.participants[number % len(self.participants)]

    def numbers(self, number: int, large: int) -> NumbersDraw:
        """The tiles (*large* of them large, 0 to MAX_LARGE) and target of round *number*."""
        return draw_numbers(large, self.seed_of(number))

    def conundrum(self, number: int) -> Conundrum:
        """The conundrum of round *number*: a nine-letter word from the common words, the
        only one with its letters in the game's dictionary (or, when that has none to
        offer, among the common words)."""
        made = generate(self.dictionary, self.common, 1, self.seed_of(number))
        if not made:  # a small game dictionary: uniqueness among the common words instead
            made = generate(self.common, self.common, 1, self.seed_of(number))
        if not made:
            raise InvalidGameError("no conundrum can be made from these dictionaries")
        return made[0]

    def define(self, words: list[str]) -> dict[str, object] | None:
        """Dictionary Corner for a round's reveal: the entries (definitions.Entry records)
        of those of *words* that have a definition, by word; None without definitions (the
        game was made without them, or a numbers round)."""
        if self.definitions is None or not words:
            return None
        found: dict[str, object] = {}
        for word in words:
            try:
                definition = self.definitions.define(word)
            except InvalidArgumentError:  # not a word: nothing to explain
                continue
            if definition.defined and fit_to_show([word], self.definitions):
                found[word] = [entry.to_dict() for entry in definition.entries]
        return found

    def next_round(self) -> Round | None:
        """The round to play next: the current one until it is finished, then the next,
        then a crucial conundrum while the top scores tie; None when the game is over."""
        if self.current is not None and self.current.phase != "over":
            return self.current
        number = len(self.results)
        crucial = False
        if number >= len(self.rounds):
            if not self._needs_crucial():
                return None
            self.rounds += RoundKind.CONUNDRUM.letter
            crucial = True
        self.current = Round(self, number, self.picker(number), crucial)
        return self.current

    def record(self) -> dict[str, object]:
        """The game log: settings, every round, totals (JSON-ready; docs/FORMAT.md)."""
        return {
            "version": 2, "seed": self.seed, "rounds": self.rounds, "format": self.format,
            "opponent": self.opponent_level, "seconds": self.seconds, "players": self.humans,
            "picks": self.picks, "dictionary": self.dictionary_name,
            "results": [r.to_dict() for r in self.results], "totals": self.totals,
            "finished": self.over,
        }  # fmt: skip
