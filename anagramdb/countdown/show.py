"""The show's fixed quantities, each named once: the rack of letters and the vowels and
consonants it holds, the number tiles, how many a selection draws and may take large,
and the target's range.

The game's modules and both front ends take them from here. The module imports nothing,
so the command line's quick path reads it for nothing.
"""

RACK_SIZE = 9  # letters in a selection; a word of all of them scores double
MIN_VOWELS = 3
MIN_CONSONANTS = 4
MAX_VOWELS = RACK_SIZE - MIN_CONSONANTS
MAX_CONSONANTS = RACK_SIZE - MIN_VOWELS

SMALL_TILES = tuple(range(1, 11))
LARGE_TILES = (25, 50, 75, 100)
SHOW_TILES = {n: 2 for n in SMALL_TILES} | {n: 1 for n in LARGE_TILES}  # tile -> copies
MAX_LARGE = len(LARGE_TILES)  # large tiles a contestant may ask for: all of them
TILES_DRAWN = 6  # number tiles in a selection
TARGET_RANGE = (101, 999)
