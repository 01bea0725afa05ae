"""Definitions (issue 23): Morphy's rules worked by hand, tools/make_definitions.py on a small
WordNet laid out as wndb(5WN) describes it, byte-identical reruns, the packaged file, and
``anagramdb define``."""

from __future__ import annotations

import filecmp
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from anagramdb.definitions import (
    DEFINITIONS_PATH,
    Definitions,
    format_sense,
    normalise,
    parse_items,
)
from anagramdb.errors import DictionaryFormatError, InvalidArgumentError, quoted
from anagramdb.index_check import check_index
from anagramdb.keyed import KeyedFile
from anagramdb.kinds import KEYED_GZIP
from anagramdb.packaged import DATA_DIRECTORY, PACKAGED, PROVENANCE_FILE

from ..support import ROOT

sys.path.insert(0, os.path.join(ROOT, "tools"))


import make_definitions as tool  # tools/ is not a package: on sys.path above
import wordnet


# Morphy, worked by hand from morphy(7WN): exceptions first, else each rule of detachment
# in order, keeping what is a lemma of that part of speech.
@pytest.mark.parametrize(
    ("word", "pos", "lemmas", "exceptions", "expected"),
    [
        ("cats", "n", {"cat"}, {}, ["cat"]),  # "s" -> ""
        ("boxes", "n", {"box", "boxe"}, {}, ["boxe", "box"]),  # "s" -> "", then "xes" -> "x"
        ("churches", "n", {"church"}, {}, ["church"]),  # "ches" -> "ch"
        ("ladies", "n", {"lady"}, {}, ["lady"]),  # "ies" -> "y"
        ("firemen", "n", {"fireman"}, {}, ["fireman"]),  # "men" -> "man"
        ("axes", "n", {"ax", "axe", "axis"}, {"axes": ["ax", "axis"]}, ["ax", "axis"]),
        ("glass", "n", {"glas"}, {}, []),  # nouns in "ss" are not detached
        ("as", "n", {"a"}, {}, []),  # nor nouns of two letters
        ("boxesful", "n", {"box", "boxful"}, {}, ["boxful"]),  # "ful": boxes -> box, + ful
        ("flies", "v", {"fly"}, {}, ["fly"]),  # "s" gives "flie", not a verb; "ies" -> "y"
        ("uses", "v", {"use", "us"}, {}, ["use", "us"]),  # "s" -> "", "es" -> "e", "es" -> ""
        ("hoped", "v", {"hope", "hop"}, {}, ["hope", "hop"]),  # "ed" -> "e", then "ed" -> ""
        ("running", "v", {"run"}, {}, []),  # "runne" and "runn": no rule undoubles
        ("ran", "v", {"run"}, {"ran": ["run"]}, ["run"]),
        ("happier", "a", {"happy"}, {"happier": ["happy"]}, ["happy"]),
        ("happier", "a", {"happy"}, {}, []),  # "happi", "happie": not adjectives
        ("later", "a", {"late", "lat"}, {}, ["lat", "late"]),  # "er" -> "", then "er" -> "e"
        ("cats", "r", {"cat"}, {}, []),  # no rules for adverbs
        ("cat", "n", {"cat"}, {}, []),  # the word itself is not its own base form
    ],
)
def test_morphy_by_hand(word, pos, lemmas, exceptions, expected):
    assert wordnet.morphy(word, pos, lemmas, exceptions) == expected


LICENCE = "  WordNet licence, line one\n"  # the two leading spaces mark it in every file
INDEX = {
    "noun": [
        "ax n 1 0 1 0 00000040",
        "axe n 1 0 1 0 00000050",
        "axis n 1 0 1 0 00000030",
        "cat n 2 1 @ 2 0 00000010 00000020",
        "china n 2 0 2 0 00000070 00000071",
        "half-wit n 1 0 1 0 00000120",
        "lorry n 1 0 1 0 00000060",
        "slang n 1 0 1 0 00000090",
        "united_kingdom n 1 0 1 0 00000080",
    ],
    "verb": [
        "abide v 1 0 1 0 00000220",
        "gut v 1 0 1 0 00000210",
        "realize v 1 0 1 0 00000230",
    ],
    "adj": ["happy a 1 0 1 0 00000300"],
    "adv": [],
}
DATA = {
    "noun": [
        '00000010 05 n 01 cat 0 000 | feline mammal; "the cat purred"',
        "00000020 06 n 02 cat 0 Caterpillar 0 001 ;u 00000090 n 0100 | a tracked tractor",
        "00000030 06 n 01 axis 0 000 | a straight line",
        "00000040 06 n 01 ax 0 000 | an edge tool",
        "00000050 06 n 01 axe 0 000 | an edge tool, British",
        "00000060 06 n 01 lorry 0 001 ;r 00000080 n 0000 | a large truck",
        "00000070 15 n 01 China 0 000 | a country",
        "00000071 06 n 01 china 0 000 | porcelain",
        "00000080 15 n 02 United_Kingdom 0 UK 0 000 | a kingdom",
        "00000090 10 n 01 slang 0 000 | informal language",
        "00000120 18 n 01 half-wit 0 000 | a foolish person",
    ],
    "verb": [
        "00000210 35 v 01 gut 0 000 01 + 02 00 | empty completely",
        "00000220 42 v 01 abide 0 000 01 + 02 00 | dwell",
        "00000230 31 v 01 realize 0 000 01 + 02 00 | be fully aware of",
    ],
    "adj": ["00000300 00 a 01 happy 0 000 | enjoying well-being"],
    "adv": [],
}
EXCEPTIONS = {"noun": ["axes ax axis"], "verb": [], "adj": ["happier happy"], "adv": []}
LISTS = {
    "words.txt": ["abider", "axes", "cat", "cats", "china", "gutting", "halfwit", "lorry"],
    "common.txt": ["cat", "cats"],
    "huge.txt": ["abider", "axes", "cat", "cats", "china", "gutting", "halfwit", "happier",
                 "lorry", "realise", "zzz"],
}  # fmt: skip
# cntlist.rev: the slang sense of cat was tagged 4 times, the feline never; marked senses
# still come after unmarked ones (tools/sense_rank.py)
COUNTS = "cat%1:06:00:: 2 4\nrealize%2:31:00:: 1 7\n"
SUPPLEMENT = "# a comment\nzzz\ti\tthe sound of snoring\nqqq\tn\tin no list, so left out\n"
COPYRIGHT = "Files: *\nLicense: WordNet3.0\n Permission is granted.\n .\n Keep this.\n\nFiles: x\n"


@pytest.fixture
def small_wordnet(tmp_path):
    directory = tmp_path / "wordnet"
    directory.mkdir()
    for part in ("noun", "verb", "adj", "adv"):
        for prefix, lines in (("index", INDEX), ("data", DATA)):
            (directory / f"{prefix}.{part}").write_text(
                LICENCE + "".join(line + "  \n" for line in lines[part]), encoding="utf-8"
            )
        (directory / f"{part}.exc").write_text(
            "".join(line + "\n" for line in EXCEPTIONS[part]), encoding="utf-8"
        )
    (directory / "cntlist.rev").write_text(COUNTS, encoding="utf-8")
    copyright_path = tmp_path / "copyright"
    copyright_path.write_text(COPYRIGHT, encoding="utf-8")
    return str(directory), str(copyright_path)


def output_directory(path) -> str:
    path.mkdir()
    for name, words in LISTS.items():
        (path / name).write_text("".join(word + "\n" for word in words), encoding="utf-8")
    (path / PROVENANCE_FILE).write_text('{"dictionaries": {}}\n', encoding="utf-8")
    return str(path)


def test_the_tool_on_a_small_wordnet(small_wordnet, tmp_path):
    directory, copyright_path = small_wordnet
    output = output_directory(tmp_path / "out")
    supplement = tmp_path / "supplement.txt"
    supplement.write_text(SUPPLEMENT, encoding="utf-8")
    record = tool.make(directory, output, "1:3.0-test", copyright_path, str(supplement))
    path = os.path.join(output, "definitions.txt.gz")
    with KeyedFile(path, KEYED_GZIP) as lines_file:
        lines = dict(lines_file)
    assert lines == {
        "abider": "+n<v:abide",  # derived: a noun, one who abides
        "abide": "v:dwell",
        "axes": "=n:ax\t=n:axis",  # the exception list, so not axe
        "ax": "n:an edge tool",
        "axis": "n:a straight line",
        # a gloss of two words shows an example (and the synset's other lemmas, had it
        # any); the slang sense, tagged 4 times, still comes after the unmarked one
        "cat": "n:feline mammal, e.g. the cat purred\tn[slang]:a tracked tractor",
        "cats": "=n:cat",
        "china": "n:porcelain",  # China, the country, is a proper noun
        "gut": "v:empty completely",
        "gutting": "=v:gut",  # gutt-ing undoubled
        "half-wit": "n:a foolish person",
        "halfwit": "=n:half-wit",  # WordNet writes it with a hyphen
        "happier": "=a:happy",
        "happy": "a:enjoying well-being",
        "lorry": "n[Britain]:a large truck",  # the region United Kingdom
        "realise": "=v:realize",  # WordNet spells it the American way
        "realize": "v:be fully aware of",
        "zzz": "*i:the sound of snoring",  # the supplement's, marked *
    }
    assert record["coverage"] == {
        "full": {"words": 8, "defined": 8},
        "common": {"words": 2, "defined": 2},
        "huge": {"words": 11, "defined": 11},
    }
    assert record["supplement"] == {
        "file": "tools/supplement.txt",
        "source": "written and reviewed for anagramdb (issue 29)",
        "words": 1,
        "forms": 0,
        "senses": 1,
    }
    provenance = json.loads(Path(output, PROVENANCE_FILE).read_text(encoding="utf-8"))
    assert provenance["definitions"]["source"]["version"] == "1:3.0-test"
    assert provenance["dictionaries"] == {}  # the rest of the file is kept
    assert Path(output, "COPYING.WordNet").read_text(encoding="utf-8") == (
        "Permission is granted.\n\nKeep this.\n"
    )
    assert check_index(path) == []


def test_two_runs_give_the_same_bytes(small_wordnet, tmp_path):
    directory, copyright_path = small_wordnet
    outputs = [output_directory(tmp_path / "one"), output_directory(tmp_path / "two")]
    for output in outputs:
        tool.make(directory, output, "1:3.0-test", copyright_path, None)
    names = sorted(os.listdir(outputs[0]))
    assert "definitions.txt.gz.idx" in names and names == sorted(os.listdir(outputs[1]))
    _, mismatch, errors = filecmp.cmpfiles(outputs[0], outputs[1], names, shallow=False)
    assert (mismatch, errors) == ([], [])


@pytest.mark.rebuild
@pytest.mark.skipif(
    not os.path.exists(os.path.join(wordnet.WORDNET_DIRECTORY, "data.noun")),
    reason="needs Debian's wordnet-base package (apt-get install wordnet-base)",
)
def test_the_committed_definitions_are_what_the_tool_makes(tmp_path):
    with open(os.path.join(DATA_DIRECTORY, PROVENANCE_FILE), encoding="utf-8") as handle:
        committed = json.load(handle)
    version = tool.package_version(tool.PACKAGE)
    if version != committed["definitions"]["source"]["version"]:
        pytest.skip(f"wordnet-base {version} is installed; the data was made from another")
    output = tmp_path / "out"
    output.mkdir()
    for name in [*PACKAGED.values(), PROVENANCE_FILE]:
        with open(os.path.join(DATA_DIRECTORY, name), "rb") as source:
            (output / name).write_bytes(source.read())
    tool.make(wordnet.WORDNET_DIRECTORY, str(output), version)
    names = ["definitions.txt.gz", "definitions.txt.gz.idx", PROVENANCE_FILE, "COPYING.WordNet"]
    _, mismatch, errors = filecmp.cmpfiles(output, DATA_DIRECTORY, names, shallow=False)
    assert (mismatch, errors) == ([], [])


def test_the_packaged_file():
    assert os.path.getsize(DEFINITIONS_PATH) <= 4 * 1024 * 1024  # the wheel's budget
    assert check_index(DEFINITIONS_PATH, KEYED_GZIP) == []
    with open(os.path.join(DATA_DIRECTORY, PROVENANCE_FILE), encoding="utf-8") as handle:
        record = json.load(handle)["definitions"]
    assert record["bytes"] == os.path.getsize(DEFINITIONS_PATH)
    assert record["coverage"]["full"]["defined"] >= 0.8 * record["coverage"]["full"]["words"]
    with Definitions() as definitions:
        cats = definitions.define("Cats")
        assert [(e.lemma, e.pos, e.relation) for e in cats.entries] == [
            ("cat", "noun", "form"),
            ("cat", "verb", "form"),
        ]
        assert cats.entries[0].senses[0].gloss.startswith("feline mammal")
        saw = definitions.define("saw")  # see's senses are tagged most (sense_rank.py)
        assert [(e.lemma, e.pos) for e in saw.entries] == [
            ("see", "verb"),
            ("saw", "noun"),
            ("saw", "verb"),  # "cut with a saw" names the noun it is defined through
        ]
        assert any(
            "Britain" in sense.labels for sense in definitions.define("biscuit").entries[0].senses
        )
        assert not definitions.define("qwxz").defined
        assert definitions.define("café").word == "cafe"
        with pytest.raises(InvalidArgumentError, match="no word given"):
            definitions.define("  ")


def test_every_line_of_the_packaged_file_parses():
    with Definitions() as definitions, KeyedFile(definitions.path, KEYED_GZIP) as lines:
        keys = []
        for key, value in lines:
            items = parse_items(value)
            assert items, key
            keys.append(key)
        assert keys == sorted(keys) and len(keys) == len(set(keys))


@pytest.mark.parametrize(
    "value", ["x:gloss", "n", "n:", "n[slang:gloss", "=n[slang]:cat", "nx:gloss"]
)
def test_items_breaking_the_grammar_are_refused(value):
    with pytest.raises(ValueError):
        parse_items(value)


LONG = "a gloss long enough for the message to cut it short after forty characters"


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("x:" + LONG, f"not a sense or a link: {('x:' + LONG)[:40]!r}"),
        ("n[slang:" + LONG, f"bad labels in {('n[slang:' + LONG)[:40]!r}"),
        ("=n[slang]:" + LONG, f"bad labels in {('=n[slang]:' + LONG)[:40]!r}"),
        ("n:fine\tv" + LONG, f"not a sense or a link: {('v' + LONG)[:40]!r}"),
    ],
)
def test_a_bad_item_is_named_in_forty_characters(value, message):
    with pytest.raises(ValueError) as raised:
        parse_items(value)
    assert str(raised.value) == message


@pytest.mark.parametrize(
    ("word", "key"),
    [("A  Cappella", "a cappella"), (" \ta\u00a0fortiori\n", "a fortiori"), ("CAFÉ", "cafe")],
    ids=["spaces", "whitespace", "accent"],
)
def test_a_word_is_looked_up_folded_with_its_spaces_collapsed(word, key):
    assert normalise(word) == key
    with Definitions() as definitions:
        definition = definitions.define(word)
        assert definition.word == key
        assert {entry.lemma for entry in definition.entries} == {key}


@pytest.mark.parametrize("word", ["caf\udce9", "\udc80", "a\udcff"])
def test_a_word_that_was_not_utf8_is_refused(word):
    # Python hands bytes that are not UTF-8 on as the surrogates U+DC80 to U+DCFF.
    with pytest.raises(InvalidArgumentError) as raised:
        normalise(word)
    assert str(raised.value) == f"word {quoted(word)} is not valid UTF-8"


@pytest.mark.parametrize(
    ("pos", "labels", "gloss", "item"),
    [
        ("n", [], "a domestic cat", "n:a domestic cat"),
        ("v", ["Britain"], "to queue", "v[Britain]:to queue"),
        ("a", ["Britain", "slang"], "tired; worn out", "a[Britain,slang]:tired; worn out"),
    ],
)
def test_a_sense_item_is_written_as_the_grammar_reads_it(pos, labels, gloss, item):
    assert format_sense(pos, labels, gloss) == item
    assert parse_items(item) == [("sense", pos, labels, gloss)]


@pytest.mark.parametrize(
    ("labels", "gloss"),
    [(["Brit,ain"], "x"), (["[slang"], "x"), (["slang]"], "x"), (["sl\tang"], "x"),
     ([], "a\tgloss"), (["slang"], "two\tsenses")],
    ids=["comma", "open", "close", "tab-label", "tab-gloss", "tab-gloss-labelled"],
)  # fmt: skip
def test_a_separator_in_a_label_or_gloss_is_refused(labels, gloss):
    with pytest.raises(ValueError, match="a label or gloss holds a separator"):
        format_sense("n", labels, gloss)


def test_a_damaged_line_names_the_file_and_the_word(tmp_path):
    from anagramdb.builder import write_keyed

    path = str(tmp_path / "defs.gz")
    write_keyed(path, ["cat\tn:a pet", "dog\tq:oops"])
    with Definitions(path) as definitions:
        assert definitions.define("cat").entries[0].senses[0].gloss == "a pet"
        with pytest.raises(DictionaryFormatError, match=r"defs.gz: the line of 'dog'"):
            definitions.define("dog")


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "anagramdb", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": ROOT},
    )


def test_define_on_the_command_line():
    result = run("define", "lorry", "qwxz", "cats", "--senses", "1")
    assert result.returncode == 0 and result.stderr == "qwxz: no definition\n"
    assert result.stdout == (
        "lorry\n  noun\n    1. a large low horse-drawn wagon without sides\n    (1 more)\n\n"
        "cats\n  noun: form of cat\n"
        "    1. feline mammal usually having thick soft fur and no ability to roar:"
        " domestic cats; wildcats\n    (6 more)\n"
        "  verb: form of cat\n    1. beat with a cat-o'-nine-tails\n    (1 more)\n"
    )
    records = [json.loads(line) for line in run("define", "abider", "--json").stdout.splitlines()]
    assert records[0]["word"] == "abider" and records[0]["defined"] is True
    assert records[0]["entries"][0] == {
        "lemma": "abide",
        "pos": "noun",  # abider's own part of speech (issue 29): a noun from the verb
        "lemma_pos": "verb",
        "relation": "derived",
        "senses": [  # the archaism after the everyday sense (tools/sense_rank.py)
            {
                "gloss": "put up with something or somebody unpleasant",
                "labels": [],
                "source": "WordNet",
            },
            {
                "gloss": "bide, abide, stay: dwell, e.g. "
                "You can stay with me while you are in town",
                "labels": ["archaism"],
                "source": "WordNet",
            },
        ],
    }
    batch = run("define", "-", "--json", stdin="cats\n\nqwxz\n")
    assert [json.loads(line)["defined"] for line in batch.stdout.splitlines()] == [True, False]


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["define", ""], 2, "anagramdb: error: no word given\n"),
        (["define"], 2, "anagramdb: error: define: missing argument"),
        (["define", "cat", "-"], 2, "give words, or - alone"),
        (["define", "cat", "--definitions", "/nonexistent"], 1, "cannot open dictionary"),
    ],
)
def test_define_errors_are_one_line(args, code, message):
    result = run(*args)
    assert result.returncode == code and result.stdout == ""
    assert message in result.stderr and result.stderr.count("\n") == 1


@pytest.fixture(scope="module")
def solvers():
    from anagramdb.web.api import Solvers

    opened = Solvers()
    yield opened
    opened.close()


def test_the_define_endpoint_answers_with_the_cli_record(solvers):
    from anagramdb.web.api import answer

    for word in ("cats", "qwxz"):
        record, warnings = answer(solvers, "define", {"word": [word]})
        assert warnings == [] and [record] == json_records("define", word, "--json")


@pytest.mark.parametrize(
    ("params", "status", "message"),
    [
        ({}, 400, "missing parameter 'word'"),
        ({"word": ["a", "b"]}, 400, "given 2 times"),
        ({"word": ["x" * 65]}, 413, "longer than 64"),
        ({"word": [" "]}, 400, "no word given"),
        ({"word": ["cat"], "senses": ["1"]}, 400, "unknown parameter 'senses'"),
    ],
)
def test_bad_define_requests(solvers, params, status, message):
    from anagramdb.web.api import ApiError, answer

    with pytest.raises(ApiError, match=message) as caught:
        answer(solvers, "define", params)
    assert caught.value.status == status


def test_letters_answers_carry_definitions_when_asked(solvers, monkeypatch):
    from anagramdb.web import api

    plain, _ = api.answer(solvers, "letters", {"rack": ["gyroscope"]})
    assert all("definition" not in word for word in plain["words"])
    monkeypatch.setattr(api, "MAX_DEFINED", 3)
    record, _ = api.answer(solvers, "letters", {"rack": ["gyroscope"], "define": ["1"]})
    words = record["words"]
    assert [word["word"] for word in words] == [word["word"] for word in plain["words"]]
    assert [("definition" in word) for word in words] == [True] * 3 + [False] * (len(words) - 3)
    for word in words[:3]:
        expected = json_records("define", word["word"], "--json")[0]
        assert word["definition"] == {key: expected[key] for key in ("defined", "entries")}


def json_records(*args: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in run(*args).stdout.splitlines()]


def test_the_game_reveals_what_the_words_mean(full, common):
    """Dictionary Corner in the engine's reveal: a letters round's best words shown and
    every player's word, a conundrum's answer and every buzz; none for numbers."""
    from anagramdb.countdown.game import Game

    from ..support.games import play_through

    with Definitions() as definitions:
        game = Game(full, common, "LNC", seed=7, opponent="hard", definitions=definitions)
        answers = {"letters": "Cats", "numbers": "1+2", "conundrum": "qwxz"}
        for _ in range(3):
            play_through(game, answers)
        letters, numbers, conundrum = game.results
        shown = [str(word) for word in letters.best["words"]]  # type: ignore[union-attr]
        computer = letters.play_of("computer")
        assert computer is not None and computer.answer is not None
        expected = list(dict.fromkeys([*shown, "cats", computer.answer]))
        records = {word: definitions.define(word) for word in expected}
        assert letters.definitions == {
            word: [entry.to_dict() for entry in found.entries]
            for word, found in records.items()
            if found.defined
        }
        assert "cats" in letters.definitions
        assert numbers.definitions is None and "definitions" not in numbers.to_dict()
        answer = str(conundrum.best["answer"])
        assert conundrum.definitions is not None and list(conundrum.definitions) == [answer]
        assert conundrum.to_dict()["definitions"] == conundrum.definitions
    plain = Game(full, common, "L", seed=7, opponent="hard")
    play_through(plain, answers)
    assert plain.results[0].definitions is None and "definitions" not in plain.results[0].to_dict()


def test_play_shows_dictionary_corner_unless_told_not_to(tmp_path):
    args = ["play", "--rounds", "LC", "--seed", "42", "--seconds", "0", "--vs", "hard"]
    args += ["--no-history"]
    shown = run(*args, "--log", str(tmp_path / "game.json"), stdin="auto\nfigures\n")
    assert shown.returncode == 0, shown.stderr
    assert (
        "  dictionary corner:\n"
        "    figures (noun, form of figure): a diagram or picture illustrating textual material\n"
    ) in shown.stdout
    assert "    fissure (noun): a long narrow opening\n" in shown.stdout  # not the verb
    log = json.loads((tmp_path / "game.json").read_text(encoding="utf-8"))
    assert log["results"][0]["definitions"]["figures"][0]["lemma"] == "figure"
    hidden = run(*args, "--no-define", stdin="auto\nfigures\n")
    assert "dictionary corner" not in hidden.stdout
    assert [
        line
        for line in shown.stdout.splitlines()
        if "dictionary corner" not in line and not line.startswith("    ")
    ] == hidden.stdout.splitlines()


def test_the_web_games_reveal_has_dictionary_corner(full, common, solvers):
    from html import escape

    from anagramdb.countdown.game import Game
    from anagramdb.web.game_pages import reveal_html
    from anagramdb.web.match import Match

    from ..support.games import play_through

    game = Game(full, common, "L", seed=7, opponent="hard", definitions=solvers.definitions())
    play_through(game, {"letters": "cats"})
    html = reveal_html(game.results[0].to_dict())
    corner = html[html.index("<h2>Dictionary Corner</h2>") :]
    cats = solvers.define("cats")["entries"][0]
    assert (
        "<dt>cats <small>(noun, form of cat)</small></dt>"
        f"<dd>{escape(cats['senses'][0]['gloss'])}</dd>"
    ) in corner
    assert Match(solvers, "L", 0, "hard").definitions is solvers.definitions()
