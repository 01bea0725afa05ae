"""A command run as a user would run it, its address space limited (code reading without a
bound fails with a MemoryError instead of taking the machine's memory) and its peak
resident memory measured; and how much of a mapped file is resident in this process."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys

import pytest

from anagramdb.mapped import RELEASE_PAGES

MIB = 1024 * 1024
ADDRESS_SPACE = 1024 * MIB  # far above what any of these needs; old code went to 3-4 GB
SMALL = 64 * MIB  # the peak of a command that refuses its input at once

# Runs the command given as its arguments under the limit, then prints its exit code and
# peak RSS (KiB) on its own last stdout line.
MEASURE = f"""
import resource, subprocess, sys
limit = {ADDRESS_SPACE}
child = subprocess.run(
    sys.argv[1:],
    preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS, (limit, limit)),
)
print("\\nMEASURED", child.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
"""


def measured(command: str, cwd: str, timeout: float = 120) -> tuple[int, int, str, str]:
    """(exit code, peak KiB, stdout, stderr) of a bash *command* in which ``anagramdb``
    runs this work tree's command line."""
    anagramdb = f"{shlex.quote(sys.executable)} -m anagramdb"
    script = command.replace("anagramdb", anagramdb, 1)
    result = subprocess.run(
        [sys.executable, "-c", MEASURE, "bash", "-c", script],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    out, _, last = result.stdout.rpartition("\nMEASURED ")
    code, peak = map(int, last.split())
    return code, peak, out, result.stderr


def mapped_rss(path: str | os.PathLike[str]) -> int:
    """Bytes of *path*'s mappings resident in this process (Linux's /proc/self/smaps)."""
    name = os.fspath(path)
    resident, inside = 0, False
    with open("/proc/self/smaps", encoding="utf-8", errors="replace") as handle:
        for line in handle:
            fields = line.split()
            if "-" in fields[0] and not fields[0].endswith(":"):  # a mapping's first line
                inside = len(fields) > 5 and " ".join(fields[5:]) == name
            elif inside and fields[0] == "Rss:":
                resident += int(fields[1]) * 1024
    return resident


# A test of what a mapping keeps resident: it reads /proc/self/smaps and releases pages.
needs_smaps_and_madvise = pytest.mark.skipif(
    not os.path.exists("/proc/self/smaps") or RELEASE_PAGES is None,
    reason="needs Linux's /proc/self/smaps and madvise(MADV_DONTNEED)",
)
