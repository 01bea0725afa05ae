"""Rooms under load, for serve_load.py: R rooms of P players play a game at once.

Each player is a thread with its own keep-alive connection for actions and its own
Server-Sent Events stream (a second connection), as a browser has. A room has no clock
(seconds 0), so rounds move on as fast as the players act: the picker picks the letters
one at a time (9 actions, each pushed to everyone) or the large numbers; every player
sends the box as typed twice (``line``), then declares (``enter``: player k the rack's
k-th longest word, or in numbers player 0 the solver's best, so that the scores differ;
in the conundrum ``buzz`` with a wrong word, which locks them out) and says Done; the host
starts each next round. A refused action (429, the room's rate) is sent again 0.1 s later,
as the page does, and counted as "slowed". Two figures, in milliseconds:

- declarations: the round trip of each ``enter`` and ``buzz`` (request sent to answer
  read);
- pushed updates: from an action that changes what everyone sees being sent to each
  player's stream receiving the change (one figure a player an update).
"""

from __future__ import annotations

import http.client
import json
import threading
import time
import urllib.parse
from typing import Any

from anagramdb.dictionary import Dictionary

DICTIONARY = Dictionary()  # the server's default, to find words as a player would
PICKS = "cvcvccvcc"
RETRIES = 50
RETRY_SECONDS = 0.1
STREAM_WAIT = 60.0  # seconds a player waits for an update before giving up (an error)


class Room:
    """What the players of one room share: the moment each change was caused."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.caused: dict[int, float] = {}  # version seen before an action -> when it was sent
        self.code = ""


class Player:
    def __init__(self, port: int, room: Room, name: str, figures: dict[str, list[Any]]) -> None:
        self.port = port
        self.room = room
        self.name = name
        self.figures = figures
        self.cookie = ""
        self.view: dict[str, Any] = {}
        self.acted = -1  # the version of the view last acted on: act again once it moves
        self.changed = threading.Condition()
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)

    def post(self, path: str, fields: dict[str, str]) -> tuple[int, dict[str, Any]]:
        body = urllib.parse.urlencode(fields)
        headers = {
            "Accept": "application/json",
            "Content-Type": "application/x-www-form-urlencoded",
            "Cookie": self.cookie,
        }
        try:
            self.connection.request("POST", path, body=body, headers=headers)
            response = self.connection.getresponse()
        except ConnectionError:
            # The server closes a keep-alive connection idle for 10 s (web/handler.py): a
            # player who waited that long for the others sends again on a new one, as a
            # browser does.
            self.connection.close()
            self.connection.request("POST", path, body=body, headers=headers)
            response = self.connection.getresponse()
        data = json.loads(response.read() or b"{}")
        cookie = response.getheader("Set-Cookie")
        if cookie:
            self.cookie = cookie.split(";")[0]
        return response.status, data

    def act(self, action: str, timed: bool = False, **fields: str) -> None:
        seen = self.view.get("version", -1)  # the update may come before the answer
        if action != "line":  # the box as typed changes nothing the others see
            with self.room.lock:
                self.room.caused[seen] = time.perf_counter()
        for _ in range(RETRIES):
            began = time.perf_counter()
            status, data = self.post(f"/game/{self.room.code}", {"do": action, **fields})
            if status != 429:  # 429: the room's rate of actions: wait a little, as a page does
                break
            self.figures["slowed"].append(action)
            time.sleep(RETRY_SECONDS)
        if timed:
            self.figures["declarations"].append(time.perf_counter() - began)
        if status not in (200, 409):  # 409: refused by the game (a race with another player)
            self.figures["errors"].append(f"{action}: {status} {data.get('error')}")
        self.acted = seen

    def listen(self) -> None:
        """Read the event stream: each update's view, and how long it took to come."""
        stream = http.client.HTTPConnection("127.0.0.1", self.port, timeout=STREAM_WAIT)
        stream.request("GET", f"/game/events/{self.room.code}", headers={"Cookie": self.cookie})
        response = stream.getresponse()
        name = ""
        try:
            while True:
                line = response.fp.readline().decode()
                if not line:
                    return
                if line.startswith("event: "):
                    name = line[7:].strip()
                elif line.startswith("data: ") and name == "update":
                    update = json.loads(line[6:])
                    arrived = time.perf_counter()
                    with self.room.lock:
                        sent = [t for v, t in self.room.caused.items() if v < update["version"]]
                    if sent and self.view:
                        self.figures["pushes"].append(arrived - max(sent))
                    with self.changed:
                        self.view = update["view"] | {"version": update["version"]}
                        self.changed.notify_all()
                    if update["view"]["phase"] == "over":
                        return
        except OSError as exc:
            self.figures["errors"].append(f"stream: {exc}")
        finally:
            stream.close()

    def wait_for(self, check: Any) -> bool:
        with self.changed:
            return self.changed.wait_for(lambda: check(self.view), STREAM_WAIT)

    def play(self, host: bool, players: int) -> None:
        """Play the game to its end, as the room's *host* or a guest."""
        if host:
            self.wait_for(lambda v: len(v.get("players", [])) == players)
            self.act("start")
        done: set[tuple[int, str]] = set()
        while True:
            if not self.wait_for(lambda v: self._to_do(v, host, done)):
                self.figures["errors"].append(f"{self.name}: no update for {STREAM_WAIT} s")
                return
            view = self.view
            current = view.get("round", {})
            step = (current.get("number", 0), view["phase"])
            if view["phase"] == "over":
                return
            if view["phase"] == "picking":
                if current["kind"] == "letters":
                    self.act("pick", kind=PICKS[len(current.get("letters", ""))])
                else:
                    self.act("large", large="1")
                    done.add(step)
            elif view["phase"] == "clock":
                if current["kind"] == "conundrum":
                    self.act("buzz", timed=True, text="zzzzzzzzz")
                else:
                    answer = self.answer(current)
                    self.act("line", text=answer[:1])
                    self.act("line", text=answer[:2])
                    self.act("enter", timed=True, text=answer)
                    self.act("finish")
                done.add(step)
            elif view["phase"] == "reveal" and host:
                self.act("next")
                done.add(step)

    def answer(self, current: dict[str, Any]) -> str:
        """This player's declaration: player k gives the rack's k-th word by length, or,
        in numbers, player 0 the solver's best and the others one tile (so that the
        scores differ and no crucial conundrum is needed)."""
        from anagramdb.countdown.letters import solve_letters
        from anagramdb.countdown.numbers import solve

        rank = int(self.name.split()[-1])
        if current["kind"] == "letters":
            words = solve_letters(DICTIONARY, current["letters"].lower(), all=True)
            return words[min(rank, len(words) - 1)].word if words else "tea"
        if rank:
            return str(current["numbers"][0])
        return solve(current["numbers"], current["target"]).solutions[0].infix

    def _to_do(self, view: dict[str, Any], host: bool, done: set[tuple[int, str]]) -> bool:
        if not view:
            return False
        if view.get("version") == self.acted:
            return False
        current = view.get("round", {})
        step = (current.get("number", 0), view["phase"])
        if view["phase"] == "over":
            return True
        if step in done:
            return False
        if view["phase"] == "picking":
            return bool(current.get("picker") == self.name)
        if view["phase"] == "clock":
            return True
        return view["phase"] == "reveal" and host


def play_room(port: int, players: int, rounds: str, figures: dict[str, list[Any]]) -> None:
    room = Room()
    names = [f"player {n}" for n in range(players)]
    seats = [Player(port, room, name, figures) for name in names]
    status, data = seats[0].post(
        "/game", {"mode": "room", "name": names[0], "rounds": rounds, "seconds": "0"}
    )
    if status != 200:
        figures["errors"].append(f"create: {status} {data.get('error')}")
        return
    room.code = data["game"].rsplit("/", 1)[1]
    for seat in seats[1:]:
        seat.post(f"/game/{room.code}", {"do": "join", "name": seat.name})
    listeners = [threading.Thread(target=seat.listen) for seat in seats]
    for listener in listeners:
        listener.start()
    for seat in seats:
        seat.wait_for(lambda v: bool(v))
    actors = [
        threading.Thread(target=seat.play, args=(n == 0, players)) for n, seat in enumerate(seats)
    ]
    for actor in actors:
        actor.start()
    for thread in actors + listeners:
        thread.join()
    for seat in seats:
        seat.connection.close()


def percentile(values: list[float], share: float) -> float | None:
    ordered = sorted(values)
    return ordered[int(share * (len(ordered) - 1))] * 1e3 if ordered else None


def run_rooms(port: int, rooms: int, players: int, rounds: str) -> dict[str, Any]:
    """Play *rooms* games of *players* at once on the server at *port*; the figures."""
    figures: dict[str, list[Any]] = {"declarations": [], "pushes": [], "errors": [], "slowed": []}
    began = time.perf_counter()
    threads = [
        threading.Thread(target=play_room, args=(port, players, rounds, figures))
        for _ in range(rooms)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return {
        "rooms": rooms,
        "players": players,
        "rounds": rounds,
        "seconds": round(time.perf_counter() - began, 2),
        "declarations": len(figures["declarations"]),
        "declaration_p50_ms": percentile(figures["declarations"], 0.5),
        "declaration_p99_ms": percentile(figures["declarations"], 0.99),
        "pushes": len(figures["pushes"]),
        "push_p50_ms": percentile(figures["pushes"], 0.5),
        "push_p99_ms": percentile(figures["pushes"], 0.99),
        "slowed": len(figures["slowed"]),
        "errors": len(figures["errors"]),
        "error_examples": sorted(set(figures["errors"]))[:3],
    }
