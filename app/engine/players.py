"""Players and seats, the same for both games, score sheets and digital tables alike.

:func:`check_players` checks a list of names (stored in Unicode NFC; count, length, no two alike ignoring case
and how the letters are composed: "Zoë" is one name whether its ë is one character or e + U+0308),
:func:`parse_seats` the seats of a digital game (a name and an optional bot each), and
:func:`match_player` finds a player by name; :func:`join_names` lists names in a sentence; :func:`isolated` and
:func:`isolate_names` set names apart from the sentence around them.
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

IGNORABLE = re.compile(
    "[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f"
    "\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8\U0001bca0-\U0001bca3\U0001d173-\U0001d17a"
    "\U000e0000-\U000e0fff]"
)
"""Unicode's default-ignorable characters: a font draws nothing for them (zero-width spaces and joiners, the
soft hyphen, the Hangul fillers U+3164 and U+FFA0, variation selectors, tags)."""

EMOJI_HELPERS = re.compile("[\ufe00-\ufe0f\U000e0020-\U000e007f\U000e0100-\U000e01ef]")
"""Ignorables that only shape the character before them (an emoji's variation selector, a flag's tags): allowed."""

JOINERS = re.compile("(?<=[^\\s\u200c\u200d])[\u200c\u200d](?=[^\\s\u200c\u200d])")
"""A zero-width joiner or non-joiner between two visible characters (an emoji sequence, Hindi or Persian
spelling): allowed; anywhere else it only hides a difference."""

BLANKS = re.compile("[\\s\u2800\u3000]+")
"""What shows as empty space: spaces of every width and the blank braille pattern."""

LOOK_ALIKES = str.maketrans(
    {
        # Cyrillic letters drawn like Latin ones (lower case: names are compared case-folded).
        "а": "a", "в": "b", "е": "e", "ѐ": "è", "ё": "ë", "і": "i", "ї": "ï", "ј": "j", "к": "k", "м": "m",
        "н": "h", "о": "o", "р": "p", "с": "c", "т": "t", "у": "y", "х": "x", "ѕ": "s", "һ": "h", "ԁ": "d",
        "ԛ": "q", "ԝ": "w", "ӏ": "l", "ү": "y", "ɡ": "g",
        # Greek.
        "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p", "τ": "t",
        "υ": "u", "χ": "x", "ϲ": "c", "ϳ": "j",
        # Armenian and Latin letters drawn like other Latin ones.
        "օ": "o", "ս": "u", "ı": "i", "ℓ": "l",
    }
)  # fmt: skip
"""Letters of other scripts that a reader cannot tell from a Latin letter (after Unicode's confusables list)."""

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


def hidden_characters(name: str) -> bool:
    """Whether ``name`` holds a character that shows nothing: a zero-width space, a Hangul filler, a soft
    hyphen, a joiner that joins nothing (an emoji's variation selector and a joiner between two visible
    characters are allowed)."""
    return IGNORABLE.search(JOINERS.sub("", EMOJI_HELPERS.sub("", name))) is not None


def shows_nothing(name: str) -> bool:
    """Whether ``name`` is only blank space and characters that draw nothing (``"\u2800"``)."""
    return not BLANKS.sub("", IGNORABLE.sub("", name))


def look(name: str) -> str:
    """What a reader sees of ``name``: two names with the same look cannot be told apart on a sheet
    ("Ana" and "Аna" with a Cyrillic А; "Ana" and "Ana" with a zero-width joiner). Compatibility forms are
    folded (full-width letters), case is ignored, letters of other scripts drawn alike are the Latin letter."""
    folded = unicodedata.normalize("NFKD", IGNORABLE.sub("", name_key(name)))
    return unicodedata.normalize("NFC", folded.translate(LOOK_ALIKES))


def check_players(names: Any, minimum: int, maximum: int) -> tuple[str, ...]:
    """The players' names, trimmed, in seating order; raise :class:`RulesError` when the list cannot be a game.

    The game takes ``minimum`` to ``maximum`` players; each name is 1 to :data:`MAX_NAME` characters
    after trimming, in Unicode NFC (:func:`normal_name`), unique ignoring case and composition
    (:func:`name_key`), without control or direction characters (:func:`printable_name`), without
    characters that show nothing (:func:`hidden_characters`, :func:`shows_nothing`), and no two that look
    alike (:func:`look`).
    """
    if not isinstance(names, (list, tuple)) or not all(isinstance(name, str) for name in names):
        raise RulesError(_("The players must be a list of names."))
    if any(not printable_name(name) for name in names):
        raise RulesError(_("A player's name can hold letters, digits, spaces and signs, but no control characters."))
    for number, name in enumerate(names, start=1):
        if name.strip() and shows_nothing(name):
            raise RulesError(
                _("Player {number}'s name shows nothing on the screen: give them a name with visible letters.").format(
                    number=number
                )
            )
        if hidden_characters(name):
            raise RulesError(
                _(
                    "Player {number}'s name holds an invisible character (such as a zero-width space): "
                    "type the name again with visible letters only."
                ).format(number=number)
            )
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
    looks: dict[str, str] = {}
    for name in trimmed:
        if look(name) in looks:
            raise RulesError(
                _(
                    "{name} and {other} look the same on the screen: give each player a name that looks different."
                ).format(name=looks[look(name)], other=name)
            )
        looks[look(name)] = name
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


def isolated(name: str) -> str:
    """A player's name set apart from the sentence around it (Unicode's first-strong isolate, as ``<bdi>``
    does in a page): a Hebrew sentence keeps its quotes and full stop in place around a Latin name."""
    return f"\u2068{name}\u2069"


def isolate_names(message: str, names: Sequence[str]) -> str:
    """``message`` with every player's name in it isolated (:func:`isolated`)."""
    if not names:
        return message
    pattern = "|".join(re.escape(name) for name in sorted(names, key=len, reverse=True))
    return re.sub(rf"(?<!\w)(?:{pattern})(?!\w)", lambda found: isolated(found.group(0)), message)
