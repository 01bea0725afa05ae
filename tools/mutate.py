"""A small mutation tester: change one operator or constant of a module at a time and see
whether the tests notice (a "killed" mutant) or not (a "survivor").

    python tools/mutate.py keys index dictionary letters numbers atomic [--rev HEAD] [--sample N]

Each module is mutated in a copy of the repository at *--rev* (``git archive``), so the
working tree is never touched. A mutant is run against the module's own test files
(MODULE_TESTS, fast); with ``--wide``, survivors are run again against the wider set
(WIDE_TESTS: the engine and game tests, without the command-line, web, crash and browser ones, which
spawn processes that would import the installed package rather than the mutant, and
without the slow fuzzing of test_robustness.py). A
mutant that makes the tests time out counts as killed. The mutations (one per line, so
the listing stays readable):

- arithmetic ``+ - * // % << >> | &`` swapped for a neighbour (``+`` -> ``-`` ...);
- comparisons ``< <= > >= == != in not in is is not`` swapped for their neighbour;
- ``and`` <-> ``or``; ``not x`` -> ``x``; the condition of an ``if``, ``while`` or
  conditional expression negated;
- integer constants n -> n + 1 (and 1 -> 0); ``True`` <-> ``False``.

Docstrings and type annotations are left alone. The score is
killed / all. Not in the default test run: it takes minutes per module (docs/TESTING.md).
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODULE_FILES = {
    "keys": "anagramdb/keys.py",
    "index": "anagramdb/index.py",
    "dictionary": "anagramdb/dictionary.py",
    "letters": "anagramdb/countdown/letters.py",
    "numbers": "anagramdb/countdown/numbers.py",
    "atomic": "anagramdb/atomic.py",
    "builder": "anagramdb/builder.py",
}
MODULE_TESTS = {
    "keys": ["tests/test_keys.py"],
    "index": ["tests/test_index.py"],
    "dictionary": ["tests/test_dictionary.py"],
    "letters": ["tests/test_letters.py"],
    "numbers": ["tests/test_numbers.py"],
    "atomic": ["tests/test_atomic.py"],
    "builder": [
        "tests/test_builder.py",
        "tests/test_builder_rules.py",
        "tests/test_build_rules.py",
        "tests/test_not_ours.py",
    ],
}
WIDE_TESTS = [
    "tests/test_keys.py", "tests/test_wordlist.py", "tests/test_builder.py",
    "tests/test_atomic.py", "tests/test_index.py", "tests/test_dictionary.py",
    "tests/test_letters.py", "tests/test_numbers.py", "tests/test_numbers_stats.py",
    "tests/test_rounds.py", "tests/test_rules.py", "tests/test_resources.py",
    "tests/test_api_doc.py", "tests/test_packaging.py", "tests/test_block_cache.py",
    "tests/test_game.py", "tests/test_quick_path.py", "tests/test_make_dictionary.py",
]  # fmt: skip
# Seconds for one run of a test set: a mutant that hangs (a checkpoint that waits) is killed.
TIMEOUT = 240

SWAPS: dict[type, type] = {
    ast.Add: ast.Sub, ast.Sub: ast.Add, ast.Mult: ast.FloorDiv, ast.FloorDiv: ast.Mult,
    ast.Mod: ast.FloorDiv,
    ast.LShift: ast.RShift, ast.RShift: ast.LShift, ast.BitOr: ast.BitAnd, ast.BitAnd: ast.BitOr,
    ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq, ast.NotEq: ast.Eq,
    ast.In: ast.NotIn, ast.NotIn: ast.In, ast.Is: ast.IsNot, ast.IsNot: ast.Is,
    ast.And: ast.Or, ast.Or: ast.And,
}  # fmt: skip


def skipped_nodes(tree: ast.Module) -> set[int]:
    """ids of nodes not to mutate: docstrings and annotations."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (
            isinstance(body, list)
            and body
            and isinstance(body[0], ast.Expr)
            and isinstance(body[0].value, ast.Constant)
        ):
            skip.add(id(body[0].value))
        for annotation in (getattr(node, "annotation", None), getattr(node, "returns", None)):
            if annotation is not None:
                skip.update(id(n) for n in ast.walk(annotation))
    return skip


def mutants(source: str) -> Iterator[tuple[int, str, str]]:
    """(line, description, mutated source) for every mutation of *source*."""
    tree = ast.parse(source)
    skip = skipped_nodes(tree)
    for node in [n for n in ast.walk(tree) if id(n) not in skip]:
        for description in mutate(node):
            yield getattr(node, "lineno", 0), description, ast.unparse(tree)
            restore(node)


_SAVED: dict[int, tuple[str, object]] = {}


def _set(node: ast.AST, field: str, value: object) -> None:
    _SAVED[id(node)] = (field, getattr(node, field))
    setattr(node, field, value)


def restore(node: ast.AST) -> None:
    field, value = _SAVED.pop(id(node))
    setattr(node, field, value)


def mutate(node: ast.AST) -> Iterator[str]:
    """Apply each mutation of *node* in turn (the caller restores it after each)."""
    if isinstance(node, ast.BinOp | ast.AugAssign) and type(node.op) in SWAPS:
        new = SWAPS[type(node.op)]
        _set(node, "op", new())
        yield f"{type(node.op).__name__}"
    elif isinstance(node, ast.BoolOp):
        _set(node, "op", SWAPS[type(node.op)]())
        yield f"{type(node.op).__name__}"
    elif isinstance(node, ast.Compare) and len(node.ops) == 1 and type(node.ops[0]) in SWAPS:
        _set(node, "ops", [SWAPS[type(node.ops[0])]()])
        yield f"{type(node.ops[0]).__name__}"
    elif isinstance(node, ast.If | ast.IfExp | ast.While) and not (
        isinstance(node.test, ast.UnaryOp) and isinstance(node.test.op, ast.Not)
    ):
        _set(node, "test", ast.UnaryOp(op=ast.Not(), operand=node.test))
        yield "condition negated"
    elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        _set(node, "op", ast.UAdd())  # +x: truthiness flipped back (bool(+True) is True)
        yield "not removed"
    elif isinstance(node, ast.Constant) and type(node.value) is bool:
        _set(node, "value", not node.value)
        yield f"{node.value}"
    elif isinstance(node, ast.Constant) and type(node.value) is int:
        _set(node, "value", 0 if node.value == 1 else node.value + 1)
        yield f"{node.value}"


def run_tests(copy: str, tests: list[str], label: str = "") -> bool:
    """True when the tests pass (the mutant survives)."""
    present = [t for t in tests if os.path.exists(os.path.join(copy, t))]
    env = {**os.environ, "PYTHONPATH": copy, "PYTHONDONTWRITEBYTECODE": "1"}
    command = [
        sys.executable,
        "-m",
        "pytest",
        "-x",
        "-q",
        "-p",
        "no:cacheprovider",
        "-p",
        "no:randomly",
        *present,
    ]
    try:
        result = subprocess.run(command, cwd=copy, env=env, capture_output=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        print(f"  timed out after {TIMEOUT} s (counted as killed): {label}", flush=True)
        return False
    # Killed only by a genuine failure: pytest's exit 1 (tests failed). Exit 2-5 (an
    # interrupted or broken run, no tests collected) says nothing about the mutant.
    if result.returncode not in (0, 1):
        raise RuntimeError(
            f"{label}: pytest exited {result.returncode}, not a test result:\n"
            + result.stdout.decode(errors="replace")[-2000:]
        )
    return result.returncode == 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("modules", nargs="+", choices=sorted(MODULE_FILES))
    parser.add_argument("--rev", default="HEAD", help="the commit to test (default HEAD)")
    parser.add_argument(
        "--sample",
        type=int,
        default=0,
        help="test this many mutants a module, evenly spaced through the file (0: all)",
    )
    parser.add_argument(
        "--wide",
        action="store_true",
        help="run the survivors of a module's own tests against WIDE_TESTS too",
    )
    parser.add_argument(
        "--only",
        action="append",
        default=[],
        help="test only the sampled mutants at LINE:DESCRIPTION "
        "(as a survivor is printed; repeatable)",
    )
    parser.add_argument("--json", help="append one JSON record a module to this file")
    args = parser.parse_args()
    for module in args.modules:
        copy = tempfile.mkdtemp(prefix="mutate-")
        try:
            archive = subprocess.run(
                ["git", "archive", args.rev], cwd=ROOT, capture_output=True, check=True
            ).stdout
            subprocess.run(["tar", "-x", "-C", copy], input=archive, check=True)
            path = os.path.join(copy, MODULE_FILES[module])
            original = open(path, encoding="utf-8").read()
            assert run_tests(copy, MODULE_TESTS[module]), (
                f"{module}: the tests fail before any mutation"
            )
            start = time.monotonic()
            found = list(mutants(original))
            if args.sample and len(found) > args.sample:
                found = [found[i * len(found) // args.sample] for i in range(args.sample)]
            if args.only:
                found = [m for m in found if f"{m[0]}:{m[1]}" in args.only]
            survivors = []
            for line, description, mutated in found:
                with open(path, "w", encoding="utf-8") as handle:
                    handle.write(mutated)
                label = f"{MODULE_FILES[module]}:{line}: {description}"
                if run_tests(copy, MODULE_TESTS[module], label) and (
                    not args.wide or run_tests(copy, WIDE_TESTS, label)
                ):
                    survivors.append((line, description))
                    print(f"  survived: {MODULE_FILES[module]}:{line}: {description}", flush=True)
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(original)
            killed = len(found) - len(survivors)
            score = 100 * killed / len(found) if found else 100.0
            print(
                f"{module}: {killed}/{len(found)} killed ({score:.1f}%) "
                f"in {time.monotonic() - start:.0f} s",
                flush=True,
            )
            if args.json:
                with open(args.json, "a", encoding="utf-8") as out:
                    out.write(
                        json.dumps(
                            {
                                "module": module,
                                "rev": args.rev,
                                "wide": args.wide,
                                "sample": args.sample,
                                "mutants": len(found),
                                "killed": killed,
                                "survivors": survivors,
                            }
                        )
                        + "\n"
                    )
        finally:
            shutil.rmtree(copy, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
