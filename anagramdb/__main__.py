"""``python -m anagramdb``: the same as the ``anagramdb`` command."""

from anagramdb.console import main

main()
