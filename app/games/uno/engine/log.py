"""The digital UNO game's log in words: events are stored as data and worded when shown (:func:`describe`), in
the language of the request that shows them."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from app.engine.i18n import _, join, ngettext

from .cards import COLORS
from .deck import CARD_BY_TOKEN, card_name, color_name


def _cards_words(tokens: Sequence[str]) -> str:
    return join(card_name(CARD_BY_TOKEN[t]) for t in tokens)


def _color_words(letter: str) -> str:
    return color_name(COLORS.index(letter))


def describe(
    entry: Mapping[str, Any],
    names: Sequence[str],
    *,
    cards_words: Callable[[Sequence[str]], str] = _cards_words,
    color_words: Callable[[str], str] = _color_words,
) -> str:
    """One log entry in words (translated now, so in the language of the request that shows it).

    ``cards_words`` and ``color_words`` word the entry's card tokens and colour letters: another deck's game (UNO
    Flip) words the events it shares with UNO through them, in UNO's sentences."""
    kind = entry["type"]
    seat = entry.get("seat")
    name = names[seat] if seat is not None else ""
    if kind == "deal":
        return _("Hand {round}: {name} deals; the first card is the {card}.").format(
            round=entry["round"], name=name, card=cards_words([entry["card"]])
        )
    if kind == "return":
        return _("The {card} goes back into the deck, which is shuffled; the new first card is the {new}.").format(
            card=cards_words([entry["card"]]), new=cards_words([entry["new"]])
        )
    if kind == "skipped":
        return _("{name} is skipped.").format(name=name)
    if kind == "play":
        text = _("{name} plays {cards}.").format(name=name, cards=cards_words(entry["cards"]))
        if "color" in entry:
            text += " " + _("The colour is now {color}.").format(color=color_words(entry["color"]))
        if entry.get("jump_in"):
            text += " " + _("(jump-in)")
        if entry.get("uno"):
            text += " " + _("UNO!")
        return text
    if kind == "draw":
        if "cards" in entry:
            return _("{name} draws {cards}.").format(name=name, cards=cards_words(entry["cards"]))
        return ngettext("{name} draws a card.", "{name} draws {count} cards.", entry["count"]).format(
            name=name, count=entry["count"]
        )
    if kind == "pass":
        return _("{name} keeps the drawn card.").format(name=name)
    if kind == "uno":
        return _("{name} calls UNO!").format(name=name)
    if kind == "catch":
        return _("{name} catches {target}, who did not call UNO: 2 cards.").format(
            name=name, target=names[entry["target"]]
        )
    if kind == "accept":
        return _("{name} takes the Wild Draw Four.").format(name=name)
    if kind == "challenge":
        key = (
            _("{name} challenges {by}'s Wild Draw Four: it was a bluff.")
            if entry["succeeded"]
            else _("{name} challenges {by}'s Wild Draw Four: it was legal.")
        )
        return key.format(name=name, by=names[entry["by"]])
    if kind == "color":
        return _("{name} names the colour {color}.").format(name=name, color=color_words(entry["color"]))
    if kind == "swap":
        return _("{name} swaps hands with {target}.").format(name=name, target=names[entry["target"]])
    if kind == "rotate":
        return _("Every hand passes to the next player.")
    if kind == "reshuffle":
        return _("The discard pile is shuffled into a new draw pile.")
    if kind == "hand_end":
        return _("{name} goes out and the hand ends ({points} points in the other hands).").format(
            name=name, points=entry["points"]
        )
    if kind == "game_end":
        if seat is None:
            return _("The game is over.")
        return _("{name} wins the game.").format(name=name)
    return kind
