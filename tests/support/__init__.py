"""What the tests share and are not tests themselves: small dictionaries and brute-force
models (dictionaries.py), test ids (ids.py), games played by script (games.py), a server
on a thread and its HTTP clients (web.py), headless Chromium (browsers.py), waiting on a
condition with a deadline, never a fixed sleep (waiting.py), a child process's tree
(processes.py), a pipe that never ends (pipes.py), and a command's memory under a limit
(measure.py).

Test modules import from here, never from one another; fixtures that wrap these live in
tests/conftest.py (all tests) and tests/web/conftest.py (the browser and server).
"""

import os

# The tests' own directory and the work tree they test (tests/conftest.py puts it first on
# sys.path and $PYTHONPATH).
TESTS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ROOT = os.path.dirname(TESTS)
