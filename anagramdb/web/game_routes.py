"""The game's addresses and its link in the navigation bar, with the game itself loaded on
the first request for it: game_http.py and what it brings (rooms, match, the seats, the
game's pages and script, countdown's game engine and opponents) are imported then, not
when the server starts, so a worker that serves no game never holds them (0.9 MiB of a
worker's idle memory: docs/PERFORMANCE.md). server.py names this module in ROUTE_MODULES.
"""

from __future__ import annotations

import sys
import weakref

from .pages import add_to_navigation
from .routes import EventStream, Request, Response, route
from .solvers import Solvers

TYPE_CHECKING = False
if TYPE_CHECKING:
    from .game_http import Games

GAME_MODULE = f"{__package__}.game_http"
WORKERS_MESSAGE = (
    "the game keeps its rooms in one process, and this server runs {} (serve --workers): "
    "its game pages say games are not available; serve with one worker to play"
)
# The processes that serve the socket of each server (by its Solvers), when more than one.
_PROCESSES: weakref.WeakKeyDictionary[Solvers, int] = weakref.WeakKeyDictionary()

add_to_navigation("/game", "Game")


def games_for(solvers: Solvers) -> Games:
    """The Games of the server process whose dictionaries are *solvers* (the game's modules
    are imported by the first call)."""
    from .game_http import games_for as games

    found = games(solvers)
    if solvers in _PROCESSES:
        found.processes = _PROCESSES[solvers]
    return found


def served_by(solvers: Solvers, processes: int) -> None:
    """Say that *processes* workers serve the server of *solvers*: its Games will refuse to
    play (rooms live in one process), without the game's modules loaded meanwhile."""
    _PROCESSES[solvers] = processes


def loaded_games(solvers: Solvers) -> Games | None:
    """The Games of *solvers* once the game's modules are loaded (a game was asked for, or a
    test installed one); None before, when there is no room to look after."""
    if GAME_MODULE not in sys.modules:
        return None
    return games_for(solvers)


@route("/game", methods=("GET", "POST"))
@route("/game/", methods=("GET", "POST"), prefix=True)
def game(request: Request) -> Response:
    return games_for(request.solvers).handle(request)


@route("/game/events/", prefix=True, waits=True)
def game_events(request: Request) -> EventStream:
    return games_for(request.solvers).events(request)
