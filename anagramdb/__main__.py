"""``python -m anagramdb``: the same as the ``anagramdb`` command."""

from anagramdb.cli.console import main

main(fast_exit=True)
