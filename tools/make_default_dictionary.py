"""Make the packaged dictionaries in anagramdb/data/ from Debian's SCOWL word lists.

    apt-get install wbritish-huge wbritish
    python tools/make_default_dictionary.py

``words.txt`` (the default, named "full") comes from wbritish-huge, SCOWL's largest
British list, so that every plausible word a Countdown adjudicator might accept is there.
``common.txt`` (named "common") comes from wbritish, SCOWL's mid-sized list, for puzzles
drawn from familiar words. Both keep only words of lower-case letters (accented ones
included: their keys fold the accents), which drops proper nouns, abbreviations and
words with apostrophes or hyphens. SCOWL's copyright notice is copied beside them, as its
licence requires. The output depends only on the input lists, so a rerun on the same
package versions gives byte-identical dictionaries.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from anagramdb.builder import build
from anagramdb.dictionary import DATA_DIRECTORY, NAMED_DICTIONARIES

SOURCES = {
    "full": ("wbritish-huge", "/usr/share/dict/british-english-huge"),
    "common": ("wbritish", "/usr/share/dict/british-english"),
}
COPYRIGHT = "/usr/share/doc/wbritish-huge/copyright"


def package_version(package: str) -> str:
    """The installed Debian version of *package*, or 'unknown' off Debian."""
    try:
        result = subprocess.run(["dpkg-query", "-W", "-f=${Version}", package], capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return result.stdout.strip()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--output", default=DATA_DIRECTORY, help="directory to write into (default: the package's data/)")
    args = parser.parse_args()
    for name, (package, source) in SOURCES.items():
        if not os.path.exists(source):
            print(f"{source} is missing: apt-get install {package}", file=sys.stderr)
            return 1
        output = os.path.join(args.output, NAMED_DICTIONARIES[name])
        report = build([source], output)
        print(f"{name}: {package} {package_version(package)}: {report.summary()}")
    shutil.copyfile(COPYRIGHT, os.path.join(args.output, "COPYING.SCOWL"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
