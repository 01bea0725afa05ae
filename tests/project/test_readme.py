"""Every example in README.md and docs/*.md, run as a user would, prints what the document
shows; every Python example runs; every relative link points at a file and heading that
exist.

tools/readme_examples.py does the work for shell examples (and ``--update`` pastes real
outputs in after a change that alters them, such as new packaged dictionaries)."""

from __future__ import annotations

import doctest
import importlib.util
import os
import re
import shutil
import sys
import urllib.parse

import pytest

from ..support import ROOT

TOOL = os.path.join(ROOT, "tools", "readme_examples.py")
README_LINES = 200  # issue 17: what it is, set-up, a short tour, links
ARCHITECTURE_LINES = 240  # the floors drawn from the code and the recipes included


def load_tool():
    spec = importlib.util.spec_from_file_location("readme_examples", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


TOOL_MODULE = load_tool()
DOCUMENTS = TOOL_MODULE.documents()


def name(path: str) -> str:
    return os.path.relpath(path, ROOT)


def read(path: str) -> str:
    with open(path, encoding="utf-8") as handle:
        return handle.read()


needs_script = pytest.mark.skipif(
    shutil.which("anagramdb", path=os.path.dirname(sys.executable)) is None
    or shutil.which("bash") is None,
    reason="needs the installed anagramdb script and bash",
)


def test_the_documents_have_examples_of_every_kind():
    found = [e for path in DOCUMENTS for e in TOOL_MODULE.examples(read(path).split("\n"))]
    commands = [command.text for example in found for command in example.commands]
    assert len(commands) > 40 and any(example.slow for example in found)
    assert not any("pip install" in command or "pytest" in command for command in commands)
    tour = TOOL_MODULE.examples(read(TOOL_MODULE.README).split("\n"))
    assert len([c for example in tour for c in example.commands]) >= 6


def test_the_readme_is_short_and_architecture_too():
    assert len(read(TOOL_MODULE.README).splitlines()) <= README_LINES
    assert len(read(os.path.join(ROOT, "docs", "ARCHITECTURE.md")).splitlines()) <= (
        ARCHITECTURE_LINES
    )


@needs_script
@pytest.mark.parametrize("path", DOCUMENTS, ids=name)
def test_examples_print_what_the_document_shows(path):
    problems = TOOL_MODULE.check(path)
    assert not problems, (
        "examples differ (python tools/readme_examples.py --update FILE pastes real output):\n\n"
        + "\n\n".join(problems)
    )


@needs_script
@pytest.mark.slow
@pytest.mark.timeout(1200)
def test_slow_examples_too():
    problems = [problem for path in DOCUMENTS for problem in TOOL_MODULE.check(path, slow=True)]
    assert not problems, "\n\n".join(problems)


PYTHON_BLOCK = re.compile(r"^```python\n(.*?)^```", re.M | re.S)


@pytest.mark.parametrize("path", DOCUMENTS, ids=name)
def test_python_examples_run(path, tmp_path, monkeypatch):
    # Every Python block is a doctest (nothing shown that is not run). docs/API.md is run by
    # tests/project/test_api_doc.py, which also counts its examples.
    blocks = PYTHON_BLOCK.findall(read(path))
    assert all(">>> " in block for block in blocks), f"a Python block in {name(path)} is no doctest"
    if not blocks or path.endswith(os.path.join("docs", "API.md")):
        return
    monkeypatch.chdir(tmp_path)
    failures, tried = doctest.testfile(
        path, module_relative=False, optionflags=doctest.ELLIPSIS, verbose=False
    )
    assert tried > 0 and failures == 0


LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)|!\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^```.*?^```", re.M | re.S)


def anchors(path: str) -> set[str]:
    """The heading anchors of a Markdown file, as GitHub makes them."""
    seen: dict[str, int] = {}
    found = set()
    for line in FENCE.sub("", read(path)).splitlines():
        if not line.startswith("#"):
            continue
        text = line.lstrip("#").strip().lower()
        slug = re.sub(r"[^\w\- ]", "", text).replace(" ", "-")
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        found.add(slug if count == 0 else f"{slug}-{count}")
    return found


@pytest.mark.parametrize("path", DOCUMENTS, ids=name)
def test_relative_links_point_at_files_and_headings_that_exist(path):
    broken = []
    for match in LINK.finditer(FENCE.sub("", read(path))):
        target = match.group(1) or match.group(2)
        if urllib.parse.urlparse(target).scheme:
            continue  # an absolute URL: not checked offline
        file_part, _, anchor = target.partition("#")
        linked = (
            os.path.normpath(os.path.join(os.path.dirname(path), file_part)) if file_part else path
        )
        if not os.path.exists(linked):
            broken.append(f"{target}: no file {name(linked)}")
        elif anchor and linked.endswith(".md") and anchor not in anchors(linked):
            broken.append(f"{target}: no heading #{anchor} in {name(linked)}")
    assert broken == [], f"{name(path)}: " + "; ".join(broken)
