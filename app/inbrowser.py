"""The page's way into the engine in the phone's browser (Pyodide): the page's language, then
:func:`app.provisional.count`, with JSON in and out.

Not pure: it reads the language's compiled catalogue from the engine's zip (:mod:`app.enginezip`), so that the
engine's sentences (why a kept round cannot be counted) are in the page's language, as the server says them.
"""

from __future__ import annotations

import gettext
import json
from pathlib import Path

from .engine import i18n
from .provisional import count

TRANSLATIONS = Path(__file__).resolve().parent / "translations"


def use_language(code: str) -> None:
    """The engine's sentences in ``code`` from now on (English when the zip holds no catalogue for it)."""
    catalogue = gettext.translation("messages", TRANSLATIONS, languages=[code], fallback=True)
    i18n.set_translator(catalogue.gettext, ngettext=catalogue.ngettext, pgettext=catalogue.pgettext)


def count_json(sheet: str, kept: str, language: str = "en") -> str:
    """:func:`app.provisional.count` from and to JSON text, its sentences in ``language``."""
    use_language(language)
    return json.dumps(count(json.loads(sheet), json.loads(kept)), ensure_ascii=False)
