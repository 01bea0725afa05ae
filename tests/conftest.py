"""Fixtures and hooks for every test: the work tree first on every path, hypothesis's
profiles, printable test ids, mutmut's skips, the packaged dictionaries opened once, and the
packaged data left untouched. Helpers that are not fixtures live in tests/support/."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Generator
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from anagramdb.dictionary import Dictionary

from .support import ROOT, TESTS
from .support.dictionaries import SAMPLE_WORDS, make_dictionary
from .support.ids import ascii_id

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


def pytest_make_parametrize_id(config: pytest.Config, val: object, argname: str) -> str | None:
    """Parameters of text or bytes outside printable ASCII get ascii_id() ids."""
    if not isinstance(val, str | bytes):
        return None
    safe = ascii_id(val)
    return safe if safe != (val if isinstance(val, str) else val.decode("latin-1")) else None


# mutmut (docs/TESTING.md) sets MUTANT_UNDER_TEST in every process it runs tests in.
UNDER_MUTMUT = "MUTANT_UNDER_TEST" in os.environ
# Under mutmut, these tests are skipped before their fixtures run: those marked browser or
# terminal drive a child process (Chromium, tmux), which mutants do not reach; these files'
# tests (or these tests) read the source, which mutmut rewrites.
NOT_UNDER_MUTMUT_MARKS = {"browser": "drives Chromium", "terminal": "drives a terminal"}
NOT_UNDER_MUTMUT = {
    "project/test_layout.py": "reads the source's layout",
    "test_every_type_ignore_says_why": "reads the source",
}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Slow tests run only when -m names them (``-m slow``, ``-m "slow or not slow"``), so
    that the default run and the fast loop (docs/TESTING.md) both leave them out; under
    mutmut, the tests above are skipped."""
    if "slow" not in (config.getoption("markexpr") or ""):
        slow = [item for item in items if item.get_closest_marker("slow") is not None]
        if slow:
            config.hook.pytest_deselected(items=slow)
            items[:] = [item for item in items if item.get_closest_marker("slow") is None]
    if not UNDER_MUTMUT:
        return
    for item in items:
        name = getattr(item, "originalname", item.name)
        where = item.path.relative_to(TESTS).as_posix()
        marks = [
            NOT_UNDER_MUTMUT_MARKS[m.name]
            for m in item.iter_markers()
            if m.name in NOT_UNDER_MUTMUT_MARKS
        ]
        why = (marks or [None])[0] or NOT_UNDER_MUTMUT.get(where) or NOT_UNDER_MUTMUT.get(name)
        if why is not None:
            item.add_marker(pytest.mark.skip(reason=f"{why}: not a test of mutants"))


# .ci/run sets this for its run of the rebuild tests, with every source installed (the
# tools extra's pinned wordfreq, Debian's scowl, wordnet-base and hunspell-en-gb): there a
# rebuild test that skips, for a source missing or of another version, fails instead.
REQUIRE_REBUILD = os.environ.get("ANAGRAMDB_REQUIRE_REBUILD") == "1"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, Any, None]:
    outcome = yield
    report = outcome.get_result()
    if REQUIRE_REBUILD and report.skipped and item.get_closest_marker("rebuild") is not None:
        report.outcome = "failed"
        report.longrepr = f"a rebuild test skipped (ANAGRAMDB_REQUIRE_REBUILD): {report.longrepr}"


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
