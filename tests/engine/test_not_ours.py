"""Files that are not ours are never replaced, the index included, and the packaged data
is read-only to every command whatever the permissions say (issue 19 part 2).

The suite runs as root in CI, where permission bits stop nothing: these refusals must come
from anagramdb's own rules. The packaged data of these tests is a copy (this installation's
data directory pointed elsewhere), so that a failing test cannot damage the work tree.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from anagramdb import packaged as packaged_module
from anagramdb.builder import build
from anagramdb.dictionary import Dictionary
from anagramdb.errors import AnagramDBWarning, BuildRefusedError, OutputRefusedError
from anagramdb.index_build import save_index
from anagramdb.packaged import DATA_DIRECTORY

from ..support.dictionaries import make_dictionary, write_list

NOTES = b"my own notes, not an index\n"


def anagramdb(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "anagramdb", *args], capture_output=True, text=True, cwd=cwd
    )


def test_build_does_not_replace_a_users_file_where_the_index_goes(tmp_path):
    source = write_list(tmp_path / "words.in", ["cat", "act", "dog"])
    (tmp_path / "new.txt.idx").write_bytes(NOTES)
    result = anagramdb("build", source, "-o", "new.txt", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr == (
        "anagramdb: error: new.txt.idx exists and is not an anagramdb index (it does not "
        "start with the index magic), so it is not replaced; choose a new output file\n"
    )
    assert (tmp_path / "new.txt.idx").read_bytes() == NOTES
    assert not (tmp_path / "new.txt").exists(), "refused before anything was written"
    with pytest.raises(BuildRefusedError):
        build([source], str(tmp_path / "new.txt"))
    build([source], str(tmp_path / "new.txt"), force=True)
    assert (tmp_path / "new.txt.idx").read_bytes()[:8] == b"ANAGRIDX"


def test_a_lookup_does_not_replace_a_users_file_where_the_index_goes(tmp_path):
    path = make_dictionary(tmp_path, ["act", "cat", "dog"], name="sorted.txt")
    (tmp_path / "sorted.txt.idx").write_bytes(NOTES)
    result = anagramdb("-d", "sorted.txt", "anagrams", "cat", cwd=tmp_path)
    assert (result.returncode, result.stdout) == (0, "act\ncat\n")
    assert "so it is not replaced; using an in-memory index" in result.stderr
    assert (tmp_path / "sorted.txt.idx").read_bytes() == NOTES
    result = anagramdb("index", "sorted.txt", cwd=tmp_path)
    assert result.returncode == 2 and "is not an anagramdb index" in result.stderr
    assert (tmp_path / "sorted.txt.idx").read_bytes() == NOTES
    assert anagramdb("index", "sorted.txt", "--force", cwd=tmp_path).returncode == 0
    with Dictionary(path) as dictionary:
        assert dictionary.anagrams("dog") == ["dog"]


def test_an_empty_or_damaged_index_of_ours_is_still_rebuilt(tmp_path):
    path = make_dictionary(tmp_path, ["act", "cat", "dog"])
    for content in (b"", b"ANAGRIDX but damaged"):
        Path(path + ".idx").write_bytes(content)
        with Dictionary(path) as dictionary:
            assert dictionary.anagrams("cat") == ["act", "cat"]
        assert Path(path + ".idx").read_bytes()[:8] == b"ANAGRIDX"


@pytest.fixture
def packaged(tmp_path, monkeypatch):
    """A copy of the packaged data standing in for this installation's data directory."""
    data = tmp_path / "site-packages" / "anagramdb" / "data"
    shutil.copytree(DATA_DIRECTORY, data)
    (data / "PROVENANCE.json").unlink()  # the installation's own directory needs no mark
    monkeypatch.setattr(packaged_module, "DATA_DIRECTORY", str(data))
    before = {name: (data / name).read_bytes() for name in os.listdir(data)}
    yield data
    after = {name: (data / name).read_bytes() for name in os.listdir(data)}
    assert after == before, "the packaged data changed"


def test_the_packaged_data_is_read_only_to_build(packaged, tmp_path):
    source = write_list(tmp_path / "words.in", ["cat", "act"])
    (tmp_path / "link.txt").symlink_to(packaged / "common.txt")
    (tmp_path / "data").symlink_to(packaged)
    for output in (
        packaged / "common.txt",
        tmp_path / "link.txt",  # written through a link: its target is the packaged file
        tmp_path / "data" / "words.txt",  # the directory reached through a link
        packaged / "new.txt",  # nor a new file beside them
    ):
        for force in (False, True):
            with pytest.raises(OutputRefusedError, match="is in anagramdb's packaged data"):
                build([source], str(output), force=force)


def test_the_packaged_data_is_read_only_to_index_and_to_every_output(packaged, tmp_path):
    for force in (False, True):
        with pytest.raises(OutputRefusedError, match="packaged data"):
            save_index(packaged / "words.txt", force=force)
    from anagramdb.atomic import atomic_writer

    for name in ("game.log", "stats.csv", "words.txt.idx"):
        with pytest.raises(OutputRefusedError, match="packaged data"):
            with atomic_writer(str(packaged / name)):
                pass


def test_a_stale_packaged_index_is_used_from_memory_not_rewritten(packaged):
    index = packaged / "common.txt.idx"
    damaged = b"ANAGRIDX" + b"\0" * 200
    index.write_bytes(damaged)
    with pytest.warns(AnagramDBWarning, match="packaged data.*using an in-memory index"):
        with Dictionary(str(packaged / "common.txt")) as dictionary:
            assert "silent" in dictionary.anagrams("listen")
    assert index.read_bytes() == damaged
    shutil.copyfile(DATA_DIRECTORY + "/common.txt.idx", index)  # as it was, for the fixture


def test_a_provenance_file_elsewhere_does_not_make_packaged_data(tmp_path):
    # Packaged data is what lies inside this installation's data directory, and nothing
    # else: a directory of the user's that happens to hold a PROVENANCE.json is theirs.
    data = tmp_path / "mine"
    data.mkdir()
    (data / "PROVENANCE.json").write_text("{}")
    source = write_list(tmp_path / "words.in", ["cat", "act"])
    build([source], str(data / "words.txt"))
    with Dictionary(str(data / "words.txt")) as dictionary:
        assert dictionary.anagrams("tac") == ["act", "cat"]
        assert dictionary.info()["provenance"] is None
    assert sorted(os.listdir(data)) == ["PROVENANCE.json", "words.txt", "words.txt.idx"]


@pytest.mark.parametrize(
    "args",
    [["index", ""], ["index", "full"], ["index", "full", "--force"], ["index", "common"]],
)
def test_index_never_rewrites_the_packaged_index(args, tmp_path):
    """``index ''`` rewrote the packaged index as root; now '' is no dictionary at all, and
    the packaged names are refused (the session fixture checks the bytes are the same)."""
    result = anagramdb(*args, cwd=tmp_path)
    assert result.returncode == 2 and result.stderr.count("\n") == 1, result.stderr
    assert ("no dictionary given" if args[1] == "" else "packaged data") in result.stderr


def test_only_the_tools_that_make_the_data_write_there(packaged, tmp_path):
    from anagramdb.atomic import packaging

    source = write_list(tmp_path / "words.in", ["cat", "act"])
    with packaging():
        build([source], str(packaged / "new.txt"))
    with pytest.raises(OutputRefusedError, match="packaged data"):
        build([source], str(packaged / "new.txt"))
    for name in ("new.txt", "new.txt.idx"):  # the fixture checks the rest is as it was
        (packaged / name).unlink()
