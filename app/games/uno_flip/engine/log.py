"""The digital UNO Flip game's log in words: events are stored as data (each with the side its cards were read
on) and worded when shown (:func:`describe`), in the language of the request that shows them. The sentences UNO's
log has are UNO's (the same words, translated once)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from app.engine.i18n import _, join, ngettext

from .actions import UNO
from .cards import LIGHT, side_word
from .deck import COLORS, color_name, token_name


def _cards_words(tokens: Sequence[str], side: str) -> str:
    return join(token_name(t, side) for t in tokens)


def describe(entry: Mapping[str, Any], names: Sequence[str]) -> str:
    """One log entry in words (translated now, so in the language of the request that shows it)."""
    kind = entry["type"]
    seat = entry.get("seat")
    side = entry.get("side", LIGHT)
    name = names[seat] if seat is not None else ""
    if kind == "deal":
        return _("Hand {round}: {name} deals; the first card is the {card}.").format(
            round=entry["round"], name=name, card=_cards_words([entry["card"]], LIGHT)
        )
    if kind == "return":
        return _("The {card} goes back into the deck, which is shuffled; the new first card is the {new}.").format(
            card=_cards_words([entry["card"]], LIGHT), new=_cards_words([entry["new"]], LIGHT)
        )
    if kind == "flip":
        text = (
            _("Everything flips to the dark side: the top of the discard pile is now the {card}.")
            if side != LIGHT
            else _("Everything flips to the light side: the top of the discard pile is now the {card}.")
        )
        return text.format(card=_cards_words([entry["card"]], side))
    if kind == "skipped":
        return _("{name} is skipped.").format(name=name)
    if kind == "skip_everyone":
        return _("Everyone else is skipped: {name} plays again.").format(name=name)
    if kind == "play":
        text = _("{name} plays {cards}.").format(name=name, cards=_cards_words(entry["cards"], side))
        if "color" in entry:
            color = color_name(side, COLORS[side].index(entry["color"]))
            text += " " + _("The colour is now {color}.").format(color=color)
        if entry.get("uno"):
            text += " " + _("UNO!")
        return text
    if kind == "draw":
        if "cards" in entry:
            return _("{name} draws {cards}.").format(name=name, cards=_cards_words(entry["cards"], side))
        return ngettext("{name} draws a card.", "{name} draws {count} cards.", entry["count"]).format(
            name=name, count=entry["count"]
        )
    if kind == "pass":
        return _("{name} keeps the drawn card.").format(name=name)
    if kind == UNO:  # the UNO call
        return _("{name} calls UNO!").format(name=name)
    if kind == "catch":
        return _("{name} catches {target}, who did not call UNO: 2 cards.").format(
            name=name, target=names[entry["target"]]
        )
    if kind == "accept":
        return _("{name} takes the {card}.").format(name=name, card=_cards_words([entry["card"]], side))
    if kind == "challenge":
        key = (
            _("{name} challenges {by}'s {card}: it was a bluff.")
            if entry["succeeded"]
            else _("{name} challenges {by}'s {card}: it was legal.")
        )
        return key.format(name=name, by=names[entry["by"]], card=_cards_words([entry["card"]], side))
    if kind == "color":
        color = color_name(side, COLORS[side].index(entry["color"]))
        return _("{name} names the colour {color}.").format(name=name, color=color)
    if kind == "reshuffle":
        return _("The discard pile is shuffled into a new draw pile.")
    if kind == "hand_end":
        text = _("{name} goes out and the hand ends ({points} points in the other hands).").format(
            name=name, points=entry["points"]
        )
        return text + " " + _("The hand is scored on {side}.").format(side=side_word(side))
    if kind == "game_end":
        if seat is None:
            return _("The game is over.")
        return _("{name} wins the game.").format(name=name)
    return kind
