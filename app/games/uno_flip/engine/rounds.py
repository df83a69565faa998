"""One hand of an UNO Flip score sheet: UNO's hand (:mod:`app.games.uno.engine.rounds`) read on the side it ended on.

A round carries ``side`` (``"light"`` or ``"dark"``, required, typed points too); every card entered is read
on that side, the hands are worth that side's values, and together they must fit that side's 112 faces.
Typed points run from 1 (no card scores 0) to the side's whole value and are checked together against it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import Any

from app.engine.errors import RoundError
from app.engine.i18n import _, ngettext
from app.engine.options import RuleSet
from app.engine.sheetbase import read_each
from app.games.uno.engine import rounds as uno
from app.games.uno.engine.rounds import DeckRules, RoundContext, parse_result, read_hand_head

from .cards import DECKS, LIGHT, SIDES, card_points, parse_card


def _shortage(value: int, count: int) -> str:
    """ "The deck has only 8 cards worth 10 points.": a side's classes of cards, each in a whole sentence."""
    if value < 10 or value == 20 or value >= 40:
        return uno.shortage(value, count)
    return ngettext(
        "The deck has only 1 card worth {value} points.", "The deck has only {count} cards worth {value} points.", count
    ).format(count=count, value=value)


SIDE_DECKS = {
    side: DeckRules(DECKS[side], partial(parse_card, side=side), card_points, _shortage, least_points=1)
    for side in SIDES
}
"""Each side's deck as the hand's check reads it."""

SIDE_POINTS = {side: deck.total for side, deck in SIDE_DECKS.items()}
"""The value of each side's whole deck: no hand read on it can be worth more."""


@dataclass(frozen=True, slots=True)
class RoundEntry(uno.RoundEntry):
    """A hand as entered: who went out, the side it ended on, and the other players' leftover hands."""

    side: str

    def to_json(self) -> dict[str, Any]:
        return {**uno.RoundEntry.to_json(self), "side": self.side}


@dataclass(frozen=True, slots=True)
class ScoredRound(uno.ScoredRound):
    """A hand that passed every check, with the side it ended on."""

    entry_type = RoundEntry  # type: ignore[assignment]

    side: str

    @property
    def entry(self) -> RoundEntry:
        return RoundEntry(self.went_out, tuple(r.result for r in self.results), self.side)

    def to_json(self) -> dict[str, Any]:
        return {**uno.ScoredRound.to_json(self), "side": self.side}


def read_side(body: Any) -> str:
    """The round's ``side``; raise :class:`RoundError` when it is missing or not a side."""
    side = body.get("side") if isinstance(body, dict) else None
    if side not in SIDES:
        raise RoundError(_('side must be "light" or "dark": the side of the cards when the hand ended.'))
    return side


def parse_round(body: Any, rules: RuleSet, *, stored: bool = False) -> RoundEntry:
    """Read a hand from its JSON body (API.md "Decks people own"); raise :class:`RoundError` when malformed."""
    went_out, results = read_hand_head(body, stored, ("side",))
    side = read_side(body)
    parse = SIDE_DECKS[side].parse
    return RoundEntry(went_out, read_each(results, lambda item, index: parse_result(item, index, parse, stored)), side)


def score_round(entry: RoundEntry, context: RoundContext) -> ScoredRound:
    """UNO's checks and scoring (:func:`app.games.uno.engine.rounds.score_round`) with the deck of the hand's side."""
    scored = uno.score_round(entry, context, SIDE_DECKS[entry.side])
    return ScoredRound(scored.number, scored.dealer, scored.went_out, scored.results, scored.scores, entry.side)


# --- a hand filled in row by row: each row says the side the hand ended on ---------------------------------


@dataclass(frozen=True, slots=True)
class SidedResult(uno.Result):
    """One player's row of a hand filled in together: the leftover hand read on ``side``, the side the player saw
    the hand end on (every row of a hand must say the same)."""

    side: str = LIGHT

    def to_json(self) -> dict[str, Any]:
        return {**uno.Result.to_json(self), "side": self.side}


def parse_row(item: Any) -> SidedResult:
    """One player's row (a ``results`` item with ``side``) read on its own; raise :class:`RoundError` when
    malformed (a card is read on the row's side)."""
    side = read_side(item)
    result = parse_result({k: v for k, v in item.items() if k != "side"}, 0, SIDE_DECKS[side].parse, False)
    return SidedResult(result.player, result.cards, result.points, side)


def score_row(result: SidedResult, went_out: bool, context: RoundContext) -> uno.ScoredResult:
    """One player's row checked on its own, as UNO checks it, with the deck of the row's side."""
    return uno.score_row(result, went_out, context, SIDE_DECKS[result.side])


def check_together(scored: list[uno.ScoredResult], went_out: str | None, context: RoundContext) -> None:
    """The rows filled in so far checked together: all on one side, and the hands of the players who did not go
    out as UNO checks them with that side's deck; raise :class:`RoundError` if not."""
    if not scored:
        return
    # The one who went out holds no hand, so their row's side says nothing of the hand (a form's default side when
    # Out was tapped): the hands held say on which side it ended.
    sided = [line for line in scored if line.player != went_out] or scored
    first = sided[0].result
    for line in sided[1:]:
        if line.result.side != first.side:
            if first.side == LIGHT:
                template = _(
                    "{player}'s hand was entered as ending on the light side and {other}'s on the dark side: a hand "
                    "ends on one side for everyone."
                )
            else:
                template = _(
                    "{player}'s hand was entered as ending on the dark side and {other}'s on the light side: a hand "
                    "ends on one side for everyone."
                )
            raise RoundError(template.format(player=first.player, other=line.result.player), player=line.result.player)
    uno.check_together([line for line in scored if line.player != went_out], context, SIDE_DECKS[first.side])


def round_of_rows(body: dict[str, Any]) -> dict[str, Any]:
    """The round body the rows make: the side the rows say (they agree, else :class:`RoundError`), on the round."""
    results = body.get("results", [])
    winner = body.get("went_out")
    # The hands held say the side (the row of the one who went out holds none: its side is a form's default).
    sides = {item.get("side") for item in results if "side" in item and item.get("player") != winner}
    if not sides:
        sides = {item.get("side") for item in results if "side" in item}
    if len(sides) > 1:
        raise RoundError(_("The hands were entered on different sides: a hand ends on one side for everyone."))
    return {
        **body,
        "results": [{k: v for k, v in item.items() if k != "side"} for item in results],
        **({"side": sides.pop()} if sides else {}),
    }
