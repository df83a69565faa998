"""Hits: playing a card onto a group that lies on the table.

A set takes a card of its number, a run one below its lowest or one above its highest card
(within 1-12, at most 12 cards), a colour group a card of its colour. Wilds go anywhere (on a
run at either end). A natural card never takes the place a wild holds, and Skips are never
played on a phase. :func:`check_hit` says whether one hit is legal and what the group becomes;
:func:`hit_options` lists every legal way to play a card on a group.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from app.engine.errors import IllegalActionError
from app.engine.i18n import _

from .cards import HIGHEST, LOWEST, Card
from .phases import GroupKind
from .verify import MAX_RUN, LaidGroup, StandsFor, join_words

ENDS = ("low", "high")
"""The two ends of a run: ``low`` (below its lowest card) and ``high`` (above its highest)."""


@dataclass(frozen=True, slots=True)
class HitResult:
    """Whether a hit is legal; why (or why not); what the card stands for; where it goes; the group after it.

    ``end`` is ``"low"`` or ``"high"`` for a run and ``None`` otherwise; ``group`` is ``None``
    when the hit is not legal.
    """

    legal: bool
    reason: str
    stands_for: StandsFor = None
    end: str | None = None
    group: LaidGroup | None = None


def _refuse(reason: str) -> HitResult:
    return HitResult(False, reason)


def check_hit(group: LaidGroup, card: Card, end: str | None = None) -> HitResult:
    """Whether ``card`` may be hit on ``group``, and the group it makes.

    ``end`` chooses the end of a run a wild goes to; it is needed only where both ends are
    open (without it the wild goes on the high end). A natural card's end follows from its
    number; an ``end`` that contradicts it makes the hit illegal. Other groups ignore ``end``.
    """
    if end is not None and end not in ENDS:
        raise IllegalActionError(_('The end of a run is "low" or "high", not "{end}".').format(end=end))
    if card.is_skip:
        return _refuse(_("A Skip can never be played on a phase."))
    if group.kind is GroupKind.RUN:
        return _hit_run(group, card, end)
    if group.kind is GroupKind.COLOR_RUN:
        return _hit_color_run(group, card, end)
    if group.kind is GroupKind.SET:
        return _hit_set(group, card)
    return _hit_color(group, card)


def hit_options(group: LaidGroup, card: Card) -> list[HitResult]:
    """Every legal way to hit ``card`` on ``group``: a wild on a run open at both ends gives two."""
    if group.kind in (GroupKind.RUN, GroupKind.COLOR_RUN) and card.is_wild:
        options = [check_hit(group, card, end) for end in ENDS]
    else:
        options = [check_hit(group, card)]
    return [o for o in options if o.legal]


def _hit_set(group: LaidGroup, card: Card) -> HitResult:
    value = group.value
    if card.is_wild:
        reason = (
            _("The wild joins the set of {number}s.") if value is not None else _("The wild joins the set of wilds.")
        ).format(number=value)
        return HitResult(
            True,
            reason,
            value,
            None,
            LaidGroup(group.kind, group.cards + (card,), group.stands_for + (value,), group.requirement),
        )
    if value is not None and card.number != value:
        return _refuse(
            _("The set of {number}s takes only {number}s (or a wild), not {card}.").format(number=value, card=card)
        )
    size = len(group.cards) + 1
    return HitResult(
        True,
        _("The {card} joins the set of {number}s.").format(card=card, number=card.number),
        card.number,
        None,
        LaidGroup(group.kind, group.cards + (card,), (card.number,) * size, group.requirement),
    )


def _hit_color(group: LaidGroup, card: Card) -> HitResult:
    value = group.value
    if card.is_wild:
        reason = _wild_joins(str(value)) if value is not None else _("The wild joins the colour group of wilds.")
        return HitResult(
            True,
            reason,
            value,
            None,
            LaidGroup(group.kind, group.cards + (card,), group.stands_for + (value,), group.requirement),
        )
    if card.color is None:
        if value is None:
            reason = _("Say which colour the {card} is: a colour group counts only cards of a known colour.")
            return _refuse(reason.format(card=card))
        return _refuse(_say_which_colour(str(value)).format(card=card))
    if value is not None and card.color != value:
        return _refuse(_group_takes_only(str(value)).format(card=card))
    size = len(group.cards) + 1
    return HitResult(
        True,
        _card_joins(card.color).format(card=card),
        card.color,
        None,
        LaidGroup(group.kind, group.cards + (card,), (card.color,) * size, group.requirement),
    )


def _extend(group: LaidGroup, card: Card, end: str) -> LaidGroup:
    if end == "low":
        return LaidGroup(group.kind, (card,) + group.cards, (group.low - 1,) + group.stands_for, group.requirement)
    return LaidGroup(group.kind, group.cards + (card,), group.stands_for + (group.high + 1,), group.requirement)


def _hit_run(group: LaidGroup, card: Card, end: str | None) -> HitResult:
    low, high = group.low, group.high
    if len(group.cards) >= MAX_RUN:
        return _refuse(_("The run {cards} already has 12 cards: a run cannot be longer.").format(cards=group))
    open_ends = [e for e, ok in zip(ENDS, (low > LOWEST, high < HIGHEST)) if ok]
    if card.is_wild:
        if end is None:
            end = "high" if "high" in open_ends else "low"
        if end not in open_ends:
            return _refuse(
                (
                    _("The run {cards} cannot grow downward: it already starts at 1.")
                    if end == "low"
                    else _("The run {cards} cannot grow upward: it already ends at 12.")
                ).format(cards=group)
            )
        value = low - 1 if end == "low" else high + 1
        reason = (
            _("The wild goes below the run, standing for {number}.")
            if end == "low"
            else _("The wild goes above the run, standing for {number}.")
        ).format(number=value)
        return HitResult(True, reason, value, end, _extend(group, card, end))
    number = card.number
    assert number is not None, "wilds are handled above and skips refused before"
    if number == low - 1:
        fits = "low"
    elif number == high + 1:
        fits = "high"
    elif low <= number <= high:
        if group.cards[number - low].is_wild:
            return _refuse(
                _("On the run {cards} the wild stands for {number}: a natural {number} cannot take its place.").format(
                    cards=group, number=number
                )
            )
        return _refuse(
            _("The run {cards} already holds a {number}: no number may repeat inside a run.").format(
                cards=group, number=number
            )
        )
    else:
        takes = [n for n, e in ((low - 1, "low"), (high + 1, "high")) if e in open_ends]
        return _refuse(
            _("The run {cards} takes only {numbers} (or a wild), not {card}.").format(
                cards=group, numbers=join_words(takes, "or"), card=card
            )
        )
    if end is not None and end != fits:
        return _refuse(
            (
                _("The {card} can only go below the run.")
                if fits == "low"
                else _("The {card} can only go above the run.")
            ).format(card=card)
        )
    reason = (_("The {card} goes below the run.") if fits == "low" else _("The {card} goes above the run.")).format(
        card=card
    )
    return HitResult(True, reason, number, fits, _extend(group, card, fits))


def _hit_color_run(group: LaidGroup, card: Card, end: str | None) -> HitResult:
    """A colour run takes what a run takes, in its colour (RULES.md: either end, the same colour)."""
    color = group.color
    if card.is_natural and card.color is None:
        return _refuse(
            _("Say which colour the {card} is: a colour run takes only cards of its colour.").format(card=card)
        )
    if card.is_natural and color is not None and card.color != color:
        return _refuse(_run_takes_only(color).format(card=card))
    return _hit_run(group, card, end)


def read_group(cards: Sequence[Card], kind: GroupKind | str | None = None) -> LaidGroup:
    """A group as it lies on the table, read from its cards in the order they lie.

    ``kind`` says whether it is a set, a run or a colour group; without it the cards decide
    (tried as a set, then a run, then a colour group). A group of only wilds needs its kind:
    a set or colour group of wilds stands for nothing yet, a run of them for 1, 2, 3…
    Raises :class:`IllegalActionError` with the reason when the cards cannot lie together.
    """
    from .phases import Phase, Requirement
    from .verify import verify_groups

    cards = tuple(cards)
    if not cards:
        raise IllegalActionError(_("Enter the cards of the group as they lie on the table."))
    kinds = [GroupKind(kind)] if kind else [GroupKind.SET, GroupKind.RUN, GroupKind.COLOR]
    if all(c.is_wild for c in cards):
        if not kind:
            raise IllegalActionError(_("A group of only wilds could be a set, a run or a colour group: say which."))
        if kinds[0] in (GroupKind.RUN, GroupKind.COLOR_RUN):
            if len(cards) > MAX_RUN:
                raise IllegalActionError(_("A run holds at most 12 cards."))
            return LaidGroup(kinds[0], cards, tuple(range(LOWEST, LOWEST + len(cards))))
        return LaidGroup(kinds[0], cards, (None,) * len(cards))
    reasons: list[str] = []
    readings = []
    for each in kinds:
        verdict = verify_groups(Phase("group", (Requirement(each, 1),)), [cards])
        if verdict.valid:
            readings.append(verdict.groups[0])
        else:
            reasons.extend(verdict.reasons)
    if len(readings) > 1:
        # Wilds can make the same cards more than one kind of group (5 W W W: a set of 5s or a run): ask.
        raise IllegalActionError(could_be(group.kind for group in readings))
    if readings:
        return readings[0]
    raise IllegalActionError(" ".join(reasons))


def group_readings(cards: Sequence[Card], kinds: Sequence[GroupKind] | None = None) -> list[LaidGroup]:
    """Every kind of group ``cards`` can be (wilds can make ``5 W`` a set or a run); empty when none, or when
    every card is wild (such a group needs its kind said). ``kinds``: only those (the kinds a table's phase list
    lays down), else every kind."""
    if not cards or all(c.is_wild for c in cards):
        return []
    found = []
    for kind in GroupKind if kinds is None else kinds:
        try:
            found.append(read_group(cards, kind))
        except IllegalActionError:
            continue
    return found


def hit_whichever(readings: Sequence[LaidGroup], card: Card, end: str | None = None) -> HitResult | None:
    """The answer for ``card`` on a group that could be read several ways, when it does not depend on the
    reading: every reading refuses it (or every one takes it). ``None`` when the answer depends on it (then ask)."""
    results = [check_hit(group, card, end) for group in readings]
    if len({r.legal for r in results}) != 1:
        return None
    if len(results) == 1:
        return results[0]
    reason = " ".join(AS_KIND[group.kind]().format(reason=result.reason) for group, result in zip(readings, results))
    return HitResult(results[0].legal, reason)


# --- whole sentences per colour and per kind of group ------------------------------------------------
# A colour that describes cards or a group ("only red cards", "the red group") and a kind of group ("as a set")
# is part of its own sentence: German, Hebrew, Hindi, Welsh and Romanian inflect it by the sentence around it.


def _wild_joins(color: str) -> str:
    return {
        "R": lambda: _("The wild joins the red group."),
        "B": lambda: _("The wild joins the blue group."),
        "G": lambda: _("The wild joins the green group."),
        "Y": lambda: _("The wild joins the yellow group."),
    }[color]()


def _card_joins(color: str) -> str:
    return {
        "R": lambda: _("The {card} joins the red group."),
        "B": lambda: _("The {card} joins the blue group."),
        "G": lambda: _("The {card} joins the green group."),
        "Y": lambda: _("The {card} joins the yellow group."),
    }[color]()


def _say_which_colour(color: str) -> str:
    return {
        "R": lambda: _("Say which colour the {card} is: this colour group takes only red cards."),
        "B": lambda: _("Say which colour the {card} is: this colour group takes only blue cards."),
        "G": lambda: _("Say which colour the {card} is: this colour group takes only green cards."),
        "Y": lambda: _("Say which colour the {card} is: this colour group takes only yellow cards."),
    }[color]()


def _group_takes_only(color: str) -> str:
    return {
        "R": lambda: _("This colour group takes only red cards (or a wild), not {card}."),
        "B": lambda: _("This colour group takes only blue cards (or a wild), not {card}."),
        "G": lambda: _("This colour group takes only green cards (or a wild), not {card}."),
        "Y": lambda: _("This colour group takes only yellow cards (or a wild), not {card}."),
    }[color]()


def _run_takes_only(color: str) -> str:
    return {
        "R": lambda: _("This colour run takes only red cards (or a wild), not {card}."),
        "B": lambda: _("This colour run takes only blue cards (or a wild), not {card}."),
        "G": lambda: _("This colour run takes only green cards (or a wild), not {card}."),
        "Y": lambda: _("This colour run takes only yellow cards (or a wild), not {card}."),
    }[color]()


AS_KIND = {
    # Translators: {reason} is a whole sentence: what happens to the card when the group is read this way.
    GroupKind.SET: lambda: _("As a set: {reason}"),
    GroupKind.RUN: lambda: _("As a run: {reason}"),
    GroupKind.COLOR: lambda: _("As a colour group: {reason}"),
    GroupKind.COLOR_RUN: lambda: _("As a colour run: {reason}"),
}
"""The answer for a group that could be read several ways, reading by reading."""

_COULD_BE = {
    frozenset({GroupKind.SET, GroupKind.RUN}): lambda: _("These cards could be a set or a run: say which."),
    frozenset({GroupKind.SET, GroupKind.COLOR}): lambda: _("These cards could be a set or a colour group: say which."),
    frozenset({GroupKind.RUN, GroupKind.COLOR}): lambda: _("These cards could be a run or a colour group: say which."),
    frozenset({GroupKind.SET, GroupKind.RUN, GroupKind.COLOR}): lambda: _(
        "These cards could be a set, a run or a colour group: say which."
    ),
}


def could_be(kinds: Iterable[GroupKind]) -> str:
    """ "These cards could be a set or a run: say which." for the kinds the cards can be read as (two or three of
    set, run and colour group; a colour run is read only when asked for, so it is never one of several)."""
    return _COULD_BE[frozenset(kinds)]()


MAKES_KIND = {
    GroupKind.SET: lambda: _("These cards make a set, and no phase of this list lays one down."),
    GroupKind.RUN: lambda: _("These cards make a run, and no phase of this list lays one down."),
    GroupKind.COLOR: lambda: _("These cards make a colour group, and no phase of this list lays one down."),
    GroupKind.COLOR_RUN: lambda: _("These cards make a colour run, and no phase of this list lays one down."),
}
"""A group of a kind the table's phase list never lays down (the phase check following a sheet's list)."""
