"""Load on ``anagramdb serve``: K concurrent clients for T seconds, against 1 and 2 workers.

    nice -n 10 python benchmarks/serve_load.py [--clients 32] [--seconds 10] [--workers 1 2]
        [--rooms 8 [--players 4] [--rounds quick]] [--json]

Each run starts ``python -m anagramdb serve --port 0 --quiet --workers W`` on loopback,
warms it with one pass over the racks, then K clients (threads spread over CLIENT_PROCESSES
processes, so the clients' own GIL does not serialise them) each send 9-letter ``letters``
requests (``/api/letters?rack=R``, racks drawn as on the show) one after the other on a
keep-alive connection for T seconds. It reports requests a second, the median and 99th
percentile latency, the errors (any status but 200, or a failed connection: must be 0),
and the memory of each worker after the run: resident (VmRSS, and its peak VmHWM) and
proportional (Pss: shared pages counted as a fraction), from /proc. The aims: p99 under
50 ms at 32 clients, under 30 MiB a worker.

With --rooms, R rooms of P players then play a game at once on one worker (rooms live in
one process), each player with its own event stream, and the p50 and p99 of declarations
and of pushed updates are reported (room_load.py says how).

Bounded: at most MAX_CLIENTS clients and MAX_SECONDS seconds a run; loopback only. The
clients share the machine with the server, so on a small machine they take part of the CPU
the server would otherwise have.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import multiprocessing
import os
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Iterator

MAX_CLIENTS = 256
MAX_ROOMS = 32  # as many as one server keeps (web/rooms.py)
MAX_PLAYERS = 8
MAX_SECONDS = 60
CLIENT_PROCESSES = 2
RACKS = 200


def racks() -> list[str]:
    from anagramdb.countdown.draw import draw_letters

    return [draw_letters(seed=seed).letters.lower() for seed in range(RACKS)]


def client_process(
    port: int, threads: int, seconds: float, start_at: float, queue: multiprocessing.Queue
) -> None:  # type: ignore[type-arg]
    """Run *threads* clients until *seconds* after *start_at*; put (latencies, errors) on
    *queue*."""
    drawn = racks()
    latencies: list[float] = []
    errors: list[str] = []
    lock = threading.Lock()

    def one_client(offset: int) -> None:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        mine: list[float] = []
        index = offset
        while time.time() < start_at:
            time.sleep(0.001)
        end = start_at + seconds
        while time.time() < end:
            path = f"/api/letters?rack={drawn[index % len(drawn)]}"
            index += 7
            began = time.perf_counter()
            try:
                connection.request("GET", path)
                response = connection.getresponse()
                response.read()
                if response.status != 200:
                    with lock:
                        errors.append(f"status {response.status}")
            except OSError as exc:
                with lock:
                    errors.append(f"{type(exc).__name__}: {exc}")
                connection.close()
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                continue
            mine.append(time.perf_counter() - began)
        connection.close()
        with lock:
            latencies.extend(mine)

    workers = [
        threading.Thread(target=one_client, args=(offset * 13,)) for offset in range(threads)
    ]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    queue.put((latencies, errors))


def memory_kib(pid: int) -> tuple[int, int, int]:
    """(VmRSS, VmHWM, Pss) of a process in KiB. Pss counts each page shared with other
    processes (the interpreter, the mapped dictionary, what forked workers share) as a
    fraction: the memory the worker really adds."""
    fields = {}
    for path in (f"/proc/{pid}/status", f"/proc/{pid}/smaps_rollup"):
        with open(path, encoding="ascii") as status:
            for line in status:
                name, _, rest = line.partition(":")
                if name in ("VmRSS", "VmHWM", "Pss"):
                    fields[name] = int(rest.split()[0])
    return fields["VmRSS"], fields["VmHWM"], fields["Pss"]


def worker_pids(parent: int, workers: int) -> list[int]:
    if workers == 1:
        return [parent]
    with open(f"/proc/{parent}/task/{parent}/children", encoding="ascii") as children:
        return [int(pid) for pid in children.read().split()]


@contextlib.contextmanager
def serving(workers: int) -> Iterator[tuple[subprocess.Popen[str], int]]:
    """``anagramdb serve`` on a free port of loopback: (the process, its port)."""
    server = subprocess.Popen(
        [sys.executable, "-m", "anagramdb", "serve", "--port", "0", "--quiet",
         "--workers", str(workers)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )  # fmt: skip
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        if not line.startswith("anagramdb: serving http://"):
            raise RuntimeError(
                f"the server did not start: {line}{server.stderr.read() if server.stderr else ''}"
            )
        yield server, int(line.split()[2].rsplit(":", 1)[1].strip("/"))
    finally:
        server.terminate()
        server.wait(timeout=60)


def rooms_run(rooms: int, players: int, rounds: str) -> dict[str, object]:
    """R rooms of P players through a game at once (room_load.py), on one worker."""
    from room_load import run_rooms

    with serving(1) as (server, port):
        figures = run_rooms(port, rooms, players, rounds)
        figures["rss_mib"] = round(memory_kib(server.pid)[0] / 1024, 1)
    return figures | {"server_exit": server.returncode}


def run(workers: int, clients: int, seconds: float) -> dict[str, object]:
    with serving(workers) as (server, port):
        warm = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        for rack in racks():
            warm.request("GET", f"/api/letters?rack={rack}")
            warm.getresponse().read()
        warm.close()
        queue: multiprocessing.Queue = multiprocessing.Queue()  # type: ignore[type-arg]
        start_at = time.time() + 0.5
        shares = [
            clients // CLIENT_PROCESSES + (i < clients % CLIENT_PROCESSES)
            for i in range(CLIENT_PROCESSES)
        ]
        processes = [
            multiprocessing.Process(
                target=client_process, args=(port, share, seconds, start_at, queue)
            )
            for share in shares
            if share
        ]
        for process in processes:
            process.start()
        results = [queue.get() for _ in processes]
        for process in processes:
            process.join()
        memory = [memory_kib(pid) for pid in worker_pids(server.pid, workers)]
    latencies = sorted(latency for part, _ in results for latency in part)
    errors = [error for _, part in results for error in part]
    return {
        "workers": workers,
        "clients": clients,
        "seconds": seconds,
        "requests": len(latencies),
        "requests_per_second": len(latencies) / seconds,
        "p50_ms": statistics.median(latencies) * 1e3 if latencies else None,
        "p99_ms": latencies[int(0.99 * (len(latencies) - 1))] * 1e3 if latencies else None,
        "errors": len(errors),
        "error_examples": sorted(set(errors))[:3],
        "rss_mib": [round(rss / 1024, 1) for rss, _, _ in memory],
        "peak_rss_mib": [round(peak / 1024, 1) for _, peak, _ in memory],
        "pss_mib": [round(pss / 1024, 1) for _, _, pss in memory],
        "server_exit": server.returncode,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument(
        "--json", action="store_true", help="also print the figures as one JSON object"
    )
    parser.add_argument(
        "--rooms", type=int, default=0, help="then R rooms play a game at once (room_load.py)"
    )
    parser.add_argument("--players", type=int, default=4, help="players in each room")
    parser.add_argument("--rounds", default="quick", help="the rooms' game: a format or rounds")
    args = parser.parse_args()
    if not 0 <= args.rooms <= MAX_ROOMS or not 2 <= args.players <= MAX_PLAYERS:
        parser.error(f"--rooms 0-{MAX_ROOMS}, --players 2-{MAX_PLAYERS}")
    if (
        not 1 <= args.clients <= MAX_CLIENTS
        or not 0 < args.seconds <= MAX_SECONDS
        or not all(1 <= w <= 8 for w in args.workers)
    ):
        parser.error(f"--clients 1-{MAX_CLIENTS}, --seconds up to {MAX_SECONDS}, --workers 1-8")
    print(
        f"serve load: {args.clients} clients, {args.seconds:g} s a run, "
        f"9-letter letters requests on loopback, {os.cpu_count()} cores"
    )
    print(
        f"{'workers':>7}{'requests':>10}{'req/s':>9}{'p50 ms':>9}{'p99 ms':>9}{'errors':>8}"
        "  MiB per worker: RSS (peak, PSS)"
    )
    report = []
    for workers in args.workers:
        figures = run(workers, args.clients, args.seconds)
        report.append(figures)
        rss = ", ".join(
            f"{now} ({peak}, {pss})"
            for now, peak, pss in zip(
                figures["rss_mib"], figures["peak_rss_mib"], figures["pss_mib"], strict=True
            )  # type: ignore[call-overload]
        )
        print(
            f"{workers:>7}{figures['requests']:>10}{figures['requests_per_second']:>9.0f}{figures['p50_ms']:>9.1f}{figures['p99_ms']:>9.1f}"
            f"{figures['errors']:>8}  {rss}"
        )
        if figures["errors"]:
            print(f"        errors such as: {figures['error_examples']}")
    if args.rooms:
        rooms = rooms_run(args.rooms, args.players, args.rounds)
        report.append(rooms)
        print(
            f"rooms: {rooms['rooms']} of {rooms['players']} players, a {args.rounds} game each "
            f"without a clock, all at once, 1 worker: {rooms['seconds']} s, "
            f"{rooms['errors']} errors, {rooms['slowed']} actions slowed (429), "
            f"{rooms['rss_mib']} MiB RSS"
        )
        for kind, count, label in (
            ("declaration", "declarations", "declarations"),
            ("push", "pushes", "pushed updates"),
        ):
            print(
                f"  {label}: {rooms[count]}, p50 {rooms[kind + '_p50_ms']:.1f} ms, "
                f"p99 {rooms[kind + '_p99_ms']:.1f} ms"
            )
        if rooms["errors"]:
            print(f"  errors such as: {rooms['error_examples']}")
    if args.json:
        print(json.dumps(report))


if __name__ == "__main__":
    main()
