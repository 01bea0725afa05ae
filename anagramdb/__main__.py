"""``python -m anagramdb``: the same as the ``anagramdb`` command."""

from anagramdb.cli import run

run()
