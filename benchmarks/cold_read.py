"""Bytes one cold lookup reads from disk, anagramdb against SQLite, from a cold page cache.

    python benchmarks/cold_read.py [--racks N] [--quick]

For each packaged list (common, full, huge) and, when Debian's word lists are installed,
the merged 2.8M-word list (with stored keys, as compare_batch.py builds it): the files of
the dictionary (dictionary, index, stored keys) and of its SQLite twin are dropped from
the page cache (fsync, then ``posix_fadvise(DONTNEED)``, checked with ``fincore``); one
``anagramdb letters RACK`` process runs (the installed script), then one SQLite script
(cold_sqlite.py) answering the same; after each, ``fincore`` counts the bytes of each
file now resident: what the kernel read for the lookup, read-ahead included. "needed" is
the pages the lookup itself reads, counted in this process by a Dictionary that records
the byte ranges it reads (index and stored keys by ``pread``, blocks of the mapping).
Figures are medians over the racks (``gyroscope`` and drawn ones); run it as root or as
the files' owner, on an otherwise idle file (another process mapping a file keeps its
pages in the cache). Linux only (fincore, posix_fadvise).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PAGE = os.sysconf("SC_PAGE_SIZE")
# The installed anagramdb answers every question here, as its command does: this script
# runs itself in Python's isolated mode (-I: no source tree on sys.path) for them. Given
# the source tree's data files by path, the installed command would rewrite their index.
INSTALLED = [sys.executable, "-I", os.path.abspath(__file__)]


def files_of(path: str) -> list[str]:
    """The files a lookup in the dictionary *path* may read."""
    return [name for name in (path, path + ".idx", path + ".keys") if os.path.exists(name)]


def drop(paths: list[str]) -> None:
    """Drop *paths* from the page cache (clean pages only, hence the fsync first)."""
    for path in paths:
        fd = os.open(path, os.O_RDONLY)
        try:
            os.fsync(fd)
            os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
        finally:
            os.close(fd)


def resident(paths: list[str]) -> int:
    """Bytes of *paths* in the page cache now, from fincore."""
    out = subprocess.run(
        ["fincore", "--bytes", "--noheadings", "--raw", "--output", "RES", *paths],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return sum(int(line) for line in out.split())


def cold_bytes(command: list[str], paths: list[str]) -> int:
    """Bytes of *paths* read into the page cache by one run of *command*, from cold."""
    drop(paths)
    left = resident(paths)
    if left:
        raise SystemExit(f"cannot drop {paths} from the page cache ({left} bytes stay)")
    subprocess.run(command, capture_output=True, check=True)
    return resident(paths)


def needed_bytes(path: str, rack: str) -> int:
    """Bytes of the pages a fresh Dictionary reads to answer *rack*, counted in process:
    its preads (index, stored keys), and the blocks its walks reach (their memos)."""
    from anagramdb import Dictionary
    from anagramdb.countdown.letters import solve_letters

    pages: set[tuple[str, int]] = set()
    names: dict[int, str] = {}
    real_pread, real_preadv = os.pread, os.preadv

    def note(name: str, start: int, length: int) -> None:
        last = (start + length - 1) // PAGE
        pages.update((name, page) for page in range(start // PAGE, last + 1))

    def pread(fd: int, length: int, offset: int) -> bytes:
        data = real_pread(fd, length, offset)
        if data:
            note(names.setdefault(fd, os.readlink(f"/proc/self/fd/{fd}")), offset, len(data))
        return data

    def preadv(fd: int, buffers: list[bytearray], offset: int) -> int:
        count = real_preadv(fd, buffers, offset)
        if count:
            note(names.setdefault(fd, os.readlink(f"/proc/self/fd/{fd}")), offset, count)
        return count

    memos: list[dict[int, object]] = []

    class Recording(Dictionary):
        """A Dictionary that keeps the memo of each walk: the blocks it reached."""

        def find_keys(self, keys, memo=None):  # type: ignore[no-untyped-def]
            memo = {} if memo is None else memo
            memos.append(memo)
            return super().find_keys(keys, memo)

    os.pread, os.preadv = pread, preadv  # type: ignore[assignment]
    try:
        with Recording(path) as dictionary:
            solve_letters(dictionary, rack)
            blocks = {number for memo in memos for number in memo if number >= 0}
            for number in blocks:  # the block, and the byte before it that is checked
                start, end = dictionary.index.offsets(number, number + 2)
                note(path, max(start - 1, 0), end - max(start - 1, 0))
    finally:
        os.pread, os.preadv = real_pread, real_preadv  # type: ignore[assignment]
    return len(pages) * PAGE


def row(label: str, path: str, database: str, racks: list[str], script: str) -> dict[str, float]:
    """One list's medians: anagramdb's bytes read, the pages it needs, SQLite's bytes read."""
    ours, needed, peer = [], [], []
    for rack in racks:
        ours.append(cold_bytes([script, "--dict", path, "letters", rack], files_of(path)))
        peer.append(
            cold_bytes(
                [sys.executable, os.path.join(HERE, "cold_sqlite.py"), database, rack], [database]
            )
        )
        answer = subprocess.run(
            [*INSTALLED, "--needed", path, rack], capture_output=True, text=True, check=True
        )
        needed.append(int(answer.stdout))
    figures = {
        "anagramdb_kib": statistics.median(ours) / 1024,
        "needed_kib": statistics.median(needed) / 1024,
        "sqlite_kib": statistics.median(peer) / 1024,
    }
    figures["pages"] = figures["anagramdb_kib"] * 1024 / PAGE
    print(
        f"  {label:<22}{figures['anagramdb_kib']:>12.0f}{figures['pages']:>8.0f}"
        f"{figures['needed_kib']:>12.0f}{figures['sqlite_kib']:>12.0f}"
        f"{figures['anagramdb_kib'] / figures['sqlite_kib']:>8.2f}"
    )
    return figures


def main() -> int:
    if sys.argv[1:2] == ["--needed"]:  # run by INSTALLED
        print(needed_bytes(sys.argv[2], sys.argv[3]))
        return 0
    if sys.argv[1:2] == ["--lists"]:  # run by INSTALLED
        from anagramdb.packaged import PACKAGED, data_path

        print("\n".join(f"{name}\t{data_path(file)}" for name, file in PACKAGED.items()))
        return 0
    sys.path.insert(0, os.path.dirname(HERE))
    from anagramdb.countdown.draw import draw_letters

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--racks", type=int, default=5, help="gyroscope and N-1 drawn racks")
    parser.add_argument("--quick", action="store_true", help="one rack, packaged lists only")
    args = parser.parse_args()
    from benchmarks.compare_batch import merged_dictionary
    from benchmarks.contenders import build_sqlite
    from benchmarks.support import DATA, anagramdb_script

    script = anagramdb_script()
    count = 1 if args.quick else args.racks
    racks = ["gyroscope"] + [draw_letters(seed=seed).letters.lower() for seed in range(count - 1)]
    os.makedirs(DATA, exist_ok=True)
    listed = subprocess.run([*INSTALLED, "--lists"], capture_output=True, text=True, check=True)
    lists = dict(line.split("\t") for line in listed.stdout.splitlines())
    databases = {}
    for name, path in lists.items():
        databases[name] = os.path.join(DATA, f"{name}.sqlite")
        if not os.path.exists(databases[name]):
            build_sqlite(path, databases[name])
    if not args.quick:
        merged = merged_dictionary(DATA)
        if merged is None:
            print(
                "skipped the 2.8M-word list: install the word lists tools/merged_wordlist.py names"
            )
        else:
            lists["merged 2.8M"], databases["merged 2.8M"] = merged
    print(f"cold lookup (letters RACK), bytes read from a cold page cache, median of {count} racks")
    print(
        f"  {'list':<22}{'read KiB':>12}{'pages':>8}{'needed KiB':>12}{'sqlite KiB':>12}"
        f"{'ratio':>8}"
    )
    for name, path in lists.items():
        row(name, path, databases[name], racks, script)
    return 0


if __name__ == "__main__":
    sys.exit(main())
