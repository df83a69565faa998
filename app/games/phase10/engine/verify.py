"""Checking a phase laid down on the table: groups, verdicts and the reasons behind them.

``verify_groups(get_phase(3), [[...], [...]])`` answers a :class:`Verdict`: whether the groups
make the phase and, group by group, its kind, its cards in order and what each card stands for
(so a wild's value shows), or plain sentences that say why not. Groups may come in any order;
each is matched to the requirement of the phase it meets.

The lay-down finder (:mod:`.finder`) and hits (:mod:`.hits`) answer with the same values.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import pairwise, permutations
from typing import Any

from app.engine.common import is_int
from app.engine.errors import NotationError, RulesError
from app.engine.i18n import _, join, ngettext

from .cards import COLORS, HIGHEST, LOWEST, WILD, Card
from .phases import NATURAL_CARD, GroupKind, Phase, Requirement

NATURAL_CARD_RULES = NATURAL_CARD.choices
"""Values of the ``natural_card`` table rule: a natural card in the whole phase, or in every group."""

MAX_RUN = HIGHEST - LOWEST + 1
"""A run cannot be longer than 12 cards."""

StandsFor = int | str | None


def natural_rule(value: str) -> bool:
    """Check a ``natural_card`` value; ``True`` when every group needs a natural card (``"group"``)."""
    if value not in NATURAL_CARD_RULES:
        raise RulesError(_('The natural card rule is "phase" or "group", not "{value}".').format(value=value))
    return value == "group"


# --- values ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class LaidGroup:
    """A group lying on the table: its kind, its cards in order, and what each card stands for.

    ``stands_for`` holds, card by card, the number (sets and runs) or colour letter (colour
    groups) the card counts as; a group made only of wilds has ``None`` for each card of a set
    or colour group. A run's cards are in ascending order. ``requirement`` is the requirement
    of the phase the group meets (not part of the JSON form, nor of equality).
    """

    kind: GroupKind
    cards: tuple[Card, ...]
    stands_for: tuple[StandsFor, ...]
    requirement: Requirement | None = field(default=None, compare=False)

    @property
    def value(self) -> StandsFor:
        """A set's number or a colour group's colour letter (``None`` while only wilds); a run's lowest number."""
        return next((v for v in self.stands_for if v is not None), None)

    @property
    def color(self) -> str | None:
        """A colour run's colour: that of its natural cards (``None`` while only wilds)."""
        return next((c.color for c in self.cards if c.is_natural and c.color is not None), None)

    @property
    def low(self) -> int:
        """The lowest number of a run."""
        return self.stands_for[0]  # type: ignore[return-value]

    @property
    def high(self) -> int:
        """The highest number of a run."""
        return self.stands_for[-1]  # type: ignore[return-value]

    def to_json(self) -> dict[str, Any]:
        """``{"kind": "run", "cards": ["R3", "4", "W", "6"], "stands_for": [3, 4, 5, 6]}``."""
        return {"kind": self.kind.value, "cards": [str(c) for c in self.cards], "stands_for": list(self.stands_for)}

    @classmethod
    def from_json(cls, data: Any) -> LaidGroup:
        """The group that :meth:`to_json` wrote; raise :class:`NotationError` when it is not a coherent group."""
        if not isinstance(data, dict) or set(data) != {"kind", "cards", "stands_for"}:
            raise NotationError(_('A laid-down group is an object with "kind", "cards" and "stands_for".'))
        try:
            kind = GroupKind(data["kind"])
        except ValueError:
            raise NotationError(
                _('A group\'s kind is "set", "run", "color" or "color_run", not "{kind}".').format(kind=data["kind"])
            ) from None
        cards, stands = data["cards"], data["stands_for"]
        if not isinstance(cards, list) or not isinstance(stands, list) or not cards or len(cards) != len(stands):
            raise NotationError(_('A laid-down group needs one "stands_for" entry for each of its cards.'))
        group = cls(kind, tuple(Card.parse(t) for t in cards), tuple(stands))
        if not _coherent(group):
            raise NotationError(
                _("The cards {cards} cannot stand for {values} in a {kind} group.").format(
                    cards=group, values=" ".join(str(v) for v in stands), kind=kind.value
                )
            )
        return group

    def __str__(self) -> str:
        return " ".join(str(c) for c in self.cards)


def _coherent(group: LaidGroup) -> bool:
    """Whether a group's ``stands_for`` agrees with its kind and cards (used to check outside input)."""
    cards, stands = group.cards, group.stands_for
    if any(c.is_skip for c in cards):
        return False
    if group.kind in (GroupKind.RUN, GroupKind.COLOR_RUN):
        if group.kind is GroupKind.COLOR_RUN and len({c.color for c in cards if not c.is_wild}) > 1:
            return False
        numbers = [v for v in stands if is_int(v)]
        if len(numbers) != len(stands):
            return False
        first = numbers[0]
        return (
            first >= LOWEST
            and first + len(stands) - 1 <= HIGHEST
            and all(v == first + i for i, v in enumerate(numbers))
            and all(c.is_wild or c.number == v for c, v in zip(cards, stands))
        )
    values = set(stands)
    if len(values) != 1:
        return False
    (value,) = values
    if value is None:
        return all(c.is_wild for c in cards)
    if group.kind is GroupKind.SET:
        return (
            isinstance(value, int)
            and not isinstance(value, bool)
            and LOWEST <= value <= HIGHEST
            and all(c.is_wild or c.number == value for c in cards)
        )
    return value in COLORS and all(c.is_wild or c.color == value for c in cards)


@dataclass(frozen=True, slots=True)
class Verdict:
    """The answer about a phase: valid or not, the groups (when valid) and the reasons (when not)."""

    valid: bool
    phase: Phase
    groups: tuple[LaidGroup, ...] = ()
    reasons: tuple[str, ...] = ()
    closest: tuple[tuple[str, ...], ...] = ()
    """For a hand that falls short: the closest lay-down's groups as card tokens, ``?`` for each missing card
    (shown on the page; not part of the API answer)."""

    def to_json(self) -> dict[str, Any]:
        """``{"valid": ..., "phase": 3, "groups": [...], "reasons": [...]}`` as API.md fixes it."""
        return {
            "valid": self.valid,
            "phase": self.phase.key,
            "groups": [g.to_json() for g in self.groups],
            "reasons": list(self.reasons),
        }


# --- words ----------------------------------------------------------------------------------------


def join_words(items: Sequence[object], last: str = "and") -> str:
    """``"7"``, ``"7 and 8"``, ``"7, 8 and 9"`` in the current language (``last="or"`` for alternatives)."""
    return join(items, "or" if last == "or" else "standard")


def color_name(letter: str) -> str:
    """``"red"`` for ``"R"``: the colour's name as a noun, for lists of colours; a sentence in which a colour
    describes cards or a group is a message of its own for each colour."""
    # Translators: a colour's name standing alone, as a noun ("mixes the colours red and blue"; German "Rot").
    return {"R": _("red"), "B": _("blue"), "G": _("green"), "Y": _("yellow")}[letter]


def capitalized(text: str) -> str:
    return text[:1].upper() + text[1:]


def _text(cards: Sequence[Card]) -> str:
    return " ".join(str(c) for c in cards)


# --- one group against one requirement ------------------------------------------------------------


@dataclass(slots=True)
class _Fit:
    """How a group meets a requirement: ``badness`` 0 and a group, or the reasons it does not."""

    badness: int
    reasons: list[str]
    group: LaidGroup | None = None


def _too_short(shown: str, phase: Phase, req: Requirement) -> str:
    """A group shorter than its requirement: one whole sentence per kind of group (each language's case and
    gender of "set", "run", "colour group" and "colour run" differ), the size a number."""
    if req.kind is GroupKind.SET:
        template = _("The set {cards} is too short: {phase} needs a set of {size}.")
    elif req.kind is GroupKind.RUN:
        template = _("The run {cards} is too short: {phase} needs a run of {size}.")
    elif req.kind is GroupKind.COLOR_RUN:
        template = _("The colour run {cards} is too short: {phase} needs a colour run of {size}.")
    else:
        template = ngettext(
            "The colour group {cards} is too short: {phase} needs 1 card of one colour.",
            "The colour group {cards} is too short: {phase} needs {size} cards of one colour.",
            req.size,
        )
    return template.format(cards=shown, phase=phase.name, size=req.size)


def _fit_set(cards: Sequence[Card], req: Requirement, shown: str, phase: Phase) -> _Fit:
    numbers = Counter(c.number for c in cards if c.number is not None)  # the naturals' numbers
    reasons = []
    if len(numbers) > 1:
        reasons.append(
            _("The set {cards} mixes numbers {numbers}.").format(cards=shown, numbers=join_words(sorted(numbers)))
        )
    if len(cards) < req.size:
        reasons.append(_too_short(shown, phase, req))
    if reasons:
        badness = sum(numbers.values()) - max(numbers.values(), default=0) + max(0, req.size - len(cards))
        return _Fit(badness, reasons)
    value = next(iter(numbers), None)
    return _Fit(0, [], LaidGroup(GroupKind.SET, tuple(cards), (value,) * len(cards), req))


def _fit_color(cards: Sequence[Card], req: Requirement, shown: str, phase: Phase) -> _Fit:
    naturals = [c for c in cards if c.is_natural]
    colorless = [c for c in naturals if c.color is None]
    colors = Counter(c.color for c in naturals if c.color is not None)
    reasons = []
    if colorless:
        if len(colorless) == 1:
            number = colorless[0].number
            reasons.append(
                _(
                    "The colour group {cards} holds {card}, whose colour was not given: say which colour it is "
                    "({choices})."
                ).format(cards=shown, card=number, choices=join_words([f"{c}{number}" for c in COLORS], "or"))
            )
        else:
            reasons.append(
                _(
                    "The colour group {cards} holds {numbers}, whose colours were not given: say which colour each "
                    "is (for example R{number})."
                ).format(cards=shown, numbers=join_words([c.number for c in colorless]), number=colorless[0].number)
            )
    if len(colors) > 1:
        reasons.append(
            _("The colour group {cards} mixes colours {colors}.").format(
                cards=shown, colors=join_words([color_name(c) for c in COLORS if c in colors])
            )
        )
    if len(cards) < req.size:
        reasons.append(_too_short(shown, phase, req))
    if reasons:
        badness = (
            len(colorless) + sum(colors.values()) - max(colors.values(), default=0) + max(0, req.size - len(cards))
        )
        return _Fit(badness, reasons)
    value = next(iter(colors), None)
    return _Fit(0, [], LaidGroup(GroupKind.COLOR, tuple(cards), (value,) * len(cards), req))


def _run_keep(distinct: Sequence[int], wilds: int) -> int:
    """The most distinct numbers that ``wilds`` wilds can join into one run."""
    best = 0
    for i in range(len(distinct)):
        for j in range(i, len(distinct)):
            if distinct[j] - distinct[i] - (j - i) <= wilds:
                best = max(best, j - i + 1)
    return best


def _fit_run(cards: Sequence[Card], req: Requirement, shown: str, phase: Phase) -> _Fit:
    numbers = [c.number for c in cards if c.number is not None]  # the naturals' numbers
    wilds = len(cards) - len(numbers)
    counts = Counter(numbers)
    distinct = sorted(counts)
    reasons = []
    repeated = [n for n in distinct if counts[n] > 1]
    if repeated:
        reasons.append(
            _("The run {cards} repeats {numbers}: no number may repeat inside a run.").format(
                cards=shown, numbers=join_words(repeated)
            )
        )
    if len(cards) > MAX_RUN:
        reasons.append(
            _("The run {cards} has {count} cards, but a run cannot be longer than 12.").format(
                cards=shown, count=len(cards)
            )
        )
    present = set(distinct)
    missing = [n for n in range(distinct[0], distinct[-1] + 1) if n not in present] if distinct else []
    if len(missing) > wilds:
        if LOWEST in present and HIGHEST in present and _fits_if_wrapped(distinct, wilds):
            reasons.append(
                _("The run {cards} wraps around, but runs do not wrap: 12 is not followed by 1.").format(cards=shown)
            )
        else:
            reasons.append(_gap_reason(shown, missing, wilds))
    if len(cards) < req.size:
        reasons.append(_too_short(shown, phase, req))
    if reasons:
        badness = (
            len(numbers) - _run_keep(distinct, wilds) + max(0, req.size - len(cards)) + max(0, len(cards) - MAX_RUN)
        )
        return _Fit(badness, reasons)
    ordered, stands = arrange_run(cards)
    return _Fit(0, [], LaidGroup(GroupKind.RUN, ordered, stands, req))


def _gap_reason(shown: str, missing: Sequence[int], wilds: int) -> str:
    """Why a run's gaps cannot be filled: whole sentences, plural forms chosen by the number of gaps."""
    if wilds == 0:
        template = ngettext(
            "The run {cards} has a gap ({numbers}) but no wild to fill it.",
            "The run {cards} has {count} gaps ({numbers}) but no wild to fill them.",
            len(missing),
        )
    elif wilds == 1:
        template = ngettext(
            "The run {cards} has a gap ({numbers}) but only one wild.",
            "The run {cards} has {count} gaps ({numbers}) but only one wild.",
            len(missing),
        )
    else:
        template = ngettext(
            "The run {cards} has a gap ({numbers}) but only {wilds} wilds.",
            "The run {cards} has {count} gaps ({numbers}) but only {wilds} wilds.",
            len(missing),
        )
    return template.format(cards=shown, count=len(missing), numbers=join_words(missing), wilds=wilds)


def _fits_if_wrapped(distinct: Sequence[int], wilds: int) -> bool:
    """Whether the numbers would make a run if 12 were followed by 1 (so "runs do not wrap" is the reason)."""
    span = HIGHEST - LOWEST + 1
    gaps = [b - a - 1 for a, b in pairwise(distinct)] + [distinct[0] + span - distinct[-1] - 1]
    return span - len(distinct) - max(gaps) <= wilds


def arrange_run(cards: Sequence[Card]) -> tuple[tuple[Card, ...], tuple[int, ...]]:
    """The order and values of cards known to form a run (API.md's rule).

    Cards that read as a run in the order given (ascending, each wild taking the place where it
    stands) keep that order. Otherwise: naturals ascending, wilds in the gaps, spare wilds above
    the highest card up to 12, then below the lowest. Only wilds: 1, 2, 3, ...
    """
    size = len(cards)
    start = next((c.number - i for i, c in enumerate(cards) if c.number is not None), LOWEST)
    if (
        start >= LOWEST
        and start + size - 1 <= HIGHEST
        and all(c.is_wild or c.number == start + i for i, c in enumerate(cards))
    ):
        return tuple(cards), tuple(range(start, start + size))
    by_number = {c.number: c for c in cards if c.number is not None}
    low, high = min(by_number), max(by_number)
    spare = size - (high - low + 1)
    above = min(spare, HIGHEST - high)
    start = low - (spare - above)
    values = tuple(range(start, start + size))
    return tuple(by_number.get(v, WILD) for v in values), values


def _fit_color_run(cards: Sequence[Card], req: Requirement, shown: str, phase: Phase) -> _Fit:
    """A colour run (RULES.md, newer decks): a run whose natural cards are all of one colour."""
    as_run = _fit_run(cards, req, shown, phase)
    naturals = [c for c in cards if c.is_natural]
    colorless = [c for c in naturals if c.color is None]
    colors = Counter(c.color for c in naturals if c.color is not None)
    reasons = []
    if colorless:
        reasons.append(
            _(
                "The colour run {cards} holds {numbers}, whose colour was not given: say which colour each card is "
                "(for example R{number})."
            ).format(cards=shown, numbers=join_words([c.number for c in colorless]), number=colorless[0].number)
        )
    if len(colors) > 1:
        reasons.append(
            _("The colour run {cards} mixes colours {colors}: every card of a colour run has one colour.").format(
                cards=shown, colors=join_words([color_name(c) for c in COLORS if c in colors])
            )
        )
    if reasons or as_run.group is None:
        badness = as_run.badness + len(colorless) + sum(colors.values()) - max(colors.values(), default=0)
        return _Fit(max(badness, 1), reasons + as_run.reasons)
    group = as_run.group
    return _Fit(0, [], LaidGroup(GroupKind.COLOR_RUN, group.cards, group.stands_for, req))


_FITS = {
    GroupKind.SET: _fit_set,
    GroupKind.RUN: _fit_run,
    GroupKind.COLOR: _fit_color,
    GroupKind.COLOR_RUN: _fit_color_run,
}


# --- the whole phase ------------------------------------------------------------------------------


def _count_reason(phase: Phase, count: int) -> str:
    need = len(phase.requirements)
    if count == 0:
        template = ngettext(
            "{phase} needs {need} group ({groups}), but no group was laid down.",
            "{phase} needs {need} groups ({groups}), but no group was laid down.",
            need,
        )
    elif need == 1:
        template = ngettext(
            "{phase} needs 1 group ({groups}), but {count} was laid down.",
            "{phase} needs 1 group ({groups}), but {count} were laid down.",
            count,
        )
    else:
        template = ngettext(
            "{phase} needs {need} groups ({groups}), but {count} was laid down.",
            "{phase} needs {need} groups ({groups}), but {count} were laid down.",
            count,
        )
    return template.format(phase=capitalized(phase.name), need=need, groups=phase.describe(), count=count)


def verify_groups(phase: Phase, groups: Sequence[Sequence[Card]], natural_card: str = "phase") -> Verdict:
    """Check cards laid down as ``groups`` against ``phase``.

    Groups may come in any order (each is matched to the requirement it meets) and may be
    longer than required as long as the extra cards fit. ``natural_card`` is the table rule:
    ``"phase"`` (a natural card somewhere in the phase) or ``"group"`` (in every group).
    A valid verdict lists the groups in the order given, runs arranged as API.md says; an
    invalid one has no groups and says why, naming each group and requirement concerned.
    """
    every_group = natural_rule(natural_card)
    sent = [tuple(g) for g in groups]
    reasons: list[str] = []
    need = len(phase.requirements)
    if len(sent) != need:
        reasons.append(_count_reason(phase, len(sent)))
    for number, cards in enumerate(sent, start=1):
        skips = sum(1 for c in cards if c.is_skip)
        if not cards:
            reasons.append(_("Group {number} is empty.").format(number=number))
        elif skips:
            template = ngettext(
                "A Skip can never be part of a phase: take it out of group {number} ({cards}).",
                "A Skip can never be part of a phase: take them out of group {number} ({cards}).",
                skips,
            )
            reasons.append(template.format(number=number, cards=_text(cards)))
    plain = [tuple(c for c in cards if not c.is_skip) for cards in sent]

    natural_reasons = []
    if every_group:
        for number, cards in enumerate(plain, start=1):
            if cards and not any(c.is_natural for c in cards):
                natural_reasons.append(
                    _(
                        'Group {number} ({cards}) has no natural card: under the table rule "group" every group '
                        "needs at least one card that is not a wild."
                    ).format(number=number, cards=_text(cards))
                )
    elif not any(c.is_natural for cards in plain for c in cards) and any(plain):
        natural_reasons.append(_("The phase has no natural card: at least one card must not be a wild."))

    if len(sent) != need:
        return Verdict(False, phase, (), tuple(reasons + natural_reasons))

    fits = [[_FITS[req.kind](cards, req, _text(cards), phase) for req in phase.requirements] for cards in plain]
    best_order, best_cost = None, None
    for order in permutations(range(need)):
        cost = sum(fits[i][r].badness for i, r in enumerate(order))
        if best_cost is None or cost < best_cost:
            best_order, best_cost = order, cost
    assert best_order is not None
    for i, r in enumerate(best_order):
        if plain[i]:
            reasons.extend(fits[i][r].reasons)
    reasons.extend(natural_reasons)
    if reasons:
        return Verdict(False, phase, (), tuple(reasons))
    laid = tuple(fits[i][r].group for i, r in enumerate(best_order))
    return Verdict(True, phase, laid, ())  # type: ignore[arg-type]
