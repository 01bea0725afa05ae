"""Rooms and the game clock, alone: codes, seats, rejoining, bounds, expiry, alarms.

Time is a fake clock moved by the tests (never the wall clock), except for the alarm
thread, which is waited for with an Event, not timed.
"""

from __future__ import annotations

import threading

import pytest

from anagramdb.web import rooms
from anagramdb.web.alarms import Alarms
from anagramdb.web.rooms import Registry, RoomError, clean_name

from ..support.web import FakeClock


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def registry(clock: FakeClock) -> Registry[object]:
    return Registry(max_rooms=4, per_client=2, idle_seconds=600, clock=clock)


def test_codes_are_long_random_and_url_safe(registry):
    codes = {registry.create(False, f"10.0.0.{n}").code for n in range(4)}
    assert len(codes) == 4
    for code in codes:
        assert len(code) == 16 and code.replace("-", "").replace("_", "").isalnum()


def test_a_seat_is_found_by_its_token_only(registry, clock):
    room = registry.create(False, "a")
    alice = room.join("Alice", clock())
    bob = room.join("Bob", clock())
    assert room.seat(alice.token) is alice and room.seat(bob.token) is bob
    assert room.seat(None) is None and room.seat("") is None
    # One character off, whatever the random token ends in (it may end in "x").
    near = alice.token[:-1] + ("y" if alice.token.endswith("x") else "x")
    assert near != alice.token and room.seat(near) is None
    assert room.seat(alice.token[:-1]) is None and room.seat(alice.token + "x") is None
    assert room.host is alice and alice.token != bob.token


def test_names_are_cleaned_and_bounded():
    assert clean_name("  Ann   Marie ") == "Ann Marie"
    assert clean_name("Zoë") == "Zoë"
    for bad, message in [
        ("", "give a name"),
        ("   ", "give a name"),
        ("x" * (rooms.MAX_NAME + 1), "at most"),
        ("a\x07b", "printable"),
    ]:
        with pytest.raises(RoomError, match=message):
            clean_name(bad)


def test_a_name_in_use_or_too_like_one_is_refused(registry, clock):
    room = registry.create(False, "a")
    room.join("Alice", clock())
    room.join("Bob", clock())
    for name, message in [
        ("alice", "Alice is already playing here"),
        ("Аlice", "Аlice looks too like Alice, who plays here"),  # Cyrillic А
        ("B0b", "B0b looks too like Bob"),
        ("Computer", "the computer's name"),
        ("x" * (rooms.MAX_NAME + 1), "at most 24 characters"),
    ]:
        with pytest.raises(RoomError, match=message) as refused:
            room.join(name, clock())
        assert refused.value.status in (400, 409)
    assert [seat.name for seat in room.seats] == ["Alice", "Bob"]


def test_an_away_seat_is_taken_back_only_by_its_cookie_or_the_host(registry, clock):
    room = registry.create(False, "a")
    alice = room.join("Alice", clock())
    bob = room.join("Bob", clock())
    old_token = bob.token
    clock.now += rooms.AWAY_SECONDS  # Bob's browser went away: no request, no stream
    assert not bob.connected(clock()) and alice.connected(clock() - 1)
    with pytest.raises(rooms.SeatAway, match="Alice \\(the host\\) can let you in") as away:
        room.join("BOB", clock())
    assert away.value.seat is bob and room.seat(old_token) is bob  # typing a name takes nothing
    claim = room.claim(bob)
    assert room.claimed(claim) is bob and room.seat(claim) is None
    newer = room.claim(bob)  # a seat keeps its newest claim only
    assert room.claimed(claim) is None
    room.admit(bob, clock())
    assert room.seat(newer) is bob and room.seat(old_token) is None and room.claims == {}
    with pytest.raises(RoomError, match="nobody asks"):
        room.admit(bob, clock())
    room.leave(bob)
    assert room.seat(newer) is None and room.seats == [alice]


def test_a_room_holds_at_most_max_seats_and_a_started_game_takes_no_newcomer(registry, clock):
    room = registry.create(False, "a")
    for n in range(rooms.MAX_SEATS):
        room.join(f"player {n}", clock())
    with pytest.raises(RoomError, match="full"):
        room.join("one more", clock())
    other = registry.create(False, "b")
    other.join("Alice", clock())
    with pytest.raises(RoomError, match="has started"):
        other.join("Bob", clock(), open_to_join=False)


def test_a_solo_game_takes_nobody_else(registry, clock):
    room = registry.create(True, "a")
    room.join("Me", clock())
    with pytest.raises(RoomError, match="played alone"):
        room.join("Intruder", clock())


def test_room_counts_are_bounded_per_server_and_per_address(registry, clock):
    first = registry.create(False, "10.0.0.1")
    clock.now += 1
    second = registry.create(False, "10.0.0.1")
    clock.now += 1
    third = registry.create(False, "10.0.0.1")  # the address's oldest room is given up
    assert first.closed and not second.closed and len(registry) == 2
    registry.create(False, "10.0.0.2")
    fourth = registry.create(False, "10.0.0.3")
    with pytest.raises(RoomError) as full:
        registry.create(False, "10.0.0.4")
    assert full.value.status == 503 and len(registry) == 4
    fourth.finished = True  # a finished game makes way for a new one
    registry.create(False, "10.0.0.4")
    assert fourth.closed and not third.closed and len(registry) == 4


def test_loopback_has_no_bound_of_its_own(clock):
    registry: Registry[object] = Registry(max_rooms=4, per_client=1, clock=clock)
    made = [registry.create(True, "127.0.0.1") for _ in range(4)]
    assert not any(room.closed for room in made)


def test_idle_rooms_expire_and_their_waiters_wake(registry, clock):
    idle = registry.create(False, "a")
    busy = registry.create(False, "b")
    woke = threading.Event()

    def waiter() -> None:
        idle.updates.wait(idle.version, 60, threading.Event())
        woke.set()

    thread = threading.Thread(target=waiter)
    thread.start()
    clock.now += 599
    registry.get(busy.code)  # touched: stays
    clock.now += 2
    assert registry.sweep() == 1
    assert woke.wait(30) and idle.closed
    thread.join()
    with pytest.raises(RoomError) as gone:
        registry.get(idle.code)
    assert gone.value.status == 404
    assert registry.get(busy.code) is busy
    # Its place is free again.
    registry.create(False, "a")


def test_a_finished_game_goes_sooner_than_a_game_still_playing(clock):
    registry: Registry[object] = Registry(idle_seconds=600, clock=clock, finished_seconds=120)
    playing = registry.create(False, "a")
    finished = registry.create(False, "b")
    finished.finished = True
    clock.now += 119
    assert registry.sweep() == 0
    clock.now += 1
    assert registry.sweep() == 1 and finished.closed and not playing.closed
    assert registry.rooms() == [playing]
    clock.now += 480
    assert registry.sweep() == 1 and playing.closed and len(registry) == 0


def test_finished_games_are_kept_no_longer_than_idle_rooms(clock):
    registry: Registry[object] = Registry(idle_seconds=60, clock=clock)
    assert registry.finished_seconds == 60 < rooms.FINISHED_SECONDS < rooms.IDLE_SECONDS


def test_actions_are_rate_limited_per_room_and_typing_per_seat(registry, clock):
    room = registry.create(False, "a")
    other = registry.create(False, "b")
    allowed = sum(room.actions.take(clock()) for _ in range(200))
    assert allowed == rooms.ACTIONS_BURST
    assert other.actions.take(clock())  # another room is not held back
    clock.now += 1.0
    assert sum(room.actions.take(clock()) for _ in range(200)) == rooms.ACTIONS_PER_SECOND
    seat = room.join("Ann", clock())
    assert sum(seat.typing.take(clock()) for _ in range(100)) == rooms.TYPING_BURST


def test_the_version_moves_and_wakes_waiters(registry, clock):
    room = registry.create(False, "a")
    seen: list[int] = []
    started = threading.Event()

    def waiter() -> None:
        started.set()
        seen.append(room.updates.wait(0, 60, threading.Event()))

    thread = threading.Thread(target=waiter)
    thread.start()
    assert started.wait(30)
    room.changed()
    thread.join(30)
    assert seen == [1]


def test_alarms_fire_in_order_of_their_time():
    clock = FakeClock()
    alarms = Alarms(clock)
    fired: list[str] = []
    done = threading.Event()
    lock = threading.Lock()

    def record(name: str):
        def callback() -> None:
            with lock:
                fired.append(name)
                if len(fired) == 2:
                    done.set()

        return callback

    alarms.at(clock.now + 10, record("later"))
    alarms.at(clock.now + 5, record("sooner"))
    assert not done.wait(0.2) and fired == []  # not due yet on the fake clock
    clock.now += 5
    alarms.at(clock.now, lambda: None)  # any new alarm wakes the thread to look again
    clock.now += 5
    alarms.at(clock.now, lambda: None)
    assert done.wait(30)
    assert sorted(fired) == ["later", "sooner"]
    alarms.stop()


def test_a_failing_alarm_is_one_line_and_the_others_still_fire(capsys):
    alarms = Alarms()
    done = threading.Event()

    def broken() -> None:
        raise ValueError("broken on purpose")

    alarms.at(0, broken)
    alarms.at(0, done.set)
    assert done.wait(30)
    alarms.stop()
