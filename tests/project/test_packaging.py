"""Packaging: one version number, the Pythons claimed, the licence files, and the platform
fallbacks."""

from __future__ import annotations

import importlib.metadata
import mmap
import os
import re
import zlib
from pathlib import Path

import pytest

import anagramdb
from anagramdb import mapped_dictionary as dictionary_module
from anagramdb.dictionary import Dictionary
from anagramdb.index import CRC_CHUNK, file_crc

ROOT = Path(__file__).resolve().parents[2]


def test_the_version_is_written_once():
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert "version" not in project
    assert project["dynamic"] == ["version"]
    assert importlib.metadata.version("anagramdb") == anagramdb.__version__


def test_the_pythons_claimed_are_the_pythons_ci_tests():
    """pyproject.toml's classifiers name exactly the versions .ci/run tests,
    requires-python starts at the oldest of them, and the README names the range."""
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+ (.ci/run runs this on 3.11)

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    prefix = "Programming Language :: Python :: 3."
    claimed = [
        (3, int(each[len(prefix) :])) for each in project["classifiers"] if each.startswith(prefix)
    ]
    listed = re.findall(r'^PYTHONS="([^"]*)"$', (ROOT / ".ci" / "run").read_text(), re.M)
    assert len(listed) == 1, '.ci/run names its Pythons on one PYTHONS="..." line'
    tested = [tuple(map(int, version.split("."))) for version in listed[0].split()]
    assert claimed == tested == sorted(tested) and len(tested) >= 2
    assert project["requires-python"] == ">={}.{}".format(*tested[0])
    # No version skipped between the oldest and the newest, and the README says which.
    assert [minor for _, minor in tested] == list(range(tested[0][1], tested[-1][1] + 1))
    readme = " ".join((ROOT / "README.md").read_text().split())
    assert "Python from {}.{} to {}.{}".format(*tested[0], *tested[-1]) in readme


def test_licence_files_are_shipped_and_match_the_metadata():
    assert (ROOT / "LICENSE").read_text().startswith("MIT License")
    metadata = importlib.metadata.metadata("anagramdb")
    assert metadata["License-Expression"] == "MIT"
    assert sorted(metadata.get_all("License-File") or []) == [
        "LICENSE",
        "anagramdb/data/COPYING.SCOWL",
        "anagramdb/data/COPYING.WordNet",
    ]


def test_file_crc_without_preadv(tmp_path, monkeypatch):
    data = os.urandom(2 * CRC_CHUNK + 123)
    path = tmp_path / "blob"
    path.write_bytes(data)
    fd = os.open(path, os.O_RDONLY)
    try:
        with_preadv = file_crc(fd, 5)
        monkeypatch.delattr(os, "preadv")
        assert file_crc(fd, 5) == with_preadv == zlib.crc32(data[5:])
    finally:
        os.close(fd)


def test_scan_without_madvise(tmp_path, monkeypatch):
    pattern = re.compile(rb"^[a-z]{9}$", re.MULTILINE)
    with Dictionary() as words:
        expected = list(words.scan(pattern))
    monkeypatch.setattr(dictionary_module, "RELEASE_PAGES", None)
    monkeypatch.setattr(dictionary_module, "SCAN_CHUNK", 4 * mmap.PAGESIZE)
    with Dictionary() as words:
        assert list(words.scan(pattern)) == expected
    assert len(expected) > 10_000


def test_every_type_ignore_says_why():
    """mypy --strict runs in .ci/run; where it is silenced, the line says why."""
    pattern = re.compile(r"# type: ignore\[[a-z, -]+\]  # \S")
    unexplained = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sorted((ROOT / "anagramdb").rglob("*.py"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if "type: ignore" in line and not pattern.search(line)
    ]
    assert unexplained == []
