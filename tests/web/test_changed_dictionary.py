"""`serve` whose dictionary changes under it (docs/RELIABILITY.md, "Files changed while
open"): under traffic, the file is cut short and written back in place 20 times, then
rebuilt. No worker dies by a signal; while the file is short a request that reads it
gets 503 with the one line; whole again, and after the rebuild, every answer is right;
the server then stops with exit 0."""

from __future__ import annotations

import http.client
import json
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from anagramdb.builder import build
from anagramdb.packaged import packaged_path

from ..support.dictionaries import write_list

RACKS = ["retsinalo", "aeioustrn", "pleasured"]
WAIT = 30  # seconds a condition may take on a loaded machine


def user_dictionary(directory: Path, step: int, name: str) -> str:
    with open(packaged_path("full"), encoding="utf-8") as handle:
        words = handle.read().split("\n")[:-1:step]
    path = str(directory / name)
    build([write_list(directory / f"{name}.list", words)], path)
    return path


def expected(path: str) -> dict[str, object]:
    """Each rack's record from `letters RACK --json` on a copy of *path* (the API answers
    the command's record: tests/web/test_api.py)."""
    copy = path + ".copy"
    shutil.copyfile(path, copy)
    records = {}
    for rack in RACKS:
        result = subprocess.run(
            [sys.executable, "-m", "anagramdb", "letters", rack, "--json", "--dict", copy],
            capture_output=True,
            text=True,
            check=True,
        )
        records[rack] = json.loads(result.stdout)
    for suffix in ("", ".idx"):
        os.unlink(copy + suffix)
    return records


class Traffic:
    """One client asking for RACKS in turn, on a connection each, until stopped. Each
    request holds *quiet*, so a change to the file is made between requests: a change
    racing a request in flight can still end the process (the window RELIABILITY.md
    documents), which this test does not play dice with."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.quiet = threading.Lock()
        self.stop = threading.Event()
        self.seen: list[tuple[int, str, object]] = []  # (status, rack, record)
        self.thread = threading.Thread(target=self.run)
        self.thread.start()

    def run(self) -> None:
        turn = 0
        while not self.stop.is_set():
            rack = RACKS[turn % len(RACKS)]
            turn += 1
            with self.quiet:
                connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=WAIT)
                try:
                    connection.request("GET", f"/api/letters?rack={rack}")
                    response = connection.getresponse()
                    self.seen.append((response.status, rack, json.loads(response.read())))
                except (OSError, http.client.HTTPException) as error:
                    self.seen.append((0, rack, repr(error)))
                finally:
                    connection.close()

    def until(self, condition, since: int) -> int:
        """Wait (polling, with a deadline) until an answer from *since* on meets
        *condition*; where the answers stand then."""
        deadline = time.monotonic() + WAIT
        while not any(condition(*answer) for answer in self.seen[since:]):
            assert time.monotonic() < deadline, self.seen[since:][-3:]
            assert self.thread.is_alive()
            self.stop.wait(0.005)
        return len(self.seen)


def serve_process(path: str, workers: int) -> tuple[subprocess.Popen[str], int]:
    command = [sys.executable, "-m", "anagramdb", "serve", "--port", "0", "--quiet"]
    command += ["--dict", path, "--workers", str(workers)]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert process.stdout is not None
    line = process.stdout.readline()
    assert line.startswith("anagramdb: serving http://"), line
    return process, int(line.split()[2].rsplit(":", 1)[1].strip("/"))


def short_message(path: str, size: int, cut: int) -> dict[str, str]:
    return {
        "error": f"dictionary {path} changed while in use: {size:,} bytes when opened, "
        f"{cut:,} now; write a new file and rename it over this one instead (anagramdb "
        "build does)"
    }


@pytest.mark.parametrize("workers", [1, 2])
def test_serve_outlives_its_dictionary_changed_in_place_and_serves_a_rebuild(tmp_path, workers):
    path = user_dictionary(tmp_path, 7, "words.txt")
    data = Path(path).read_bytes()
    before = expected(path)
    rebuilt = user_dictionary(tmp_path, 5, "rebuilt.txt")
    after = expected(rebuilt)
    process, port = serve_process(path, workers)
    with process:
        traffic = Traffic(port)
        try:
            at = traffic.until(lambda status, rack, record: status == 200, 0)
            for change in range(20):
                cut = (change * len(data)) // 20
                with traffic.quiet, open(path, "r+b") as handle:
                    handle.truncate(cut)
                short = short_message(path, len(data), cut)
                at = traffic.until(lambda status, rack, record: record == short, at)  # noqa: B023
                with traffic.quiet, open(path, "r+b") as handle:
                    handle.write(data)
                at = traffic.until(lambda status, rack, record: status == 200, at)
            with traffic.quiet:
                replaced_at = len(traffic.seen)
                os.replace(rebuilt, path)
                os.replace(rebuilt + ".idx", path + ".idx")
            # Served without a restart: the last answers of every rack are the rebuild's.
            window = 4 * workers * len(RACKS)
            deadline = time.monotonic() + WAIT
            while True:
                tail = traffic.seen[replaced_at:][-window:]
                if len(tail) == window and all(
                    status == 200 and record == after[rack] for status, rack, record in tail
                ):
                    break
                assert time.monotonic() < deadline and traffic.thread.is_alive(), tail[-3:]
                traffic.stop.wait(0.005)
        finally:
            traffic.stop.set()
            traffic.thread.join(WAIT)
            process.send_signal(signal.SIGINT)
            returncode = process.wait(WAIT)
            stderr = process.stderr.read() if process.stderr else ""
    assert returncode == 0 and "Traceback" not in stderr, stderr
    for number, (status, rack, record) in enumerate(traffic.seen):
        assert status in (200, 503), (status, record)
        if status == 200 and number < replaced_at:
            assert record == before[rack]
        elif status == 200:
            assert record in (before[rack], after[rack])
        else:
            assert number < replaced_at and record["error"].startswith(  # type: ignore[index]
                f"dictionary {path} changed while in use: "
            )
