"""Translation hooks for the engine's messages.

The engine stays free of Flask, yet every sentence it shows a player is marked with ``_`` (or
``ngettext`` when it holds a count) so that ``pybabel extract`` finds it; numbers people read in a
sentence go through :func:`number`. The web layer installs
a translator with :func:`set_translator` (Flask-Babel's); without one, messages are English.
Sentences are whole, with named placeholders: a count picks the plural form through
``ngettext``, and lists are joined by :func:`join` (Babel's list patterns in the web layer).
A placeholder holds a name or a number (a player, a card's notation or name, a phase's name, a count),
never a translated word that the sentence around it would have to inflect: a sentence about a set, a run
or a red group is its own message, because German, Hebrew, Hindi, Welsh and Romanian change case, gender
or word order around such a word. A short word that reads differently by use gets :func:`pgettext`.

Messages are translated when they are built, so each carries the request's language.
"""

from collections.abc import Callable, Iterable


def _english_plural(singular: str, plural: str, count: int) -> str:
    return singular if count == 1 else plural


def _english_join(items: Iterable[object], style: str = "standard") -> str:
    words = [str(item) for item in items]
    if len(words) <= 1:
        return "".join(words)
    word = "or" if style == "or" else "and"
    return f"{', '.join(words[:-1])} {word} {words[-1]}"


_translator: Callable[[str], str] = lambda message: message  # noqa: E731
_plural: Callable[[str, str, int], str] = _english_plural
_join: Callable[..., str] = _english_join
_number: Callable[[int], str] = str
_context: Callable[[str, str], str] = lambda context, message: message  # noqa: E731


def set_translator(
    translate: Callable[[str], str],
    ngettext: Callable[[str, str, int], str] | None = None,
    join: Callable[..., str] | None = None,
    number: Callable[[int], str] | None = None,
    pgettext: Callable[[str, str], str] | None = None,
) -> None:
    """Use ``translate`` (and ``ngettext``, ``join``, ``number``, ``pgettext`` when given) for every engine message
    from now on."""
    global _translator, _plural, _join, _number, _context
    _translator = translate
    _plural = ngettext or _english_plural
    _join = join or _english_join
    _number = number or str
    _context = pgettext or (lambda context, message: message)


def _(message: str) -> str:
    """Translate ``message`` (an English template, formatted by the caller afterwards)."""
    return _translator(message)


def pgettext(context: str, message: str) -> str:
    """Translate a short ``message`` that reads differently by ``context`` (``pgettext("colour name", "red")``)."""
    return _context(context, message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The form of ``singular``/``plural`` for ``count`` in the current language (formatted by the caller)."""
    return _plural(singular, plural, count)


def join(items: Iterable[object], style: str = "standard") -> str:
    """``"7"``, ``"7 and 8"``, ``"7, 8 and 9"`` in the current language; ``style="or"`` for alternatives."""
    return _join(items, style)


def number(value: int) -> str:
    """``value`` as the current language writes a number people read ("12,345"; "12.345" in German).

    Never for card notation or for a value a person types back into a field.
    """
    return _number(value)


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it now (it is translated where shown)."""
    return message
