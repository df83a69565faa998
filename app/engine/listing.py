"""Lists in a sentence, as each language joins them ("Ana, Ben und Cy"): one function for the server and for the
phone's browser, where the engine counts kept rounds (Pyodide, no Babel there).

The words come from CLDR's list patterns, which the caller passes (the server reads them from Babel,
:func:`app.i18n.list_patterns`; the sheet page hands the page language's to the browser). Where a language's
speakers write a list otherwise than CLDR, its own joiner is used: Welsh "Ana, Ben a Cy" / "10 ac 11" (CLDR gives
a literal "a(c)"), Hebrew "Ana, Ben ו־Cy" / "10 ו־11" (ו joins a Hebrew word directly, anything else through a
maqaf), Hindi "Ana, Ben और Cy" (no serial comma).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Mapping, Sequence

_TAGS = re.compile(r"<[^>]*>")
_WELSH_DIGIT_VOWEL = {"1": True, "8": True}  # un, wyth; the other digits' Welsh names start with a consonant


def _first_letter(item: str) -> str:
    """The first character a reader sees in ``item`` (markup such as ``<bdi>`` left out)."""
    text = _TAGS.sub("", item).lstrip()
    return text[:1]


def _welsh_and(item: str) -> str:
    """ " a " or " ac " before ``item``: "ac" before a vowel, read aloud (numbers by their Welsh names)."""
    text = _TAGS.sub("", item).lstrip()
    digits = re.match(r"[0-9]+", text)
    if digits:
        number = int(digits.group())
        if 10 <= number <= 19:
            vowel = number != 10  # deg; un deg un … un deg naw
        elif 100 <= number < 200 or 1000 <= number < 2000:
            vowel = False  # cant, mil
        else:
            vowel = _WELSH_DIGIT_VOWEL.get(digits.group()[0], False)
    else:
        vowel = unicodedata.normalize("NFD", text[:1]).lower()[:1] in set("aeiouwy")
    return (" ac " if vowel else " a ") + item


def _hebrew_and(item: str) -> str:
    """ " ו" joined to a Hebrew word, " ו־" (with a maqaf) before digits, Latin names and anything else."""
    first = _first_letter(item)
    hebrew = "\u05d0" <= first <= "\u05ea"
    return (" ו" if hebrew else " ו\u05be") + item


AND_JOINERS: dict[str, Callable[[str], str]] = {
    "cy": _welsh_and,
    "he": _hebrew_and,
    "hi": lambda item: " और " + item,
}
"""The languages whose "and" lists are written otherwise than CLDR's patterns: the last item with its "and"."""


def join_list(items: Sequence[str], patterns: Mapping[str, str], language: str = "", style: str = "standard") -> str:
    """``items`` as ``language`` joins them: its own "and" (:data:`AND_JOINERS`) for a ``standard`` list, else
    CLDR's ``patterns`` for ``style`` (``start``, ``middle``, ``end`` and ``2``, each with ``{0}`` and ``{1}``)."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    joiner = AND_JOINERS.get(language) if style == "standard" else None
    if joiner is not None:
        return ", ".join(items[:-1]) + joiner(items[-1])
    if len(items) == 2 and "2" in patterns:
        return patterns["2"].format(*items)
    result = patterns["start"].format(items[0], items[1])
    for item in items[2:-1]:
        result = patterns["middle"].format(result, item)
    return patterns["end"].format(result, items[-1])
