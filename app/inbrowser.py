"""The page's way into the engine in the phone's browser (Pyodide): the page's language, then
:func:`app.provisional.count`, with JSON in and out.

Not pure: it reads the language's compiled catalogue from the engine's zip (:mod:`app.enginezip`), so that the
engine's sentences (why a kept round cannot be counted) are in the page's language, as the server says them.
"""

from __future__ import annotations

import gettext
import json
from collections.abc import Iterable, Mapping
from pathlib import Path

from .engine import i18n
from .engine.listing import join_list
from .provisional import count

TRANSLATIONS = Path(__file__).resolve().parent / "translations"


def use_language(code: str, lists: Mapping[str, Mapping[str, str]] | None = None) -> None:
    """The engine's sentences in ``code`` from now on (English when the zip holds no catalogue for it), its lists
    joined with CLDR's ``lists`` patterns of ``code`` (by style, as the sheet page gives them; English's "and"
    without them)."""
    catalogue = gettext.translation("messages", TRANSLATIONS, languages=[code], fallback=True)
    join = None
    if lists:

        def join(items: Iterable[object], style: str = "standard") -> str:
            return join_list([str(item) for item in items], lists[style], code, style)

    i18n.set_translator(catalogue.gettext, ngettext=catalogue.ngettext, join=join, pgettext=catalogue.pgettext)


def count_json(sheet: str, kept: str, language: str = "en", lists: str = "{}") -> str:
    """:func:`app.provisional.count` from and to JSON text, its sentences in ``language`` (lists joined with the
    CLDR patterns ``lists``, JSON: :func:`use_language`)."""
    use_language(language, json.loads(lists))
    return json.dumps(count(json.loads(sheet), json.loads(kept)), ensure_ascii=False)
