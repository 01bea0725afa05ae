"""Atomic replacement: the target is the old file or the new one; leftovers of dead
writers are removed and nothing of a live writer's (os.kill mocked where needed)."""

from __future__ import annotations

import errno
import os
import stat

import pytest

from anagramdb import atomic
from anagramdb.atomic import (
    TEMP_MARK,
    atomic_writer,
    check_output,
    fsync_directory,
    probe_directory,
    remove_leftovers,
    temp_prefix,
)
from anagramdb.errors import OutputRefusedError, StorageError

from ..support.waiting import asleep, wait_until


def leftover(directory, name: str, pid: object, tail: str = "abcd1234") -> str:
    entry = f".{name}{TEMP_MARK}{pid}-{tail}"
    (directory / entry).write_bytes(b"partial")
    return entry


def test_only_dead_writers_leftovers_are_removed(tmp_path, monkeypatch):
    alive, dead, foreign = 1111, 2222, 3333

    def kill(pid: int, signal: int) -> None:
        assert signal == 0  # only ever asks whether the process exists
        if pid == dead:
            raise ProcessLookupError(errno.ESRCH, "No such process")
        if pid == foreign:
            raise PermissionError(
                errno.EPERM, "Operation not permitted"
            )  # another user's live process

    monkeypatch.setattr(os, "kill", kill)
    keep = [
        leftover(tmp_path, "words.txt", alive),
        leftover(tmp_path, "words.txt", foreign),
        leftover(tmp_path, "words.txt", "notapid"),
    ]
    keep.append(
        leftover(tmp_path, "other.txt", dead)
    )  # another file's temporaries are not ours to judge
    (tmp_path / "words.txt").write_bytes(b"the target\n")
    gone = leftover(tmp_path, "words.txt", dead)
    dashed = leftover(tmp_path, "words.txt", dead, "ab-cd")  # the PID ends at the first "-"
    assert sorted(remove_leftovers(str(tmp_path), "words.txt")) == sorted([gone, dashed])
    assert sorted(os.listdir(tmp_path)) == sorted([*keep, "words.txt"])
    assert remove_leftovers(str(tmp_path / "missing"), "words.txt") == []


def test_a_leftover_that_cannot_be_removed_is_skipped(tmp_path, monkeypatch):
    monkeypatch.setattr(os, "kill", lambda pid, signal: (_ for _ in ()).throw(ProcessLookupError()))
    first, second = leftover(tmp_path, "w", 5, "a"), leftover(tmp_path, "w", 6, "b")
    real_unlink = os.unlink

    def unlink(path, *args, **kwargs):
        if os.path.basename(path) == first:
            raise PermissionError(errno.EACCES, "Permission denied")
        return real_unlink(path, *args, **kwargs)

    monkeypatch.setattr(os, "unlink", unlink)
    assert remove_leftovers(str(tmp_path), "w") == [second]


def test_the_writer_replaces_atomically_and_cleans_up(tmp_path):
    target = tmp_path / "out.bin"
    target.write_bytes(b"old")
    with atomic_writer(str(target)) as handle:
        handle.write(b"new")
        assert target.read_bytes() == b"old"  # not touched until the block ends
        temporaries = [e for e in os.listdir(tmp_path) if e.startswith(temp_prefix("out.bin"))]
        assert len(temporaries) == 1
    assert target.read_bytes() == b"new" and os.listdir(tmp_path) == ["out.bin"]
    assert stat.S_IMODE(os.stat(target).st_mode) == 0o644
    with pytest.raises(RuntimeError), atomic_writer(str(target)) as handle:
        handle.write(b"half")
        raise RuntimeError("the writer failed")
    assert target.read_bytes() == b"new" and os.listdir(tmp_path) == ["out.bin"]


def test_os_errors_become_storage_errors_naming_the_file(tmp_path, monkeypatch):
    target = tmp_path / "out.bin"
    with pytest.raises(StorageError, match=rf"^cannot write {target}: No space left on device$"):
        with atomic_writer(str(target)) as handle:
            handle.write(b"x")
            raise OSError(errno.ENOSPC, "No space left on device")
    assert os.listdir(tmp_path) == []
    with pytest.raises(StorageError, match=r"^cannot write .*: No such file or directory$"):
        with atomic_writer(str(tmp_path / "missing" / "out.bin")):
            pass
    real_replace = os.replace
    monkeypatch.setattr(
        os,
        "replace",
        lambda a, b: (_ for _ in ()).throw(OSError(errno.EXDEV, "Invalid cross-device link")),
    )
    with (
        pytest.raises(StorageError, match=r"Invalid cross-device link$"),
        atomic_writer(str(target)) as handle,
    ):
        handle.write(b"x")
    monkeypatch.setattr(os, "replace", real_replace)
    assert os.listdir(tmp_path) == []


def test_fsync_directory_tolerates_what_it_cannot_open(tmp_path, monkeypatch):
    fsync_directory(str(tmp_path / "missing"))  # no error
    calls = []
    monkeypatch.setattr(
        os,
        "fsync",
        lambda fd: (
            calls.append(fd) or (_ for _ in ()).throw(OSError(errno.EINVAL, "Invalid argument"))
        ),
    )
    fsync_directory(str(tmp_path))
    assert len(calls) == 1


def test_checkpoints_pause_only_for_their_own_step_and_file(tmp_path, monkeypatch):
    monkeypatch.setenv(atomic.PAUSE_VARIABLE, "written other.bin")
    with atomic_writer(str(tmp_path / "out.bin")) as handle:  # another file: no pause
        handle.write(b"x")
    monkeypatch.setenv(atomic.PAUSE_VARIABLE, "never out.bin")
    atomic.checkpoint("written", str(tmp_path / "out.bin"))  # another step: no pause
    assert (tmp_path / "out.bin").read_bytes() == b"x"


def test_a_checkpoint_waits_to_be_killed(tmp_path):
    """The crash tests rely on it: at its step, a writer says so and stops there."""
    import subprocess
    import sys

    target = tmp_path / "out.bin"
    code = (
        "from anagramdb.atomic import atomic_writer\n"
        f"with atomic_writer({str(target)!r}) as handle:\n"
        "    handle.write(b'x')\n"
    )
    env = {**os.environ, atomic.PAUSE_VARIABLE: "written out.bin"}
    with subprocess.Popen(
        [sys.executable, "-c", code], env=env, stderr=subprocess.PIPE, text=True
    ) as child:
        try:
            assert (
                child.stderr is not None
                and child.stderr.readline() == "anagramdb: paused at written out.bin\n"
            )
            # Asleep after saying so: in the checkpoint's endless sleep, which only a kill ends.
            wait_until(lambda: asleep(child.pid), "the paused writer to sleep")
            assert child.poll() is None and not target.exists()  # still waiting, nothing replaced
        finally:
            child.kill()
            child.wait()
    assert not target.exists()
    remove_leftovers(str(tmp_path), "out.bin")  # the killed writer's temporary goes
    assert os.listdir(tmp_path) == []


def test_check_output_writes_through_links_and_refuses_by_default(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert check_output("new.txt") == "new.txt"  # a plain path is kept as given
    (tmp_path / "real.txt").write_text("someone's notes\n")
    os.symlink("real.txt", "link.txt")
    assert check_output("link.txt") == os.path.realpath(
        "real.txt"
    )  # the link is kept, its target written
    assert check_output("real.txt") == "real.txt"

    def not_ours(target: str) -> str:
        return "not written by anagramdb"

    with pytest.raises(
        OutputRefusedError,
        match=r"^real.txt exists and is not a dictionary \(not written by anagramdb\)",
    ):
        check_output("real.txt", not_ours, "a dictionary")  # force defaults to False
    assert check_output("real.txt", not_ours, "a dictionary", force=True) == "real.txt"


def test_a_checkpoint_says_where_it_paused_and_waits(tmp_path, monkeypatch, capsys):
    """In process (the crash tests kill a child there): at its own step and file, a writer
    says so on stderr and waits for signals until one kills it, here the third wait."""

    class Killed(Exception):
        pass

    waits: list[None] = []

    def pause() -> None:
        waits.append(None)  # a signal handled (SIGWINCH, say) ends one wait, not the pause
        if len(waits) == 3:
            raise Killed

    monkeypatch.setattr("signal.pause", pause)
    monkeypatch.setenv(atomic.PAUSE_VARIABLE, "written out.bin")
    with pytest.raises(Killed), atomic_writer(str(tmp_path / "out.bin")) as handle:
        handle.write(b"x")
    assert capsys.readouterr() == ("", "anagramdb: paused at written out.bin\n")
    assert len(waits) == 3
    assert os.listdir(tmp_path) == []  # nothing replaced, the temporary removed


def test_probe_directory_leaves_nothing_and_names_what_fails(tmp_path):
    log = tmp_path / "games.log"
    probe_directory(str(log))
    assert os.listdir(tmp_path) == []
    missing = tmp_path / "missing" / "games.log"
    with pytest.raises(StorageError) as caught:
        probe_directory(str(missing))
    assert str(caught.value) == f"cannot write {missing}: No such file or directory"


def test_a_probe_is_a_temporary_the_next_writer_would_remove(tmp_path, monkeypatch):
    """While it exists, the probe is named as this process's temporary files for that
    name are: a probe whose process was killed there is a leftover like any other."""
    log = tmp_path / "games.log"
    seen: list[list[str]] = []
    close = os.close

    def looking(fd: int) -> None:
        seen.append(os.listdir(tmp_path))
        close(fd)

    monkeypatch.setattr(os, "close", looking)
    probe_directory(str(log))
    monkeypatch.undo()
    assert len(seen) == 1 and len(seen[0]) == 1
    assert seen[0][0].startswith(temp_prefix("games.log"))
    (tmp_path / seen[0][0]).write_bytes(b"")  # as a probe killed before its removal left it
    monkeypatch.setattr(atomic, "_alive", lambda pid: False)  # its process gone
    assert remove_leftovers(str(tmp_path), "games.log") == seen[0]


def test_an_empty_output_name_is_refused_by_name(tmp_path):
    with pytest.raises(OutputRefusedError) as caught:
        check_output("")
    assert str(caught.value) == "no output file given (an empty name)"


def test_an_output_that_cannot_be_a_file_is_a_storage_error(tmp_path):
    with pytest.raises(StorageError) as caught:
        check_output(str(tmp_path))
    assert str(caught.value) == f"cannot write {tmp_path}: Is a directory"
    (tmp_path / "notes.txt").write_text("notes\n")
    inside = tmp_path / "notes.txt" / "out.txt"
    with pytest.raises(StorageError) as caught:
        check_output(str(inside))
    assert str(caught.value) == f"cannot write {inside}: Not a directory"
