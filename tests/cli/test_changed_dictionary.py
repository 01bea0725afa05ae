"""A `letters -` batch whose dictionary changes under it (docs/RELIABILITY.md, "Files
changed while open"): rewritten in place between racks, rebuilt, then left truncated.
No signal ever ends it; every answer is right; the last change is one line and exit 1."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

from anagramdb.builder import build
from anagramdb.packaged import packaged_path

from ..support.dictionaries import make_dictionary, write_list

RACKS = ["retsinalo", "aeioustrn", "pleasured", "cnaotrsie", "mdgelaoti"]
WAIT = 30  # seconds a condition may take on a loaded machine


def user_dictionary(directory: Path, step: int, name: str) -> str:
    """A user's dictionary of every *step*-th packaged word (tens of pages: a truncation
    cuts through pages the batch has read)."""
    with open(packaged_path("full"), encoding="utf-8") as handle:
        words = handle.read().split("\n")[:-1:step]
    source = write_list(directory / f"{name}.list", words)
    path = str(directory / name)
    build([source], path)
    return path


def answers(path: str, racks: list[str]) -> dict[str, str]:
    """Each rack's JSON line from a batch on a copy of *path* nobody changes."""
    copy = path + ".copy"
    shutil.copyfile(path, copy)
    result = subprocess.run(
        [sys.executable, "-m", "anagramdb", "letters", "-", "--json", "--dict", copy],
        input="\n".join(racks) + "\n",
        capture_output=True,
        text=True,
        check=True,
    )
    for suffix in ("", ".idx"):
        os.unlink(copy + suffix)
    return dict(zip(racks, result.stdout.splitlines(), strict=True))


def rewrite_in_place(path: str, data: bytes, cut: int) -> None:
    """Cut *path* to *cut* bytes, then write *data* back into the same file."""
    with open(path, "r+b") as handle:
        handle.truncate(cut)
        handle.flush()
        handle.seek(0)
        handle.write(data)


def test_a_letters_batch_outlives_its_dictionary_changed_in_place(tmp_path):
    path = user_dictionary(tmp_path, 7, "words.txt")
    data = Path(path).read_bytes()
    before = answers(path, RACKS)
    with subprocess.Popen(
        [sys.executable, "-m", "anagramdb", "letters", "-", "--json", "--dict", path],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    ) as batch:
        rest, error, size = run_batch(batch, path, data, before, tmp_path)
    # --json: the error is the rack's record, as any bad line's; nothing after it.
    [line] = rest.splitlines()
    record = json.loads(line)
    assert record["rack"] == RACKS[0] and error == ""
    assert record["error"] == (
        f"dictionary {path} changed while in use: {size:,} bytes when opened, 100 now; "
        "write a new file and rename it over this one instead (anagramdb build does)"
    )


def run_batch(
    batch: subprocess.Popen[str], path: str, data: bytes, before: dict[str, str], tmp_path: Path
) -> tuple[str, str, int]:
    """Drive *batch* through the changes; its output after the last, and the rebuilt
    file's size."""
    assert batch.stdin is not None and batch.stdout is not None and batch.stderr is not None

    def ask(rack: str) -> str:
        batch.stdin.write(rack + "\n")  # type: ignore[union-attr]
        batch.stdin.flush()  # type: ignore[union-attr]
        return batch.stdout.readline().rstrip("\n")  # type: ignore[union-attr]

    try:
        for change in range(20):
            for rack in RACKS:
                assert ask(rack) == before[rack], change
            rewrite_in_place(path, data, cut=(change * len(data)) // 20)
        for rack in RACKS:
            assert ask(rack) == before[rack]
        # A rebuild (a new file renamed over the old one) is answered from, without a restart.
        rebuilt = user_dictionary(tmp_path, 5, "rebuilt.txt")
        after = answers(rebuilt, RACKS)
        changed = next(rack for rack in RACKS if after[rack] != before[rack])
        size = os.path.getsize(rebuilt)
        os.replace(rebuilt, path)
        os.replace(rebuilt + ".idx", path + ".idx")
        deadline = time.monotonic() + WAIT
        while (answer := ask(changed)) != after[changed]:
            assert answer == before[changed] and time.monotonic() < deadline
        for rack in RACKS:
            assert ask(rack) == after[rack]
        # Left cut short: the batch says so in one line and stops, exit 1.
        with open(path, "r+b") as handle:
            handle.truncate(100)
        with contextlib.suppress(BrokenPipeError):  # it may stop before reading them all
            batch.stdin.write("\n".join(RACKS) + "\n")
            batch.stdin.close()
        rest = batch.stdout.read()
        error = batch.stderr.read()
        assert batch.wait(WAIT) == 1
    finally:
        if batch.poll() is None:
            batch.kill()
            batch.wait()
    return rest, error, size


def test_an_anagrams_batch_stops_with_one_line_when_its_dictionary_is_cut_short(tmp_path):
    """In text mode the error is one stderr line; the answers before it stand."""
    path = make_dictionary(tmp_path, ["enlist", "listen", "silent", "notes", "stone"])
    with subprocess.Popen(
        [sys.executable, "-m", "anagramdb", "anagrams", "-", "--dict", path],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    ) as batch:
        assert batch.stdin is not None and batch.stdout is not None
        batch.stdin.write("tinsel\n")
        batch.stdin.flush()
        first = batch.stdout.readline()
        size = os.path.getsize(path)
        with open(path, "r+b") as handle:
            handle.truncate(7)
        out, err = batch.communicate("notes\nsilent\n", timeout=WAIT)
    assert first == "tinsel: enlist listen silent\n" and out == ""
    assert batch.returncode == 1
    assert err == (
        f"anagramdb: error: dictionary {path} changed while in use: {size:,} bytes when "
        "opened, 7 now; write a new file and rename it over this one instead (anagramdb "
        "build does)\n"
    )
