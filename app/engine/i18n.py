"""Translation hook for the engine's messages.

The engine stays free of Flask, yet every sentence it shows a player is marked with
``_`` so that ``pybabel extract`` finds it. The web layer installs a translator with
:func:`set_translator` (Flask-Babel's ``gettext``); without one, messages are English.

Messages are translated when they are built, so each carries the request's language.
"""

from collections.abc import Callable

_translator: Callable[[str], str] = lambda message: message  # noqa: E731


def set_translator(translate: Callable[[str], str]) -> None:
    """Use ``translate`` for every engine message from now on."""
    global _translator
    _translator = translate


def _(message: str) -> str:
    """Translate ``message`` (an English template, formatted by the caller afterwards)."""
    return _translator(message)


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it now (it is translated where shown)."""
    return message
