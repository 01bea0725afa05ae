"""The statistics' worker processes (countdown/numbers_workers.py): results come back, a
task's error is raised in the parent, a worker that dies is reported, and however the
block ends every worker is ended and reaped, a busy one too, within a bounded wait."""

from __future__ import annotations

import multiprocessing
import signal
import subprocess
import sys

import pytest

from anagramdb.countdown import numbers_workers
from anagramdb.countdown.numbers_workers import context, workers

from ..support.waiting import wait_until

STOP_SIGNALS = ("SIGINT", "SIGTERM", "SIGHUP")


def test_every_task_is_answered_once():
    with workers(context(), 2, abs) as pool:
        results = sorted(pool.imap_unordered(range(-20, 0)))
        processes = list(pool.processes)
    assert results == list(range(1, 21))
    assert [process.exitcode for process in processes] == [0, 0]  # told to end, not killed


def test_a_tasks_error_is_raised_here_and_the_workers_are_reaped():
    with pytest.raises(ZeroDivisionError):
        with workers(context(), 2, eval) as pool:
            processes = list(pool.processes)
            list(pool.imap_unordered(["1", "2", "1 // 0", "3"]))
    assert all(process.exitcode is not None for process in processes)


def test_a_worker_that_dies_is_reported_not_waited_for():
    with pytest.raises(RuntimeError, match=r"ended before its task was done \(exit code 3\)"):
        with workers(context(), 2, exec) as pool:
            processes = list(pool.processes)
            list(pool.imap_unordered(["import os; os._exit(3)"]))
    assert all(process.exitcode is not None for process in processes)


def test_a_stop_kills_busy_workers(tmp_path):
    """Stopped (a KeyboardInterrupt, as a stop signal raises) while each worker runs a task
    that would take an hour: both are killed and reaped at once, and the block ends."""
    code = "import pathlib, time; pathlib.Path({!r}).touch(); time.sleep(3600)"
    marks = [tmp_path / "first", tmp_path / "second"]
    with pytest.raises(KeyboardInterrupt):
        with workers(context(), 2, exec) as pool:
            processes = list(pool.processes)
            for connection, mark in zip(pool.connections, marks, strict=True):
                connection.send(code.format(str(mark)))
            wait_until(lambda: all(mark.exists() for mark in marks), "both tasks to start")
            raise KeyboardInterrupt
    assert [process.exitcode for process in processes] == [-signal.SIGKILL] * 2


def test_a_worker_that_cannot_start_leaves_none_behind():
    real = context()
    made: list[multiprocessing.process.BaseProcess] = []

    def refused() -> None:
        raise OSError("cannot start")

    class Refusing:
        def get_start_method(self) -> str:
            return str(real.get_start_method())

        def Pipe(self) -> object:
            return real.Pipe()

        def Process(self, **options: object) -> multiprocessing.process.BaseProcess:
            process = real.Process(**options)
            if made:
                process.start = refused  # type: ignore[method-assign]
            made.append(process)
            return process

    with pytest.raises(OSError, match="cannot start"):
        with workers(Refusing(), 2, abs):
            pass
    assert made[0].exitcode is not None


def test_workers_are_never_forked_from_this_process():
    """A fork of a process running other threads (pytest's, a web server's) may inherit a
    lock held forever; Python 3.12 warns about it and 3.14 no longer forks by default."""
    assert context().get_start_method() in ("forkserver", "spawn")


def test_workers_start_with_the_stop_signals_held_and_then_leave_them():
    """The workers start, and are stopped, with the stop signals blocked in this thread,
    which is as it was once they have; each worker's first act (quiet) ignores Ctrl-C and
    SIGHUP, leaves the command's process group (its signals are the parent's to handle)
    and unblocks the signals again (blocked, they would be held)."""
    if not hasattr(signal, "pthread_sigmask"):
        pytest.skip("signal masks are POSIX")
    stops = {getattr(signal, name) for name in STOP_SIGNALS}
    held: list[bool] = []
    held_at_stop: list[bool] = []

    class Worker:
        exitcode: int | None = None

        def __init__(self, target: object, args: object, daemon: bool) -> None:
            assert target is numbers_workers.serve and daemon

        def start(self) -> None:
            held.append(stops <= signal.pthread_sigmask(signal.SIG_BLOCK, []))

        def kill(self) -> None:
            self.exitcode = -signal.SIGKILL

        def join(self, timeout: float) -> None:
            assert timeout <= numbers_workers.JOIN_WAIT
            held_at_stop.append(stops <= signal.pthread_sigmask(signal.SIG_BLOCK, []))

    class Context:
        def get_start_method(self) -> str:
            return "spawn"

        def Pipe(self) -> object:
            return multiprocessing.Pipe()

        Process = Worker

    mask = signal.pthread_sigmask(signal.SIG_BLOCK, [])
    with workers(Context(), 3, abs) as pool:
        assert held == [True] * 3
        assert signal.pthread_sigmask(signal.SIG_BLOCK, []) == mask
        processes = list(pool.processes)
    assert [process.exitcode for process in processes] == [-signal.SIGKILL] * 3
    assert held_at_stop and all(held_at_stop)  # reaped with the signals held
    assert signal.pthread_sigmask(signal.SIG_BLOCK, []) == mask
    # quiet(), in a child of this process (it changes its process group).
    numbers = sorted(int(signum) for signum in stops)
    code = (
        "import os, signal\n"
        "from anagramdb.countdown import numbers_workers\n"
        f"signal.pthread_sigmask(signal.SIG_BLOCK, {numbers!r})\n"
        "numbers_workers.quiet()\n"
        "print(signal.getsignal(signal.SIGINT) == signal.SIG_IGN,"
        " signal.getsignal(signal.SIGHUP) == signal.SIG_IGN,"
        " signal.getsignal(signal.SIGTERM) == signal.SIG_DFL,"
        f" not set({numbers!r}) & signal.pthread_sigmask(signal.SIG_BLOCK, []),"
        " os.getpgid(0) == os.getpid())\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.stdout.split() == ["True"] * 5, result.stderr
