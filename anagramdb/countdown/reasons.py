"""Why the review of the packaged lists accepts or refuses a word, for ``check`` to say.

The packaged file REASONS_FILE (data/reasons.txt and its index, made by
tools/make_default_dictionary.py; format in docs/FORMAT.md) is keyed text (kinds.KEYED):
one line a word, ``WORD<TAB>REASON<TAB>FORM``, sorted by WORD: the -ize spellings the lists
took from SCOWL's british_z (REASON ``ize``, FORM the -ise spelling), every word of the
reviewed drop list with its reason and Oxford's form, and US spellings with their British
form, and the forms that leave the lists with a dropped word (REASON ``form-of``, FORM that
word, whose own reason is given after it). ``explain(word)`` looks one up through
keyed.KeyedFile, as a dictionary lookup does.
"""

from __future__ import annotations

import os
from typing import NamedTuple

from ..keyed import KeyedFile
from ..keys import fold
from ..kinds import KEYED
from ..packaged import data_path

REASONS_FILE = data_path("reasons.txt")
# How each REASON reads after "word: ", with {form} the line's FORM.
TEXTS = {
    "ize": "Oxford spelling; also {form}",
    "us-spelling": "US spelling; British {form}",
    "hyphenated": "Oxford writes {form}",
    "phrase-only": "Oxford has it only as {form}",
    "inflection": "Oxford's form is {form}",
    "abbreviation": "an abbreviation ({form})",
    "mass-plural": "a mass noun in Oxford, with no plural",
    "not-in-oxford": "not in the Oxford dictionary, which has {form}",
    "form-of": "a form of {form}",
    "no-comparative": "{form} does not grade: no -er or -est form in use",
    "no-plural": "no plural of {form} in use (a mass noun)",
}
NO_FORM = {
    "ize": "Oxford spelling",
    "abbreviation": "an abbreviation",
    "us-spelling": "a US or misformed spelling",
    "not-in-oxford": "not in the Oxford dictionary",
}


class Reason(NamedTuple):
    """What the review knows about one word: REASON and FORM of its line."""

    word: str
    reason: str
    form: str

    @property
    def accepted(self) -> bool:
        """True when the review accepts the word (an Oxford -ize spelling)."""
        return self.reason == "ize"

    def __str__(self) -> str:
        if not self.form and self.reason in NO_FORM:
            return NO_FORM[self.reason]
        return TEXTS.get(self.reason, self.reason).format(form=self.form)


def explain(word: str, path: str = REASONS_FILE) -> Reason | None:
    """The review's reason for *word* (folded), or None (also when *path* is missing).
    Cost: one keyed lookup, O(log n) in the index and one block of the file."""
    folded = fold(word)
    if not os.path.exists(path):
        return None
    with KeyedFile(path, KEYED) as reasons:
        found = reasons.get(folded)
        if found is None:
            return None
        reason, _, form = found.partition("\t")
        if reason == "form-of":  # beermats: a form of beermat: Oxford has it only as beer mat
            base = reasons.get(form)
            if base is not None:
                base_reason, _, base_form = base.partition("\t")
                form = f"{form}: {Reason(form, base_reason, base_form)}"
    return Reason(folded, reason, form)
