"""The reasons file (anagramdb/data/reasons.txt): why the review accepts or refuses a word,
for ``anagramdb check`` to say (format in docs/FORMAT.md).

Three sources, all from SCOWL and the reviewed files, so a rerun gives the same bytes:

- ``ize``: each -ize word the lists took from british_z, with its -ise spelling when the
  lists have it (organize: "Oxford spelling; also organise");
- every entry of the drop list, with its reason and Oxford's form;
- ``form-of``: each form that leaves the lists with a dropped word (scowl_drop_forms.txt),
  with that word (beermats: beermat), whose own reason ``check`` then gives;
- ``no-comparative`` and ``no-plural``: an inflection hunspell accepts that the evidence
  refuses (scowl_unattested.txt), with its base (dreader: dread);
- each word of variant_3 and australian that scowl_variants.txt drops, as ``us-spelling``
  when its note says so (licorice), else ``not-in-oxford`` (coathanger);
- ``us-spelling``: each word of SCOWL's american lists that no packaged list holds, when
  one spelling change (US_CHANGES: color -> colour, center -> centre, analyze -> analyse,
  traveled -> travelled, ...) gives a word of the lists (analyze: "British analyse").
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from scowl_reviews import Drop

# (US pattern, British replacement), each tried alone at every place the pattern matches.
US_CHANGES = (
    (re.compile("yz"), "ys"),
    (re.compile("(?<=.)or(?=s?$|ed|ing|ful|less|ly|ite|ist|ism|ize|ise|able|ous|er)"), "our"),
    (re.compile("(?<=[bcdfgkmnprstv])er(?=s?$)"), "re"),
    (re.compile("(?<=[bcdfgkmnprstv])ered$"), "red"),  # centered: centred, never centreed
    (re.compile("(?<=[bcdfgkmnprstv])ering(?=s?$)"), "ring"),  # centering: centring
    (re.compile("(?<=[^aeiou])e(?=[a-z]{3})"), "ae"),
    (re.compile("(?<=[^aeiou])e(?=[a-z]{3})"), "oe"),
    (re.compile("(?<=[aeiou])l(?=ed$|ing$|ings$|er$|ers$|ation)"), "ll"),
    (re.compile("ll(?=ful|ment|s?$)"), "l"),
    (re.compile("og(?=s?$|ed$|ing$|er$|ers$)"), "ogue"),
    (re.compile("ense(?=s?$|less)"), "ence"),
    (re.compile("(?<=g)ment"), "ement"),
    (re.compile("mold"), "mould"),
    (re.compile("plow"), "plough"),
    (re.compile("gray"), "grey"),
    (re.compile("^check"), "cheque"),
    (re.compile("draft"), "draught"),
    (re.compile("sulf"), "sulph"),
    (re.compile("program(?=s?$)"), "programme"),
    (re.compile("^tire"), "tyre"),
    (re.compile("pajama"), "pyjama"),
    (re.compile("aluminum"), "aluminium"),
    (re.compile("skept"), "scept"),
    (re.compile("ax(?=s?$)"), "axe"),
    (re.compile("ass(?=hole)"), "arse"),
    (re.compile("(?<=co)z(?=[iy])"), "s"),
    (re.compile("ward$"), "wards"),
)
IZE = re.compile("iz")


def british_spelling(word: str, words: frozenset[str] | set[str]) -> str | None:
    """The word of *words* that one US_CHANGES change makes of *word*, or None."""
    for pattern, british in US_CHANGES:
        for found in pattern.finditer(word):
            candidate = word[: found.start()] + british + word[found.end() :]
            if candidate != word and candidate in words:
                return candidate
    return None


def ise_spelling(word: str, words: frozenset[str] | set[str]) -> str:
    """The -ise spelling of the -ize *word* in *words*, or '' when the lists lack it."""
    for found in reversed(list(IZE.finditer(word))):
        candidate = word[: found.start()] + "is" + word[found.end() :]
        if candidate in words:
            return candidate
    return ""


def reasons(
    ize: Iterable[str],
    drops: Mapping[str, Drop],
    american: Iterable[str],
    words: frozenset[str] | set[str],
    drop_forms: Mapping[str, str] | None = None,
    unattested: Mapping[str, tuple[str, str]] | None = None,
    variants: Mapping[str, str] | None = None,
    british: frozenset[str] | set[str] | None = None,
) -> list[tuple[str, str, str]]:
    """The sorted ``(word, reason, form)`` rows: *ize* words, the drop list, the forms that
    go with it (*drop_forms*, form: dropped word), the *unattested* forms (form: (reason,
    base)), the refused *variants* (word: reason) that *british* lacks,
    and the *american* words that *words* lacks but spells the British way. A British form
    offered is a word of *british* (the default list; *words* when None), never a word of
    the largest list alone (agre, centreing)."""
    british = words if british is None else british
    rows: dict[str, tuple[str, str, str]] = {}
    for word in american:
        if word not in words and word not in drops:
            spelt = british_spelling(word, british)
            if spelt is not None:
                rows[word] = (word, "us-spelling", spelt)
    for word, reason in (variants or {}).items():
        if word not in british and word not in rows:
            spelt = None
            if reason == "us-spelling":  # licorice has none here; advertize: advertise
                spelt = british_spelling(word, british) or ise_spelling(word, british)
            rows[word] = (word, reason, spelt or "")
    for word in ize:
        rows[word] = (word, "ize", ise_spelling(word, words))
    for form, (reason, base) in (unattested or {}).items():
        rows[form] = (form, reason, base)
    for form, base in (drop_forms or {}).items():
        rows[form] = (form, "form-of", base)
    for drop in drops.values():
        rows[drop.word] = (drop.word, drop.reason, drop.oxford)
    return sorted(rows.values())
