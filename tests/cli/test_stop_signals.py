"""SIGTERM and SIGHUP stop a command as Ctrl-C does (anagramdb/cli/stop_signals.py): its
temporary files removed, its workers reaped, its log written, one line on stderr, and exit
130 (Ctrl-C), 143 (SIGTERM) or 129 (SIGHUP). Each test stops a real process at a point it
has been seen to reach (a pause it announced, a line it printed, its workers started)."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys

import pytest

from ..support.dictionaries import make_dictionary, write_list
from ..support.processes import descendants, gone
from ..support.waiting import children, wait_until

# The signal, the exit code and the command's last line on stderr.
STOPS = {
    "SIGINT": (130, "anagramdb: interrupted"),
    "SIGTERM": (143, "anagramdb: interrupted by SIGTERM"),
    "SIGHUP": (129, "anagramdb: interrupted by SIGHUP"),
}
WAIT = 60
OLD = ["cat", "act", "dog", "god", "stone", "notes"]


def anagramdb(*args: str, cwd: str, **env: str) -> subprocess.Popen[str]:
    """``python -m anagramdb ARGS`` in a session of its own (so that a signal can be sent
    to its whole process group), its stdin, stdout and stderr pipes."""
    return subprocess.Popen(
        [sys.executable, "-m", "anagramdb", *args],
        cwd=cwd,
        env={**os.environ, **env},
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )


def stopped(process: subprocess.Popen[str], name: str, group: bool = False) -> str:
    """Send the signal *name* to *process* (or its process group) and wait for it to end;
    check its exit code and last line, and return its whole stderr."""
    signum = getattr(signal, name)
    if group:
        os.killpg(process.pid, signum)
    else:
        process.send_signal(signum)
    try:
        _, err = process.communicate(timeout=WAIT)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()  # its pipes closed too, not left to a later test's collector
    code, line = STOPS[name]
    assert (process.returncode, err.splitlines()[-1:]) == (code, [line]), err
    assert "Traceback" not in err
    return err


def hidden(directory: str) -> list[str]:
    return sorted(name for name in os.listdir(directory) if name.startswith("."))


@pytest.mark.parametrize("name", list(STOPS))
def test_build_stopped_with_sorted_runs_on_disk_leaves_no_temporary_file(tmp_path, name):
    path = make_dictionary(tmp_path, OLD)
    before = (tmp_path / "words.txt").read_bytes()
    rng = random.Random(5)
    words = [
        "".join(rng.choices("etaoinshrdlucmfwyp", k=rng.randint(3, 12))) for _ in range(150_000)
    ]
    source = write_list(tmp_path / "big.list", words)
    step = "spilled anagramdb-run"
    process = anagramdb(
        "build", source, "-o", path, "--memory", "16M", cwd=str(tmp_path), ANAGRAMDB_PAUSE_AT=step
    )
    assert process.stderr is not None
    assert process.stderr.readline() == f"anagramdb: paused at {step}\n"
    assert any(name.startswith(".anagramdb-run.tmp-") for name in hidden(str(tmp_path)))
    err = stopped(process, name)
    assert err.count("\n") == 1  # the pause line was read: only the last line is left
    assert hidden(str(tmp_path)) == []
    assert (tmp_path / "words.txt").read_bytes() == before


def test_build_stopped_while_writing_the_dictionary_leaves_it_as_it_was(tmp_path):
    path = make_dictionary(tmp_path, OLD)
    before = (tmp_path / "words.txt").read_bytes()
    source = write_list(tmp_path / "new.list", ["tac", "pig", "gip", "onset"])
    step = "written words.txt"
    process = anagramdb("build", source, "-o", path, cwd=str(tmp_path), ANAGRAMDB_PAUSE_AT=step)
    assert process.stderr is not None
    assert process.stderr.readline() == f"anagramdb: paused at {step}\n"
    assert any(name.startswith(".words.txt.tmp-") for name in hidden(str(tmp_path)))
    stopped(process, "SIGTERM")
    assert hidden(str(tmp_path)) == []
    assert (tmp_path / "words.txt").read_bytes() == before


@pytest.mark.parametrize(
    ("name", "group"),
    [("SIGTERM", False), ("SIGHUP", False), ("SIGTERM", True), ("SIGHUP", True), ("SIGINT", True)],
    ids=["SIGTERM", "SIGHUP", "SIGTERM-group", "SIGHUP-group", "SIGINT-group"],
)
def test_numbers_stats_stopped_reaps_its_workers_without_a_traceback(tmp_path, name, group):
    """Stopped with its workers at work, whether the signal reaches the command alone (kill,
    timeout) or its whole process group (a terminal's Ctrl-C or hang-up, a service stop)."""
    process = anagramdb("numbers", "stats", "--jobs", "2", "--csv", "stats.csv", cwd=str(tmp_path))

    def workers() -> list[int]:  # started by a fork server, so grandchildren
        below = descendants(process.pid)
        return below if len(set(below) - set(children(process.pid))) >= 2 else []

    started = wait_until(workers, "two workers")
    stopped(process, name, group)
    wait_until(lambda: all(gone(pid) for pid in started), "every worker to end")
    assert hidden(str(tmp_path)) == [] and not (tmp_path / "stats.csv").exists()


@pytest.mark.parametrize("name", list(STOPS))
def test_play_stopped_writes_its_log(tmp_path, name):
    log = tmp_path / "game.log"
    process = anagramdb(
        "play",
        *("--seed", "3", "--seconds", "0", "--format", "quick", "--no-history", "--log", str(log)),
        cwd=str(tmp_path),
        XDG_DATA_HOME=str(tmp_path / "data"),
    )
    assert process.stdout is not None
    assert process.stdout.readline().startswith("anagramdb play: 3 rounds")  # the game is on
    stopped(process, name)
    record = json.loads(log.read_text(encoding="utf-8"))
    assert (record["seed"], record["finished"], record["results"]) == (3, False, [])
    assert hidden(str(tmp_path)) == []
