"""The show's board, as the practice page and the game draw it: the tiles on their board
(with the target), the clock face and the answer box's keyboard. Their style and script
are board_assets.py's; without the script the board is still drawn, as the server saw it.

The clock face is the show's: one turn of the hand is a minute (the 30-second clock
sweeps from twelve to six), marked every 5 seconds; a round longer than a minute is one
turn. The face is shaded over the round's seconds and the hand sweeps over them::

    turn   = max(60, seconds)                   seconds of one turn of the hand
    track  = seconds / turn * 360               degrees: the round's part of the face
    hand   = (seconds - left) / turn * 360      degrees from twelve, clockwise
"""

from __future__ import annotations

import math

from .markup import escape

# A box where words or working are typed: no phone keyboard may capitalise, correct or
# spell-check what the player types (the answer is judged exactly as typed).
WORD_BOX = 'autocomplete="off" autocapitalize="off" autocorrect="off" spellcheck="false"'
TURN = 60  # seconds of one turn of the hand, as on the show
FACE = 44  # the face's radius in the SVG's units (its view box is 100 wide)
MARK = 5  # seconds between two marks of the face
# The time-up sound, off until the player turns it on (the script keeps the choice).
SOUND_TOGGLE = (
    '<label class="check sound" hidden><input type="checkbox" id="sound"> '
    "A sound when time is up</label>"
)


def board_html(items: list[str], label: str, total: int = 0, target: int | None = None) -> str:
    """The tiles on the board (*total* places, the empty ones dashed) and the target."""
    cells = "".join(f"<li>{escape(item)}</li>" for item in items)
    cells += '<li class="empty" aria-hidden="true"></li>' * max(0, total - len(items))
    shown = f'<p>Target: <span class="target">{target}</span></p>' if target is not None else ""
    wide = " wide" if any(len(item) > 1 for item in items) else ""  # 100 needs more room
    tiles = f'<ul class="tiles{wide}" aria-label="{escape(label)}">{cells}</ul>'
    return f'<div class="board">{tiles}{shown}</div>'


def sector(degrees: float, radius: float = FACE) -> str:
    """An SVG path: the face's part from twelve clockwise through *degrees* (the script's
    ``sector`` draws the same as the hand moves)."""
    if degrees <= 0:
        return "M0 0Z"
    degrees = min(degrees, 359.99)
    x = radius * math.sin(math.radians(degrees))
    y = -radius * math.cos(math.radians(degrees))
    return f"M0 0V{-radius}A{radius} {radius} 0 {int(degrees > 180)} 1 {x:.2f} {y:.2f}Z"


def clock_face(seconds: int, left: float) -> str:
    """The clock face of a round of *seconds* with *left* to go (hidden from screen
    readers: the digits beside it are the timer)."""
    turn = max(TURN, seconds)
    step = 360 * MARK / TURN if turn == TURN else 30
    marks = "".join(
        f'<line x1="0" y1="-{FACE}" x2="0" y2="-{FACE - (7 if n % 3 == 0 else 4)}" '
        f'transform="rotate({n * step:g})"/>'
        for n in range(round(360 / step))
    )
    hand = (seconds - left) / turn * 360
    return (
        f'<svg class="face" viewBox="-50 -50 100 100" aria-hidden="true" focusable="false" '
        f'data-seconds="{seconds}" data-turn="{turn}">'
        f'<circle class="dial" r="{FACE + 3}"/>'
        f'<path class="track" d="{sector(seconds / turn * 360)}"/>'
        f'<path class="swept" d="{sector(hand)}"/>'
        f'<g class="marks">{marks}</g>'
        f'<line class="hand" x1="0" y1="7" x2="0" y2="-{FACE - 4}" transform="rotate({hand:.2f})"/>'
        '<circle class="hub" r="4"/></svg>'
    )
