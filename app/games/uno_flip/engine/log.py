"""The digital UNO Flip game's log in words: events are stored as data (each with the side its cards were read
on) and worded when shown (:func:`describe`), in the language of the request that shows them. The events UNO has
too (a deal, a play, a draw, a call, a catch, a colour named, the end of a hand or game) are worded by UNO's log
(:func:`app.games.uno.engine.log.describe`) in UNO's sentences, with Flip's cards and colours read on their side;
only Flip's own events are worded here."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from app.engine.i18n import _, join
from app.games.uno.engine.log import describe as uno_describe

from .cards import LIGHT
from .deck import COLORS, color_name, token_name


def describe(entry: Mapping[str, Any], names: Sequence[str]) -> str:
    """One log entry in words (translated now, so in the language of the request that shows it)."""
    kind = entry["type"]
    seat = entry.get("seat")
    side = entry.get("side", LIGHT)
    name = names[seat] if seat is not None else ""

    def cards_words(tokens: Sequence[str]) -> str:
        return join(token_name(t, side) for t in tokens)

    if kind == "flip":
        text = (
            _("Everything flips to the dark side: the top of the discard pile is now the {card}.")
            if side != LIGHT
            else _("Everything flips to the light side: the top of the discard pile is now the {card}.")
        )
        return text.format(card=cards_words([entry["card"]]))
    if kind == "skip_everyone":
        return _("Everyone else is skipped: {name} plays again.").format(name=name)
    if kind == "accept":
        return _("{name} takes the {card}.").format(name=name, card=cards_words([entry["card"]]))
    if kind == "challenge":
        key = (
            _("{name} challenges {by}'s {card}: it was a bluff.")
            if entry["succeeded"]
            else _("{name} challenges {by}'s {card}: it was legal.")
        )
        return key.format(name=name, by=names[entry["by"]], card=cards_words([entry["card"]]))
    text = uno_describe(
        entry,
        names,
        cards_words=cards_words,
        color_words=lambda letter: color_name(side, COLORS[side].index(letter)),
    )
    if kind == "hand_end":
        text += " " + (
            _("The hand is scored on the light side.") if side == LIGHT else _("The hand is scored on the dark side.")
        )
    return text
