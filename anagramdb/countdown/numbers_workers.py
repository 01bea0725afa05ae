"""Worker processes for the numbers statistics, owned outright and stopped by construction.

Each worker is a process of its own with a pipe of its own (a socket pair): the parent
sends it one task, it sends back one result, and nothing else is shared: no queue, no
lock, no thread in the parent. Stopping them, however the work ends (done, an error, a
stop signal raised in the parent), is SIGKILL to each and a join bounded in time, which
nothing a worker does can delay.

Why not multiprocessing.Pool: its terminate() first drains the shared task queue until
that pipe is momentarily empty, then kills the workers, then joins its task-feeding
thread. A task larger than a pipe's buffer (64 KiB on Linux) that the thread is still
pickling when the drain stops is written after it, to a pipe nobody reads any more, and
the join waits forever (found under load: 1 stop in 50 hung, the thread in
``Connection._send``, the parent in ``Thread.join``; the statistics' largest tasks pickle
to about 160 KB).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

JOIN_WAIT = 10.0  # seconds to wait for the workers to end, all together, once stopped
_END = object()  # no task left


def context() -> Any:
    """Where workers are started from: a fork server (POSIX), else a fresh interpreter;
    never a fork of this process, whose other threads (a caller's, a web server's) could
    hold a lock that a forked child would find held forever (Python 3.12 warns, and 3.14
    makes the fork server the default). It costs about 0.25 s of CPU time for two
    workers, against about 10 s of the whole statistics (docs/DECISIONS.md, D9)."""
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")


def stop_signals() -> set[int]:
    import signal

    return {
        getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
    }


def quiet() -> None:
    """A worker leaves the stop signals to the parent, which kills it (no traceback per
    worker): Ctrl-C and SIGHUP are ignored, and it moves to a process group of its own,
    so that a signal to the command's group (a terminal's Ctrl-C or hang-up) does not
    reach it. SIGTERM keeps its default; one already held (the group's) ends the worker
    here. The signals were held from its birth (see :func:`workers`) and are let go last."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "SIGHUP"):
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
    if hasattr(os, "setpgid"):
        try:
            os.setpgid(0, 0)
        except OSError:
            pass
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, stop_signals())


def serve(connection: Any, function: Callable[[Any], Any]) -> None:
    """A worker's life: each task received is answered with ``(True, function(task))``,
    or ``(False, the exception)``, until None or the parent's end closes."""
    quiet()
    while True:
        try:
            task = connection.recv()
        except EOFError:  # the parent is gone
            return
        if task is None:
            return
        try:
            answer: tuple[bool, Any] = (True, function(task))
        except Exception as exc:  # raised again in the parent, as Pool did
            answer = (False, exc)
        try:
            connection.send(answer)
        except OSError:  # the parent is gone (killed): nobody to answer, nothing to say
            return


def _start_helpers(start: Any) -> None:
    """Start multiprocessing's resource tracker and (that start method's) fork server with
    the stop signals held, so that a signal to the process group spares them and the
    workers are born with the signals held until :func:`quiet` has run. Starting the
    tracker unblocks SIGINT and SIGTERM in this thread: they are blocked again at once."""
    import signal
    from multiprocessing import resource_tracker

    resource_tracker.ensure_running()
    signal.pthread_sigmask(signal.SIG_BLOCK, stop_signals())
    if start.get_start_method() == "forkserver":
        from multiprocessing import forkserver

        forkserver.ensure_running()


class Workers:
    """*jobs* started worker processes, each with its end of a pipe; see :func:`workers`."""

    def __init__(self, processes: list[Any], connections: list[Any]) -> None:
        self.processes = processes
        self.connections = connections

    def imap_unordered(self, tasks: Iterable[Any]) -> Iterator[Any]:
        """Each task's result, in the order they are done; a task goes to a worker as soon
        as it is free. An exception a task raised is raised here; a worker that ends
        without answering is a RuntimeError."""
        from multiprocessing.connection import wait

        pending = iter(tasks)
        busy: dict[Any, Any] = {}  # connection -> its process, while it has a task
        for process, connection in zip(self.processes, self.connections, strict=True):
            task = next(pending, _END)
            if task is _END:
                break
            connection.send(task)
            busy[connection] = process
        while busy:
            ready: list[Any] = wait(list(busy))
            for connection in ready:
                try:
                    done, result = connection.recv()
                except (EOFError, OSError):
                    process = busy[connection]
                    process.join(JOIN_WAIT)
                    raise RuntimeError(
                        f"a worker process ended before its task was done "
                        f"(exit code {process.exitcode})"
                    ) from None
                if not done:
                    raise result
                task = next(pending, _END)
                if task is _END:
                    del busy[connection]
                else:
                    connection.send(task)
                yield result

    def stop(self, gently: bool) -> None:
        """End every worker and reap it: gently (told there is no more work) after work
        done, else at once with SIGKILL; any still running after JOIN_WAIT seconds are
        killed then. Never waits longer than twice JOIN_WAIT."""
        import time

        if gently:
            for connection in self.connections:
                try:
                    connection.send(None)
                except OSError:  # that worker has ended already
                    pass
        for kill in (not gently, True):
            if kill:
                for process in self.processes:
                    if process.exitcode is None:
                        process.kill()
            deadline = time.monotonic() + JOIN_WAIT
            for process in self.processes:
                process.join(max(0.0, deadline - time.monotonic()))
            if all(process.exitcode is not None for process in self.processes):
                break
        for connection in self.connections:
            connection.close()


@contextmanager
def workers(start: Any, jobs: int, function: Callable[[Any], Any]) -> Iterator[Workers]:
    """*jobs* worker processes (started from *start*, a multiprocessing context) that run
    *function* on the tasks given to :meth:`Workers.imap_unordered`, ignore the stop
    signals from birth, and are stopped and reaped when the block ends, however it ends.

    The stop signals are blocked (held, not lost) in this thread while the workers start,
    so that none is interrupted before :func:`quiet` ran, and again while they are
    stopped, so that a second signal cannot cut the stop short; one sent meanwhile is
    raised as soon as the workers have started, or have all been reaped."""
    import signal
    import threading

    masked = (
        hasattr(signal, "pthread_sigmask") and threading.current_thread() is threading.main_thread()
    )
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, stop_signals()) if masked else None
    pool = Workers([], [])
    gently = False
    try:
        if masked:
            _start_helpers(start)
        for _ in range(jobs):
            ours, theirs = start.Pipe()
            process = start.Process(target=serve, args=(theirs, function), daemon=True)
            try:
                process.start()
            except BaseException:
                ours.close()
                raise
            finally:
                theirs.close()  # the worker has its own copy: ours reads EOF if it ends
            pool.processes.append(process)
            pool.connections.append(ours)
        if previous is not None:
            # A stop signal held meanwhile is raised here, where the workers are stopped.
            signal.pthread_sigmask(signal.SIG_SETMASK, previous)
            previous = None
        yield pool
        gently = True
    finally:
        # A second stop signal (Ctrl-C pressed again) is held until every worker is reaped.
        if masked and previous is None:
            previous = signal.pthread_sigmask(signal.SIG_BLOCK, stop_signals())
        try:
            pool.stop(gently)
        finally:
            if previous is not None:
                signal.pthread_sigmask(signal.SIG_SETMASK, previous)
