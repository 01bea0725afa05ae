"""The local web front end: a threaded HTTP server on the standard library, its JSON API
(api.py: the command line's --json records) and its pages (pages.py, practice.py, with the
inline assets of assets.py), served by server.py; workers.serve() runs it; ``anagramdb
serve`` is its command."""
