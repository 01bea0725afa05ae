"""The CPU time of ``anagramdb numbers stats``: every process it starts counted.

    nice -n 10 python benchmarks/numbers_stats_cpu.py [--jobs N] [--runs 3]
        [--targets 101-999] [--source DIR]...

Each run is ``python -m anagramdb numbers stats --json --jobs N`` (N = 0, the default:
without ``--jobs``, one worker a core). Its workers are children of multiprocessing's fork server,
not of the command, so this process makes itself their "subreaper" (Linux
``PR_SET_CHILD_SUBREAPER``): every process the command starts is reaped here, the fork
server's and the resource tracker's included, and the user+sys time of all of them is
the difference of ``getrusage(RUSAGE_CHILDREN)`` across the run. The peak RSS is the
command's own process (its workers' are their own). Runs are interleaved (a round is one
run of each source); the table gives medians. Each ``--source`` runs the package found
in DIR instead of the installed one (``git archive`` of an older commit, for before and
after); every source's JSON report must be the same, byte for byte. The aim (issue 32):
at most 10 s of CPU for the whole default statistics.
"""

from __future__ import annotations

import argparse
import ctypes
import os
import resource
import statistics
import subprocess
import sys
import tempfile

PR_SET_CHILD_SUBREAPER = 36


def become_subreaper() -> None:
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
        raise SystemExit("this needs Linux's PR_SET_CHILD_SUBREAPER")


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_once(source: str | None, arguments: list[str]) -> tuple[float, int, bytes]:
    """(CPU seconds of every process of the run, the command's peak RSS in KiB, stdout)."""
    environment = dict(os.environ)
    if source is not None:
        environment["PYTHONPATH"] = os.path.abspath(source)
    before = children_cpu()
    with tempfile.TemporaryDirectory() as scratch:
        process = subprocess.Popen(
            [sys.executable, "-m", "anagramdb", "numbers", "stats", "--json", *arguments],
            stdout=subprocess.PIPE,
            cwd=scratch,
            env=environment,
        )
        assert process.stdout is not None
        output = process.stdout.read()
        _, status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(status)
        if process.returncode != 0:
            raise SystemExit(f"numbers stats failed (exit {process.returncode})")
        while True:  # the orphaned fork server and resource tracker, once they end
            try:
                os.wait()
            except ChildProcessError:
                break
    return children_cpu() - before, usage.ru_maxrss, output


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--jobs", type=int, default=0)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--targets", default="101-999")
    parser.add_argument("--source", action="append", default=[])
    options = parser.parse_args()
    become_subreaper()
    sources: list[str | None] = list(options.source) or [None]
    arguments = ["--targets", options.targets] + (
        ["--jobs", str(options.jobs)] if options.jobs else []
    )
    cpu: dict[str | None, list[float]] = {source: [] for source in sources}
    peaks: dict[str | None, list[int]] = {source: [] for source in sources}
    reports: set[bytes] = set()
    for _ in range(options.runs):
        for source in sources:
            seconds, peak, output = run_once(source, arguments)
            cpu[source].append(seconds)
            peaks[source].append(peak)
            reports.add(output)
    print(
        f"numbers stats --jobs {options.jobs} --targets {options.targets}: "
        f"medians of {options.runs} interleaved runs, every process counted"
    )
    print(f"{'source':<40} {'CPU s':>8} {'peak MiB':>9}  runs (CPU s)")
    for source in sources:
        runs = " ".join(f"{s:.2f}" for s in cpu[source])
        peak = statistics.median(peaks[source]) / 1024
        median = statistics.median(cpu[source])
        print(f"{source or 'installed':<40} {median:>8.2f} {peak:>9.1f}  {runs}")
    print("reports identical" if len(reports) == 1 else "REPORTS DIFFER")
    if len(reports) != 1:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
