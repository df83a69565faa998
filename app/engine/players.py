"""Players and seats, the same for both games, score sheets and digital tables alike.

:func:`check_players` checks a list of names (stored in Unicode NFC; count, length, no two alike ignoring case
and how the letters are composed: "Zoë" is one name whether its ë is one character or e + U+0308),
:func:`parse_seats` the seats of a digital game (a name and an optional bot each), and
:func:`match_player` finds a player by name; :func:`join_names` lists names in a sentence.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from .errors import RulesError
from .i18n import _, join

MAX_NAME = 30
"""The longest name a player may have, after trimming."""

BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Direction controls: in a name they could turn the rest of a line around (pages isolate names with <bdi>)."""

_UNPRINTABLE = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff" + "".join(sorted(BIDI_CONTROLS)) + "]")
"""Unicode's control characters (category Cc), halves of surrogate pairs (Cs) and the direction controls."""

BOT_NAMES = ("random", "smart")
"""The bots a seat of a digital game may carry, in both games (each game's ``bots.BOTS`` implements them)."""

SEAT_KEYS = ("name", "bot")
"""The keys a seat of a digital game may have."""

_ECHO = 40  # how much of an unknown key or bot name an error message repeats


def join_names(names: Sequence[str]) -> str:
    """``"Ana"``, ``"Ana and Ben"``, ``"Ana, Ben and Cy"``."""
    return join(names)


def normal_name(name: str) -> str:
    """``name`` trimmed, in Unicode NFC: "Zoe" + U+0308 (a combining diaeresis) is stored as "Zoë" (U+00EB)."""
    return unicodedata.normalize("NFC", name.strip())


def name_key(name: str) -> str:
    """What two spellings of one player's name share: NFC, case folded (and NFC again, as folding may
    decompose), trimmed. "ZOË", "zoë" and "Zoe" + U+0308 are one name."""
    return unicodedata.normalize("NFC", normal_name(name).casefold())


def printable_name(name: str) -> bool:
    """Whether ``name`` holds no control character (a line break, a NUL, a direction override) nor half of a
    surrogate pair (text that cannot be stored as UTF-8)."""
    return _UNPRINTABLE.search(name) is None


def check_players(names: Any, minimum: int, maximum: int) -> tuple[str, ...]:
    """The players' names, trimmed, in seating order; raise :class:`RulesError` when the list cannot be a game.

    The game takes ``minimum`` to ``maximum`` players; each name is 1 to :data:`MAX_NAME` characters
    after trimming, in Unicode NFC (:func:`normal_name`), unique ignoring case and composition
    (:func:`name_key`), without control or direction characters (:func:`printable_name`).
    """
    if not isinstance(names, (list, tuple)) or not all(isinstance(name, str) for name in names):
        raise RulesError(_("The players must be a list of names."))
    if any(not printable_name(name) for name in names):
        raise RulesError(_("A player's name can hold letters, digits, spaces and signs, but no control characters."))
    trimmed = tuple(normal_name(name) for name in names)
    if not minimum <= len(trimmed) <= maximum:
        raise RulesError(
            _("This game takes {minimum} to {maximum} players, not {count}.").format(
                minimum=minimum, maximum=maximum, count=len(trimmed)
            )
        )
    seen: dict[str, str] = {}
    for number, name in enumerate(trimmed, start=1):
        if not name:
            raise RulesError(_("Player {number} has no name.").format(number=number))
        if len(name) > MAX_NAME:
            raise RulesError(
                _("The name {name} is too long: at most {maximum} characters.").format(name=name, maximum=MAX_NAME)
            )
        if name_key(name) in seen:
            raise RulesError(
                _("{name} and {other} are the same name: give each player a different one.").format(
                    name=seen[name_key(name)], other=name
                )
            )
        seen[name_key(name)] = name
    return trimmed


def parse_seats(
    seats: Any,
    bots: Collection[str],
    minimum: int,
    maximum: int,
    *,
    plain_names: bool = True,
) -> tuple[tuple[str, ...], tuple[str | None, ...]]:
    """The names (checked by :func:`check_players`) and bots of a digital game's seats.

    Each seat is ``{"name": ..., "bot": None | one of bots}`` or, with ``plain_names``, just a name
    (a person). Raises :class:`RulesError` with a sentence naming the seat that is wrong.
    """
    if not isinstance(seats, (list, tuple)):
        raise RulesError(_("The seats must be a list of players."))
    names: list[Any] = []
    chosen: list[str | None] = []
    for number, seat in enumerate(seats, start=1):
        if isinstance(seat, str) and plain_names:
            seat = {"name": seat}
        if not isinstance(seat, Mapping):
            raise RulesError(
                _('Seat {number} must be an object with a "name" (and "bot" for a bot).').format(number=number)
            )
        unknown = sorted(str(k) for k in seat if k not in SEAT_KEYS)
        if unknown:
            raise RulesError(
                _('Seat {number} has an unknown field "{name}": a seat has "name" and "bot".').format(
                    number=number, name=unknown[0][:_ECHO]
                )
            )
        if not isinstance(seat.get("name"), str):
            raise RulesError(_("Seat {number} needs a name.").format(number=number))
        bot = seat.get("bot")
        if bot is not None and (not isinstance(bot, str) or bot not in bots):
            raise RulesError(
                _("Seat {number}: there is no bot called {bot}; choose one of {bots}.").format(
                    number=number, bot=str(bot)[:_ECHO], bots=", ".join(bots)
                )
            )
        names.append(seat["name"])
        chosen.append(bot)
    return check_players(names, minimum, maximum), tuple(chosen)


def match_player(name: str, players: Sequence[str]) -> str | None:
    """The game's spelling of ``name`` (compared ignoring case, composition and surrounding spaces), or ``None``."""
    if name in players:  # spelled as the game spells it (names are unique ignoring case)
        return name
    key = name_key(name)
    return next((player for player in players if name_key(player) == key), None)
