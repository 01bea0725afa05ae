"""The game: solvers for the rounds of Countdown, built on the storage engine.

``letters`` (longest words from a rack), ``phrases`` (multi-word anagrams), ``conundrum``
(solve and generate), ``draw`` (letter and number selections), ``numbers`` (the numbers
round solver), ``numbers_stats`` (exhaustive statistics), ``rules`` (the show's rules and
scoring, checking a letters answer) and ``numbers_check`` (checking a numbers answer). Nothing here prints or parses
command lines; the front ends in ``anagramdb.cli`` do that.
"""
