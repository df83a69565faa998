"""The digital Phase 10 game's log in words: events are stored as data and worded when a page shows them.

So each viewer reads the log in their own language (the translator of :mod:`app.engine.i18n` runs at
view time). Games stored before this module kept a worded ``text`` in each event; :func:`event_text`
shows that text as stored, so old games still load and show their log.

Keys of an event that start with ``_`` carry what the wording needs and the API does not show.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from app.engine.i18n import _

from .cards import Card
from .phases import PHASES
from .scoring import hand_points

if TYPE_CHECKING:
    from .sheet import Sheet


def event_text(event: Mapping[str, Any], names: Sequence[str], sheet: Sheet) -> str:
    """The sentence of one log event: as stored by an older game, else worded now for ``names`` and ``sheet``."""
    stored = event.get("text")
    if isinstance(stored, str):
        return stored
    return describe(event, names, sheet)


def shown(event: Mapping[str, Any], names: Sequence[str], sheet: Sheet) -> dict[str, Any]:
    """The event as the API shows it: ``seq``, ``round``, ``seat``, ``type``, ``text``, then its data."""
    head = {key: event[key] for key in ("seq", "round", "seat", "type")}
    head["text"] = event_text(event, names, sheet)
    head.update((key, value) for key, value in event.items() if key not in head and not key.startswith("_"))
    return head


def describe(event: Mapping[str, Any], names: Sequence[str], sheet: Sheet) -> str:
    """One event in words, translated now."""
    kind = event["type"]
    seat = event.get("seat")
    name = names[seat] if seat is not None else ""
    if kind == "draw":
        if event.get("from") == "discard":
            return _("{name} takes {card} from the discard pile.").format(name=name, card=event["card"])
        return _("{name} draws from the draw pile.").format(name=name)
    if kind == "lay_down":
        return _("{name} lays down {phase}: {cards}").format(
            name=name, phase=PHASES[event["phase"]].name, cards=" | ".join(" ".join(g) for g in event["groups"])
        )
    if kind == "hit":
        return _("{name} hits {card} on {owner}'s group {group}.").format(
            name=name, card=event["card"], owner=names[event["target"]], group=event["group"] + 1
        )
    if kind == "discard":
        if event.get("skip") is None:
            return _("{name} discards {card}.").format(name=name, card=event["card"])
        return _("{name} discards a Skip and skips {other}.").format(name=name, other=names[event["skip"]])
    if kind == "skipped":
        return _("{name} is skipped.").format(name=name)
    if kind == "deal":
        if event.get("_tiebreaker"):
            return _("Tie-breaker round: {dealer} deals to {players}.").format(
                dealer=name, players=", ".join(names[s] for s in event["_tiebreaker"])
            )
        return _("Round {round}: {dealer} deals.").format(round=event["round"], dealer=name)
    if kind == "out":
        record = event["round_record"]
        points = ", ".join(
            f"{r['player']}: {hand_points_of(r['cards'])}" for r in record["results"] if r["player"] != name
        )
        return _("{name} goes out and ends round {round} ({points}).").format(
            name=name, round=record["round"], points=points
        )
    if kind == "reshuffle":
        return _("The discard pile is shuffled to make a new draw pile.")
    if kind == "dead_round":
        return _("Nobody can finish this round: it is dealt again.")
    if kind == "tie":
        return sheet.tie_text()
    if kind == "game_over":
        outcome = sheet.outcome
        return outcome.text if outcome is not None else ""
    return kind


def hand_points_of(tokens: Sequence[str]) -> int:
    """The penalty of a hand given as card tokens."""
    return hand_points(Card.parse(token) for token in tokens)
