"""The memory of ``anagramdb serve``: idle, after N requests, after R rooms have played.

    nice -n 10 python benchmarks/serve_memory.py [--requests 10000] [--rooms 8 --players 4]
        [--rounds full] [--rounds-of-runs 3] [--source DIR]... [--json]

Each run starts ``python -m anagramdb serve --port 0 --quiet`` (one worker) and reads its
resident memory (VmRSS from /proc, in MiB) four times: *idle*, once it listens; *loaded*,
after N requests from 4 keep-alive clients, a mix of what the page asks (9-letter
``letters``, ``anagrams``, ``numbers`` with a target, ``conundrum``, ``define``, the page
itself, each a share); *rooms*, right after R rooms of P players have played a whole game at
once (room_load.py: each player a stream and a connection); and *after*, once every one of
those connections is closed, the server's threads for them have ended and its RSS has
stayed the same for QUIET_SECONDS (the same wait comes before *loaded*). The aims (issue
32): idle at most 16 MiB, loaded at most 20 MiB, after within 10% of loaded. It also says
whether the serving process imported typer (``-X importtime`` lists every import).

Runs are interleaved (a round of runs is one run of each source), and the table gives the
median of each figure over the rounds. Each ``--source`` runs the package found in DIR
instead of the installed one (``git archive`` of an older commit, for before and after).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import statistics
import subprocess
import sys
import threading
import time
import urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from serve_load import memory_kib, racks

CLIENTS = 4
SETTLE_SECONDS = 30.0  # how long the server has to end the threads of closed connections
QUIET_SECONDS = 2.5  # then RSS unchanged this long: the server has released what it freed


def paths(count: int) -> list[str]:
    """*count* request paths, the page's mix: mostly letters, then the other rounds."""
    drawn = racks()
    words = ["listen", "silent", "stone", "countdown", "gyroscope", "anagram", "zebra"]
    mix = []
    for n in range(count):
        rack = drawn[n % len(drawn)]
        kind = n % 10
        if kind < 5:
            mix.append(f"/api/letters?rack={rack}")
        elif kind == 5:
            mix.append(f"/api/anagrams?letters={words[n % len(words)]}")
        elif kind == 6:
            mix.append(f"/api/numbers?numbers=25,50,75,100,3,6&target={101 + n % 899}")
        elif kind == 7:
            mix.append(f"/api/conundrum?letters={rack}")
        elif kind == 8:
            mix.append(f"/api/define?word={urllib.parse.quote(words[n % len(words)])}")
        else:
            mix.append("/")
    return mix


def load(port: int, count: int) -> list[str]:
    """Send *count* requests from CLIENTS keep-alive clients; the problems (none expected)."""
    problems: list[str] = []
    mix = paths(count)

    def client(offset: int) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        for path in mix[offset::CLIENTS]:
            connection.request("GET", path)
            response = connection.getresponse()
            response.read()
            if response.status != 200:
                problems.append(f"{response.status} {path}")
        connection.close()

    threads = [threading.Thread(target=client, args=(n,)) for n in range(CLIENTS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return problems


def threads_of(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/task"))


def settled(pid: int, threads: int) -> int:
    """Wait (at most SETTLE_SECONDS) until the server runs at most *threads* threads (the
    ones of closed connections have ended), then until its RSS has not moved for
    QUIET_SECONDS (a quiet server gives freed memory back within a second: web/workers.py).
    Its thread count then."""
    deadline = time.monotonic() + SETTLE_SECONDS
    while threads_of(pid) > threads and time.monotonic() < deadline:
        time.sleep(0.05)  # polling another process's /proc: nothing to wait on
    last, since = memory_kib(pid)[0], time.monotonic()
    while time.monotonic() - since < QUIET_SECONDS and time.monotonic() < deadline:
        time.sleep(0.25)
        now = memory_kib(pid)[0]
        if now != last:
            last, since = now, time.monotonic()
    return threads_of(pid)


def one_run(env: dict[str, str], options: argparse.Namespace) -> dict[str, float | int | bool]:
    from room_load import run_rooms

    server = subprocess.Popen(
        [sys.executable, "-X", "importtime", "-m", "anagramdb", "serve", "--port", "0",
         "--quiet"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=os.sep,  # not this checkout: PYTHONPATH or the installed package decides
    )  # fmt: skip
    figures: dict[str, float | int | bool] = {}

    def took(name: str, mib: float) -> None:
        figures[name] = mib
        print(f"  {env.get('PYTHONPATH', 'installed')}: {name} {mib:.1f} MiB", file=sys.stderr)

    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        if not line.startswith("anagramdb: serving http://"):
            raise SystemExit(f"the server did not start: {line}")
        port = int(line.split()[2].rsplit(":", 1)[1].strip("/"))
        base_threads = threads_of(server.pid)
        took("idle", memory_kib(server.pid)[0] / 1024)
        problems = load(port, options.requests)
        settled(server.pid, base_threads)
        took("loaded", memory_kib(server.pid)[0] / 1024)
        if options.rooms:
            played = run_rooms(port, options.rooms, options.players, options.rounds)
            problems += played["error_examples"]
            took("rooms", memory_kib(server.pid)[0] / 1024)
            figures["threads left"] = settled(server.pid, base_threads) - base_threads
            took("after", memory_kib(server.pid)[0] / 1024)
        figures["peak"] = memory_kib(server.pid)[1] / 1024
        if problems:
            raise SystemExit(f"requests failed: {problems[:3]}")
    finally:
        server.terminate()
        _, err = server.communicate(timeout=60)
    imported = {line.rsplit("|", 1)[-1].strip() for line in err.splitlines() if "|" in line}
    figures["typer"] = bool(imported & {"typer", "click"})
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=10_000)
    parser.add_argument("--rooms", type=int, default=8)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--rounds", default="full")
    parser.add_argument("--rounds-of-runs", type=int, default=3)
    parser.add_argument("--source", action="append", default=[])
    parser.add_argument("--json", action="store_true")
    options = parser.parse_args()
    base = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    envs = {"installed": base}
    for source in options.source:
        envs[source] = dict(base, PYTHONPATH=os.path.abspath(source))
    runs: dict[str, list[dict[str, float | int | bool]]] = {label: [] for label in envs}
    for _ in range(options.rounds_of_runs):
        for label, env in envs.items():
            runs[label].append(one_run(env, options))
    report = {
        label: {key: statistics.median(float(run[key]) for run in got) for key in got[0]}
        for label, got in runs.items()
    }
    if options.json:
        print(json.dumps(report))
        return 0
    print(
        f"serve, 1 worker: {options.requests} requests, then {options.rooms} rooms of "
        f"{options.players} ({options.rounds}); medians of {options.rounds_of_runs} "
        f"interleaved runs, RSS MiB"
    )
    print(f"  {'source':30} {'idle':>6} {'loaded':>7} {'rooms':>6} {'after':>6} {'peak':>6}  typer")
    for label, figures in report.items():
        cells = " ".join(
            f"{figures[key]:>{width}.1f}" if key in figures else " " * width
            for key, width in (("idle", 6), ("loaded", 7), ("rooms", 6), ("after", 6), ("peak", 6))
        )
        print(f"  {label[-30:]:30} {cells}  {'yes' if figures['typer'] else 'no'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
