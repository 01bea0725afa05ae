"""House rules and safety of `build`: --exclude, --include, --offensive, refusing to replace a
user's file or to write no words, hints that name a new file, packaged names never shadowed;
and generated conundrums that never show an excluded word."""

from __future__ import annotations

import json
import os

import pytest
from typer.testing import CliRunner

from anagramdb.builder import build
from anagramdb.cli.app import app
from anagramdb.countdown.conundrum import OFFENSIVE_RUN, generate
from anagramdb.dictionary import Dictionary
from anagramdb.errors import BuildRefusedError
from anagramdb.wordlist import WordFilter, offensive_words, read_word_set

from ..support.dictionaries import write_list

runner = CliRunner()
NOTES = "Shopping list\nmilk, eggs\ncall the bank\n"


def invoke(*args: str, env: dict[str, str] | None = None):
    return runner.invoke(app, list(args), env=env)


def lines(path) -> list[str]:
    """The words of a file, sorted alphabetically (dictionaries are in key order)."""
    with open(path, encoding="utf-8") as handle:
        return sorted(handle.read().splitlines())


def test_exclude_and_include(tmp_path):
    source = write_list(tmp_path / "in.txt", ["cat", "café", "dog", "Paris", "zebra"])
    output = str(tmp_path / "out.txt")
    report = build(
        [source],
        output,
        exclude=read_word_set(
            write_list(tmp_path / "no.txt", ["# house rules", "CAFE", "dog  # too easy"])
        ),
    )
    assert lines(output) == ["cat", "zebra"] and report.skipped == {"capitalised": 1, "excluded": 2}
    include = write_list(tmp_path / "yes.txt", ["Paris", "dog", "x1"])
    report = build(
        [source],
        output,
        exclude={"dog", "cafe"},
        include=[include],
        word_filter=WordFilter(max_length=3),
    )
    # Included words are added whatever the filter and the exclusions say (but must be words).
    assert lines(output) == ["Paris", "cat", "dog"] and report.included == 2
    assert report.skipped == {"capitalised": 1, "excluded": 1, "not letters": 1, "too long": 2}
    assert "(2 words from include lists)" in report.summary()


def test_build_command_house_rules_and_offensive(tmp_path):
    source = write_list(tmp_path / "in.txt", ["cat", "shit", "dog", "wankers", "bird"])
    exclude = write_list(tmp_path / "no.txt", ["bird"])
    include = write_list(tmp_path / "yes.txt", ["emu"])
    output = str(tmp_path / "out.txt")
    result = invoke("build", source, "-o", output, "--exclude", exclude, "--include", include)
    assert result.exit_code == 0, result.output
    assert lines(output) == ["cat", "dog", "emu", "shit", "wankers"]
    result = invoke("build", source, "-o", output, "--offensive", "drop")
    assert result.exit_code == 0 and lines(output) == ["bird", "cat", "dog"]
    assert "skipped 2 excluded" in result.stdout
    assert invoke("build", source, "-o", output, "--offensive", "maybe").exit_code == 2


def test_the_offensive_list_is_folded_words():
    words = offensive_words()
    assert len(words) > 200 and all(
        word.isascii() and word.isalpha() and word.islower() for word in words
    )
    # Innocent words that merely contain an excluded one are not excluded.
    assert {"scunthorpe", "cocktail", "shitake", "therapist", "title"}.isdisjoint(words)


def test_a_notes_file_is_never_emptied(tmp_path, monkeypatch):
    """The issue's case: a hint that said `anagramdb build notes.txt -o notes.txt`, and a
    build that replaced notes.txt with an empty file."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "notes.txt").write_text(NOTES)
    result = invoke("anagrams", "cat", env={"ANAGRAMDB_DICT": "notes.txt"})
    assert result.exit_code == 1
    assert (
        "anagramdb build notes.txt -o notes.sorted.txt" in result.stderr
        and "-o notes.txt" not in result.stderr
    )
    for args in (
        ["build", "notes.txt", "-o", "notes.txt"],
        ["build", "notes.txt", "-o", "notes.txt", "--force"],
    ):
        result = invoke(*args)
        assert result.exit_code == 2 and (tmp_path / "notes.txt").read_text() == NOTES
    assert "not an anagramdb dictionary" in invoke("build", "notes.txt", "-o", "notes.txt").stderr
    assert (
        "no words to write to notes.txt"
        in invoke("build", "notes.txt", "-o", "notes.txt", "--force").stderr
    )
    # Following the hint is safe: a new file, the notes untouched (here no words, so refused).
    result = invoke("build", "notes.txt", "-o", "notes.sorted.txt")
    assert (
        result.exit_code == 2
        and not os.path.exists("notes.sorted.txt")
        and (tmp_path / "notes.txt").read_text() == NOTES
    )


def test_a_word_list_is_not_replaced_unless_forced(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine.txt").write_text("dog\ncat\n")
    (tmp_path / "words.txt").write_text("emu\n")
    result = invoke("build", "words.txt", "-o", "mine.txt")
    assert (
        result.exit_code == 2
        and "mine.txt exists and is not an anagramdb dictionary" in result.stderr
    )
    assert (tmp_path / "mine.txt").read_text() == "dog\ncat\n"
    assert invoke("build", "words.txt", "-o", "mine.txt", "--force").exit_code == 0
    assert lines("mine.txt") == ["emu"]
    # A dictionary (with or without its index) and an empty file may be replaced.
    assert invoke("build", "mine.txt", "-o", "mine.txt").exit_code == 0
    (tmp_path / "empty.txt").write_text("")
    assert invoke("build", "words.txt", "-o", "empty.txt").exit_code == 0 and lines(
        "empty.txt"
    ) == ["emu"]
    (tmp_path / "folder").mkdir()
    assert invoke("build", "words.txt", "-o", "folder").exit_code == 1


def test_no_words_leaves_the_old_dictionary(tmp_path):
    output = str(tmp_path / "out.txt")
    build([write_list(tmp_path / "in.txt", ["cat"])], output)
    with pytest.raises(BuildRefusedError, match="no words to write"):
        build([write_list(tmp_path / "caps.txt", ["Paris", "London"])], output)
    assert lines(output) == ["cat"]


def test_packaged_names_win_over_local_files(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("ANAGRAMDB_DICT", raising=False)
    build([write_list(tmp_path / "in.txt", ["enlist", "inlets"])], str(tmp_path / "full"))
    (tmp_path / "common").mkdir()
    assert invoke("anagrams", "listen").stdout.split() == [
        "enlist",
        "inlets",
        "listen",
        "silent",
        "tinsel",
    ]
    assert invoke("--dict", "common", "anagrams", "listen").exit_code == 0
    assert invoke("--dict", "./full", "anagrams", "listen").stdout.split() == ["enlist", "inlets"]


def test_generated_conundrums_come_from_common_and_never_offend():
    excluded = offensive_words()
    long_ones = [word for word in excluded if len(word) >= OFFENSIVE_RUN]
    with Dictionary("full") as full, Dictionary("common") as common:
        made = generate(full, common, count=40, seed=3)
        assert len(made) == 40
        for conundrum in made:
            assert conundrum.answer not in excluded and common.anagrams(conundrum.answer) == [
                conundrum.answer
            ]
            for word in conundrum.words:
                assert word not in excluded and word in common.anagrams(word)
            assert not any(bad in conundrum.clue for bad in long_ones)


def test_conundrum_exclusions_apply_to_answers_and_clue_words(tmp_path):
    # One possible answer; its clues are bca + ihgfed, or bca + fed + ihg.
    path = str(tmp_path / "words.txt")
    build([write_list(tmp_path / "in.txt", ["abcdefghi", "bca", "ihgfed", "fed", "ihg"])], path)
    with Dictionary(path) as dictionary:

        def clues(excluded: set[str]) -> set[tuple[str, ...]]:
            made = [
                generate(dictionary, dictionary, seed=seed, excluded=frozenset(excluded))
                for seed in range(30)
            ]
            return {tuple(sorted(c.words)) for found in made for c in found}

        assert clues(set()) == {("bca", "ihgfed"), ("bca", "fed", "ihg")}
        assert clues({"abcdefghi"}) == set()
        assert clues({"fed"}) == {("bca", "ihgfed")}
        assert clues({"ihgfed"}) == {("bca", "fed", "ihg")}
        # A clue as shown never spells out an excluded word of four or more letters.
        shown = {
            c.clue
            for seed in range(30)
            for c in generate(dictionary, dictionary, seed=seed, excluded=frozenset({"fedb"}))
        }
        assert shown and not any("fedb" in clue for clue in shown)


def test_conundrum_json_has_no_excluded_word():
    result = invoke("draw", "conundrum", "--count", "5", "--seed", "11", "--json")
    made = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(made) == 5 and all(m["answer"] not in offensive_words() for m in made)
