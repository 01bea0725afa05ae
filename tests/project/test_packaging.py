"""Packaging: one version number, the licence files, and the platform fallbacks."""

from __future__ import annotations

import importlib.metadata
import mmap
import os
import re
import zlib
from pathlib import Path

import pytest

import anagramdb
from anagramdb import dictionary as dictionary_module
from anagramdb.dictionary import Dictionary
from anagramdb.index import CRC_CHUNK, file_crc

ROOT = Path(__file__).resolve().parents[2]


def test_the_version_is_written_once():
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert "version" not in project
    assert project["dynamic"] == ["version"]
    assert importlib.metadata.version("anagramdb") == anagramdb.__version__


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
