"""Running the server until SIGINT, SIGTERM or SIGHUP, in one process or pre-forked, and
stopping it gracefully.

A stop signal never raises inside the server: its handler only sets a flag and writes a
byte to a pipe that the accept loop watches, so it cannot land in the middle of starting
a thread or of closing a file. The loop then stops (Server.stop(): no new connections,
idle ones closed, requests in flight given their grace period), the dictionaries are
closed once no request can still be reading them, and the exit code is 0.

With ``workers`` > 1 the parent binds the socket and opens the dictionary, then forks the
workers: each serves the one listening socket (the kernel hands each connection to one of
them) with the mapped dictionary it inherited, so they share its pages through the page
cache. The parent blocks SIGINT, SIGTERM and SIGCHLD and takes them one at a time with
sigwait(), so its bookkeeping of workers is never interrupted: a worker that dies is
reported, and a stop signal is passed on to every worker left, then each is reaped. A
worker exits 0 only when a stop signal reached it, so a worker that ends that way is
taken as the stop it is (a signal to the whole process group, as Ctrl-C in a terminal or
a service manager sends, reaches the workers as early as the parent, and any of them may
end first): never reported, never counted as lost. The parent forks before it starts any
thread (none runs before the first request), so no worker inherits another thread's lock.
"""

from __future__ import annotations

import os
import selectors
import signal
import sys
import time
from collections.abc import Callable

from .defaults import Options
from .game_routes import WORKERS_MESSAGE, loaded_games, served_by
from .server import Server, make_server, url_of

STOP_SIGNALS = tuple(
    getattr(signal, name) for name in ("SIGTERM", "SIGINT", "SIGHUP") if hasattr(signal, name)
)
M_ARENA_MAX = -8  # glibc's malloc.h
LOOK_SECONDS = 1.0  # the accept loop looks at the stop flag at least this often


class StopFlag:
    """Set by a stop signal; the accept loop watches its pipe."""

    def __init__(self) -> None:
        self.read, self.write = os.pipe()
        os.set_blocking(self.write, False)
        self.set = False

    def __call__(self, signum: int, frame: object) -> None:
        self.set = True
        if self.write < 0:  # closed: the server has stopped already
            return
        try:
            os.write(self.write, b"!")
        except BlockingIOError:  # the pipe is full of earlier signals: awake already
            pass

    def install(self) -> None:
        for signum in STOP_SIGNALS:
            signal.signal(signum, self)

    def close(self) -> None:
        """Close the pipe; a signal from now on only sets the flag (its descriptors may
        already be another file's)."""
        write, self.write = self.write, -1
        os.close(self.read)
        os.close(write)


def run(server: Server, flag: StopFlag, release: Callable[[], object] | None = None) -> bool:
    """Accept connections until *flag* is set, then stop gracefully. True when every
    request finished in time (see Server.stop()). Every LOOK_SECONDS it removes the rooms
    whose time is up (game_http.Games.sweep) and, once requests have been answered and
    none is being answered (Server.quiet()), gives back the pages of the files they read
    (Solvers.release_pages) and, with *release* (by default memory_releaser()'s), the
    memory they freed."""
    release = memory_releaser() if release is None else release
    server.socket.setblocking(False)  # every worker is woken; those that lose the race wait on
    look_at = time.monotonic() + LOOK_SECONDS
    with selectors.DefaultSelector() as selector:
        selector.register(server.socket, selectors.EVENT_READ)
        selector.register(flag.read, selectors.EVENT_READ)
        while not flag.set:
            # A timeout as well as the pipe: a flag set by a handler that could not write
            # its byte (out of memory) is still seen within LOOK_SECONDS.
            for key, _ in selector.select(LOOK_SECONDS):
                if key.fileobj is server.socket and not flag.set:
                    accept(server)
            if time.monotonic() >= look_at:
                look_at = time.monotonic() + LOOK_SECONDS
                games = loaded_games(server.solvers)
                if games is not None:
                    games.sweep()
                if server.quiet():
                    server.solvers.release_pages()
                    release()
    return server.stop()


def accept(server: Server) -> None:
    """Take one connection from the listening socket and start answering it."""
    try:
        connection, address = server.get_request()
    except OSError:  # another worker took it, or the client gave up meanwhile
        return
    server.process_request(connection, address)


def finish(server: Server, finished: bool) -> None:
    """Close the dictionaries, unless a request may still be reading them (then the
    process's exit unmaps them)."""
    if finished:
        server.solvers.close()
    else:
        print(
            f"anagramdb: warning: {server.open_connections()} request(s) still running "
            f"after {server.options.grace_seconds:g} s; stopped without them",
            file=sys.stderr,
        )
    server.server_close()


def one_malloc_arena() -> None:
    """Ask glibc's malloc for one arena in this process (mallopt M_ARENA_MAX).

    By default each thread that allocates may get an arena of its own, up to 8 a core, and
    each reserves 64 MiB of address space: a server with a thread a connection then fails
    with MemoryError under a limit of 256 MiB (RLIMIT_AS) while it needs 30 MiB, and holds
    memory freed in one arena that the others cannot use. The GIL lets one thread run
    Python at a time, so a shared arena costs nothing here. Elsewhere (musl, macOS) this
    does nothing."""
    import ctypes

    try:
        ctypes.CDLL(None).mallopt(M_ARENA_MAX, 1)
    except (OSError, AttributeError):
        pass


def memory_releaser() -> Callable[[], object]:
    """A function that gives the memory malloc holds free back to the system: glibc's
    malloc_trim(0), which returns every free page of the heap, not only its top (madvise).

    Requests and rooms free most of what they allocate, but freed chunks between live ones
    stay in the process: after 8 rooms of 4 had played, 16 MiB of a worker's 53 was free
    in malloc and malloc_trim gave 12 of it back (measured; docs/PERFORMANCE.md). Called
    when the server is quiet (run()), it costs a walk of the free chunks, well under a
    millisecond. Elsewhere (musl, macOS) it does nothing."""
    import ctypes

    try:
        trim = ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError):
        return lambda: None
    trim.argtypes = [ctypes.c_size_t]
    return lambda: trim(0)


def serve(options: Options, ready: Callable[[str], None] | None = None) -> int:
    """Serve *options* until stopped; return the exit code (0). *ready* gets the URL once
    the socket listens. With several workers the parent forks them after binding, each
    serves the one socket with the dictionary it inherited, and the parent waits."""
    one_malloc_arena()
    flag = StopFlag()
    flag.install()  # before the URL is shown: a signal from then on stops us cleanly
    try:
        server = make_server(options)
        if ready is not None:
            ready(url_of(server))
        if options.workers <= 1:
            finish(server, run(server, flag))
            return 0
        served_by(server.solvers, options.workers)  # rooms live in one process
        if not options.quiet:  # the players are told only that games are not available
            print(f"anagramdb: note: {WORKERS_MESSAGE.format(options.workers)}", file=sys.stderr)
        return parent(server, options.workers, flag)
    finally:
        flag.close()


def parent(server: Server, workers: int, flag: StopFlag) -> int:
    """Fork *workers*, report any that dies, pass a stop signal on; the exit code: 0, or 1
    when every worker died before a stop signal, or one failed (exit code 1) stopping."""
    watched = {*STOP_SIGNALS, signal.SIGCHLD}
    old_mask = signal.pthread_sigmask(signal.SIG_BLOCK, watched)
    children: set[int] = set()
    lost = failed = 0
    stop = flag.set  # a signal before the block: stop at once
    try:
        for _ in range(workers):
            if stop:
                break
            pid = os.fork()
            if pid == 0:
                os._exit(worker(server, flag, old_mask))
            children.add(pid)
        server.socket.close()  # the workers hold it: once they stop, nobody accepts
        while children and not stop:
            if signal.sigwait(watched) != signal.SIGCHLD:
                break  # the workers that ended meanwhile are reaped below, stopped too
            ended = reap(children, block=False)
            for place, (pid, status) in enumerate(ended, 1):
                if os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0:
                    stop = True  # a stop signal reached it: the stop of the whole server
                    continue
                lost += 1
                print(
                    f"anagramdb: warning: worker {pid} stopped "
                    f"({describe(status)}); {len(children) + len(ended) - place} left",
                    file=sys.stderr,
                )
        for pid in children:
            try:
                os.kill(pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
        for pid, status in reap(children, block=True):
            if os.WIFSIGNALED(status):  # killed from outside, not stopped by us
                print(f"anagramdb: warning: worker {pid} {describe(status)}", file=sys.stderr)
            failed += os.WIFEXITED(status) and os.WEXITSTATUS(status) != 0
    finally:
        server.server_close()
        server.solvers.close()
        signal.pthread_sigmask(signal.SIG_SETMASK, old_mask)
    return 1 if lost == workers or failed else 0


def reap(children: set[int], block: bool) -> list[tuple[int, int]]:
    """(pid, wait status) of each child of *children* that has ended, taken out of the set:
    those ended now, or (*block*) all of them, waiting."""
    ended = []
    for pid in sorted(children):
        try:
            done, status = os.waitpid(pid, 0 if block else os.WNOHANG)
        except ChildProcessError:  # reaped already: nothing to wait for
            done, status = pid, 0
        if done:
            children.discard(pid)
            ended.append((pid, status))
    return ended


def describe(status: int) -> str:
    if os.WIFSIGNALED(status):
        return f"killed by signal {os.WTERMSIG(status)}"
    return f"exit code {os.waitstatus_to_exitcode(status)}"


def worker(server: Server, inherited: StopFlag, mask: set[signal.Signals | int]) -> int:
    """A forked worker's life: serve until stopped; its exit code. It has a stop flag of
    its own (the parent's pipe is shared by every worker), then takes the signals that
    the parent blocked (*mask*: the mask before), a pending one included."""
    try:
        inherited.close()
        flag = StopFlag()
        flag.install()
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        finish(server, run(server, flag))
    except BaseException as error:
        print(
            f"anagramdb: error: worker {os.getpid()}: {type(error).__name__}: {error}",
            file=sys.stderr,
        )
        return 1
    return 0
