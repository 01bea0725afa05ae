"""The permission tests, run for real when the suite runs as root (as CI does).

Root writes through permission bits, so those tests skip under root. Here they run again
in a pytest of their own as an unprivileged user (``setpriv`` to nobody), where a
read-only directory really is read-only; they must pass there, not skip.
"""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import sys
import sysconfig
import tempfile

import pytest

from ..support import ROOT

PERMISSION_TESTS = [
    "tests/engine/test_index.py::test_really_read_only_directory",
    "tests/cli/test_outputs.py::test_play_checks_log_and_history_before_round_one",
]
USER = "nobody"


def readable_by_everyone(path: str) -> bool:
    """True when every directory down to *path* lets others in and *path* is readable."""
    path = os.path.abspath(path)
    while True:
        mode = os.stat(path).st_mode
        if not mode & 0o005 if os.path.isdir(path) else not mode & 0o004:
            return False
        parent = os.path.dirname(path)
        if parent == path:
            return True
        path = parent


def interpreter() -> tuple[str, list[str]] | None:
    """A Python the unprivileged user can run, and the directories of this environment's
    packages to put on its path: this one, or (when it lives somewhere private, such as
    a pyenv under /root) the system's Python of the same version."""
    paths = sorted({sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]})
    if not all(readable_by_everyone(path) for path in paths):
        return None
    if readable_by_everyone(os.path.realpath(sys.executable)):
        return sys.executable, paths
    version = f"python{sys.version_info.major}.{sys.version_info.minor}"
    for directory in ("/usr/bin", "/usr/local/bin"):
        candidate = os.path.join(directory, version)
        if os.path.exists(candidate) and readable_by_everyone(os.path.realpath(candidate)):
            return candidate, paths
    return None


@pytest.mark.skipif(
    os.geteuid() != 0, reason="not root: the permission tests ran for real in this run"
)
def test_the_permission_tests_pass_as_an_unprivileged_user():
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("needs setpriv (util-linux) to drop root's privileges")
    try:
        user = pwd.getpwnam(USER)
    except KeyError:
        pytest.skip(f"needs a user {USER!r}")
    found = interpreter()
    if found is None:
        pytest.skip(f"this Python or its packages are not readable by {USER}")
    python, packages = found
    shared = tempfile.mkdtemp(prefix="anagramdb-unprivileged-")
    try:
        # A copy of the work tree where the user can read it (a checkout may be private).
        tree = os.path.join(shared, "tree")
        for name in ("anagramdb", "tests"):
            shutil.copytree(
                os.path.join(ROOT, name),
                os.path.join(tree, name),
                ignore=shutil.ignore_patterns("__pycache__"),
            )
        shutil.copy(os.path.join(ROOT, "pyproject.toml"), tree)
        os.chmod(shared, 0o777)
        env = {
            **os.environ,
            "HOME": shared,
            "TMPDIR": shared,
            "PYTHONDONTWRITEBYTECODE": "1",
            "PYTHONPATH": os.pathsep.join([tree, *packages]),
        }
        result = subprocess.run(
            [
                setpriv, f"--reuid={user.pw_uid}", f"--regid={user.pw_gid}", "--clear-groups",
                python, "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider",
                f"--basetemp={shared}/tests", *PERMISSION_TESTS,
            ],
            cwd=tree, env=env, capture_output=True, text=True, timeout=280,
        )  # fmt: skip
    finally:
        shutil.rmtree(shared, ignore_errors=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"{len(PERMISSION_TESTS)} passed" in result.stdout and "skipped" not in result.stdout
