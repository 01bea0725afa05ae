"""Shared helpers: building small dictionaries, and brute-force models to check against."""

from __future__ import annotations

import os
import subprocess
from collections import Counter, defaultdict

import pytest
from hypothesis import HealthCheck, settings

from anagramdb.builder import build
from anagramdb.dictionary import Dictionary
from anagramdb.index_check import check_index
from anagramdb.keys import word_key

TESTS = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(TESTS)

# Subprocess tests run the work tree, not the last `pip install`: every child Python
# (python -m anagramdb, the installed anagramdb script, tools/ and benchmarks/ scripts, the
# README's examples) finds this checkout's package first.
os.environ["PYTHONPATH"] = os.pathsep.join(
    [ROOT, *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
)

# The same examples every run, in CI and by default (STYLE.md point 19): a failure seen once
# is seen again, and a pass is not luck. HYPOTHESIS_PROFILE=explore searches afresh each run
# (and keeps failing examples in .hypothesis/) for a developer hunting new cases.
settings.register_profile(
    "ci",
    derandomize=True,
    database=None,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("explore", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def ascii_id(value: str | bytes) -> str:
    """A test id in printable ASCII: other characters as <hex>, so "Café" is "Caf<e9>".

    pytest escapes them itself ("Caf\\xe9"), but an id written that way is not found again
    when a second session in the same process (as mutmut runs them) selects it by name.
    """
    codes = value if isinstance(value, bytes) else [ord(c) for c in value]
    return "".join(chr(c) if 32 <= c < 127 and c != 92 else f"<{c:x}>" for c in codes)


def pytest_make_parametrize_id(config: pytest.Config, val: object, argname: str) -> str | None:
    """Parameters of text or bytes outside printable ASCII get ascii_id() ids."""
    if not isinstance(val, str | bytes):
        return None
    safe = ascii_id(val)
    return safe if safe != (val if isinstance(val, str) else val.decode("latin-1")) else None


# mutmut (docs/TESTING.md) sets MUTANT_UNDER_TEST in every process it runs tests in.
UNDER_MUTMUT = "MUTANT_UNDER_TEST" in os.environ
# Under mutmut, these files' tests (or these tests) are skipped before their fixtures run:
# they drive a child process (Chromium, tmux), which mutants do not reach, or read the
# source, which mutmut rewrites.
NOT_UNDER_MUTMUT = {
    "web/test_game_browser.py": "drives Chromium",
    "web/test_pages_browser.py": "drives Chromium",
    "web/test_definitions_browser.py": "drives Chromium",
    "cli/test_play_tmux.py": "drives tmux",
    "project/test_layout.py": "reads the source's layout",
    "test_every_type_ignore_says_why": "reads the source",
}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not UNDER_MUTMUT:
        return
    for item in items:
        name = getattr(item, "originalname", item.name)
        where = item.path.relative_to(TESTS).as_posix()
        why = NOT_UNDER_MUTMUT.get(where) or NOT_UNDER_MUTMUT.get(name)
        if why is not None:
            item.add_marker(pytest.mark.skip(reason=f"{why}: not a test of mutants"))


@pytest.fixture(autouse=True)
def _in_process_only_under_mutmut(monkeypatch: pytest.MonkeyPatch) -> None:
    """Under mutmut (docs/TESTING.md) a test that starts a process is skipped when it does.

    mutmut switches mutants on inside its own worker process; a child Python would import the
    mutated tree without that switch (and without mutmut's configuration), so its result
    says nothing about the mutant. The mutation scores are those of the in-process suite.
    """
    if not UNDER_MUTMUT:
        return

    def refuse(*args: object, **kwargs: object) -> None:
        pytest.skip("starts a process: mutmut's mutants do not reach child processes")

    monkeypatch.setattr(subprocess.Popen, "__init__", refuse)


SAMPLE_WORDS = [
    "listen",
    "silent",
    "enlist",
    "tinsel",
    "inlets",
    "stone",
    "notes",
    "onset",
    "tones",
    "apple",
    "café",
    "face",
    "a",
    "zoo",
]


def write_list(path: os.PathLike[str] | str, words: list[str]) -> str:
    with open(path, "w", encoding="utf-8") as handle:
        handle.write("\n".join(words) + "\n")
    return str(path)


def make_dictionary(
    directory: os.PathLike[str] | str,
    words: list[str],
    block_size: int = 64,
    name: str = "words.txt",
) -> str:
    """Build a dictionary from *words* with the real builder and check it is sound."""
    source = write_list(os.path.join(directory, f"{name}.list"), words)
    output = os.path.join(directory, name)
    build([source], output, block_size=block_size)
    assert check_index(output) == []
    return output


def index_header(index_path: str):
    """The header of an index file, read and the file closed again."""
    from anagramdb.index import read_index

    index = read_index(index_path)
    assert index is not None, f"no index {index_path}"
    try:
        return index.header
    finally:
        index.close()


def anagram_model(words: list[str]) -> dict[str, list[str]]:
    """Brute force: key -> sorted distinct words with that key."""
    groups: dict[str, set[str]] = defaultdict(set)
    for word in words:
        groups[word_key(word)].add(word)
    return {key: sorted(group) for key, group in groups.items()}


def contains(rack: str, word: str) -> bool:
    """Brute force multiset containment of a word's folded letters in a rack's."""
    need = Counter(word_key(word))
    have = Counter(rack)
    return all(have[c] >= n for c, n in need.items())


@pytest.fixture(scope="session")
def full():
    """The packaged default dictionary, opened once for the whole run."""
    with Dictionary("full") as dictionary:
        yield dictionary


@pytest.fixture(scope="session")
def common():
    """The packaged common dictionary, opened once for the whole run."""
    with Dictionary("common") as dictionary:
        yield dictionary


@pytest.fixture
def sample_dictionary(tmp_path) -> str:
    return make_dictionary(tmp_path, SAMPLE_WORDS)


@pytest.fixture(scope="session", autouse=True)
def packaged_data_untouched():
    """No test may rewrite the packaged dictionaries or their indexes (the work tree must
    stay clean after a run): their bytes and mtimes are the same at the end."""
    from anagramdb.packaged import DATA_DIRECTORY

    def snapshot() -> dict[str, tuple[int, bytes]]:
        found = {}
        for name in sorted(os.listdir(DATA_DIRECTORY)):
            path = os.path.join(DATA_DIRECTORY, name)
            with open(path, "rb") as handle:
                found[name] = (os.stat(path).st_mtime_ns, handle.read())
        return found

    before = snapshot()
    yield
    after = snapshot()
    changed = sorted(
        name for name in before.keys() | after.keys() if before.get(name) != after.get(name)
    )
    assert not changed, f"the test run changed packaged files: {changed}"
