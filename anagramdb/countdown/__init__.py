"""The game: solvers for the rounds of Countdown, built on the storage engine.

``letters`` (longest words from a rack), ``phrases`` (multi-word anagrams), ``conundrum``
(solve and generate), ``draw`` (letter and number selections), ``numbers`` (the numbers
round solver) and ``numbers_stats`` (exhaustive statistics). Nothing here prints or parses
command lines; the front ends in ``anagramdb.cli`` do that.
"""
