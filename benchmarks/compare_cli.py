"""A cold ``anagramdb anagrams`` process against a minimal typer app, side by side.

    python benchmarks/compare_cli.py [--rounds 30] [--sizes 100000,2000000]

The minimal app has the same dependency (typer) and only prints its
argument: the difference is what anagramdb itself costs to start and look up. Runs are
interleaved (A B A B ...) after a warm-up; the table gives medians, ranges, the ratio of
medians and peak RSS, on the default dictionary and on synthetic ones of each size.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from benchmarks.support import interleaved, synthetic_dictionary, table

MINIMAL_APP = '''
import typer
app = typer.Typer(add_completion=False, rich_markup_mode=None, pretty_exceptions_enable=False)
@app.command()
def hello(word: str) -> None:
    """Print WORD."""
    typer.echo(word)
@app.command()
def other() -> None:
    """A second command, so that typer builds a group as anagramdb does."""
app()
'''


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument(
        "--sizes", default="100000,2000000", help="synthetic dictionary sizes, comma-separated"
    )
    parser.add_argument("--word", default="listen")
    args = parser.parse_args()
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as handle:
        handle.write(MINIMAL_APP)
    script = shutil.which("anagramdb", path=os.path.dirname(sys.executable))
    if script is None:
        parser.error("install anagramdb into this Python's environment first (pip install .)")
    dictionaries = {"default": "full"}
    for size in filter(None, args.sizes.split(",")):
        dictionaries[f"{int(size):,} words"] = synthetic_dictionary(int(size))
    try:
        for label, path in dictionaries.items():
            commands = {
                "minimal typer app": [sys.executable, handle.name, "hello", args.word],
                "anagramdb anagrams": [script, "--dict", path, "anagrams", args.word],
            }
            print(
                table(
                    f"cold process, {label} dictionary, {args.rounds} rounds",
                    interleaved(commands, args.rounds),
                    "minimal typer app",
                )
            )
    finally:
        os.unlink(handle.name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
