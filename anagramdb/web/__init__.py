"""The local web front end: a threaded HTTP server on the standard library (server.py,
handler.py, routes.py; workers.serve() runs it), its JSON API (api.py: the command line's
--json records), its pages (pages.py, practice.py) and the game in the browser
(game_http.py and the modules it names). ``anagramdb serve`` is its command;
docs/ARCHITECTURE.md maps every module."""
