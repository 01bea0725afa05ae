"""No leaked resources: a dropped Dictionary or index closes what it holds, with a
ResourceWarning as for an unclosed file; closing is deterministic and warns nothing."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
import textwrap
import warnings

import pytest

from anagramdb.dictionary import Dictionary
from anagramdb.index import index_path_for, read_index

from ..support.dictionaries import make_dictionary

resource = pytest.importorskip("resource")


def open_descriptors() -> int:
    return len(os.listdir("/proc/self/fd"))


pytestmark = pytest.mark.skipif(
    not os.path.isdir("/proc/self/fd"), reason="needs /proc/self/fd to count descriptors"
)


def test_a_dropped_dictionary_releases_its_descriptors_and_warns(tmp_path):
    path = make_dictionary(tmp_path, ["listen", "silent", "stone"])
    before = open_descriptors()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        words = Dictionary(path)
        # The index, the mapping's own duplicate, and the dictionary's descriptor (kept to
        # notice a change of its size: mapped.py).
        assert open_descriptors() == before + 3
        assert words.anagrams("enlist") == ["listen", "silent"]
        del words
        assert open_descriptors() == before
    assert [(w.category, str(w.message)) for w in caught] == [
        (ResourceWarning, f"unclosed dictionary {path!r}")
    ]


def test_a_dictionary_in_a_reference_cycle_is_released_by_the_collector(tmp_path):
    path = make_dictionary(tmp_path, ["listen", "silent", "stone"])
    before = open_descriptors()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        words = Dictionary(path)
        words.myself = words  # type: ignore[attr-defined]  # a cycle on purpose
        del words
        gc.collect()
        assert open_descriptors() == before
    assert [w.category for w in caught] == [ResourceWarning]


def test_closing_warns_nothing_and_collecting_later_does_not_close_again(tmp_path):
    path = make_dictionary(tmp_path, ["listen", "silent", "stone"])
    before = open_descriptors()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with Dictionary(path) as words:
            assert words.anagrams("notes") == ["stone"]
        assert open_descriptors() == before
        # A descriptor opened now may reuse the number the index had: it must stay open.
        fd = os.open(path, os.O_RDONLY)
        del words
        gc.collect()
        assert os.read(fd, 6) == b"listen"
        os.close(fd)
        index = read_index(index_path_for(path))
        assert index is not None
        index.close()
        index.close()


def test_a_dropped_index_closes_its_descriptor(tmp_path):
    path = make_dictionary(tmp_path, ["listen"])
    before = open_descriptors()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        index = read_index(index_path_for(path))
        assert open_descriptors() == before + 1
        del index
        assert open_descriptors() == before
    assert [str(w.message) for w in caught] == [f"unclosed index {index_path_for(path)!r}"]


def test_a_thousand_dropped_dictionaries_under_a_low_descriptor_limit(tmp_path):
    """Under ``ulimit -n 32``, 1,000 dictionaries opened and dropped unclosed (and under
    -X dev, so each drop warns) all open; the process ends with as many descriptors as it
    started with. (A Dictionary in a reference cycle waits for the collector, like a file.)"""
    path = make_dictionary(tmp_path, ["listen", "silent", "stone"])
    script = textwrap.dedent(
        f"""
        import os, resource, sys, warnings
        from anagramdb import Dictionary
        _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.setrlimit(resource.RLIMIT_NOFILE, (32, hard))
        before = len(os.listdir("/proc/self/fd"))
        warnings.simplefilter("always", ResourceWarning)  # -X dev would show one per place
        warned = []
        warnings.showwarning = lambda message, category, *rest: warned.append(category)
        for i in range(1000):
            words = Dictionary({path!r})
            assert words.anagrams("enlist") == ["listen", "silent"]
        del words
        assert len(os.listdir("/proc/self/fd")) == before, (before, os.listdir("/proc/self/fd"))
        print(len(warned), set(c.__name__ for c in warned))
        """
    )
    result = subprocess.run(
        [sys.executable, "-X", "dev", "-c", script], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split(None, 1) == ["1000", "{'ResourceWarning'}\n"]


def test_running_out_of_descriptors_is_a_storage_error(tmp_path):
    path = make_dictionary(tmp_path, ["listen"])
    script = textwrap.dedent(
        f"""
        import resource
        from anagramdb import Dictionary
        from anagramdb.errors import StorageError
        _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.setrlimit(resource.RLIMIT_NOFILE, (16, hard))
        kept = []
        try:
            while True:
                kept.append(Dictionary({path!r}))
        except StorageError as exc:
            print(len(kept) > 2, exc)
        """
    )
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("True ") and result.stdout.rstrip().endswith(
        ": Too many open files"
    )
