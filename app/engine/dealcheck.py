"""Typed totals checked together: is there one deal of the deck that gives every player what was entered?

A total typed for one player is possible alone, yet two of them may not be: two Phase 10 hands of
230 points each need all eight wilds. Only a hand's value matters for a total, so the deck is seen
as *classes* of cards of equal value (Phase 10: 1–9, 10–12, skips, wilds; UNO: each face value,
the 20-point actions, the wilds), each with the number of copies left once the cards entered
explicitly (as cards, counts or a laid-down phase) are taken out. Each player whose total was typed
is a :class:`Demand`: that many points in a hand of ``least`` to ``most`` cards.

:func:`deal_exists` searches for one hand per demand (a count per class), players with the largest
totals first and high cards first, so a possible round is usually confirmed by the first hands it
tries; a position already shown to fail is remembered. The answer is exact: ``True`` when a deal
exists, ``False`` when none does. A search that would take longer than its budget answers ``None``
(the caller then accepts the round: a possible round is never refused).
:func:`conflicting` names a smallest set of demands that cannot all be met, and the class of cards
they run out of.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .errors import RoundError
from .i18n import _, join, ngettext, number

DEFAULT_BUDGET = 20_000
"""Search steps before :func:`deal_exists` gives up with ``None`` (far above what real rounds take)."""


@dataclass(frozen=True, slots=True)
class CardClass:
    """Cards of one value: ``count`` copies left in the deck (``in_deck`` in the whole deck), each worth ``value``.

    ``shortage`` is the whole sentence that says the deck holds only ``in_deck`` of them ("The deck has only 8
    wilds."), shown when a round runs short of them: each game words its classes, a count through ngettext."""

    shortage: str
    value: int
    count: int
    in_deck: int = 0


@dataclass(frozen=True, slots=True)
class Demand:
    """A player's typed total: a hand worth ``points`` holding ``least`` to ``most`` cards."""

    player: str
    points: int
    least: int
    most: int


class _OutOfBudget(Exception):
    pass


class _Budget:
    """Search steps left, shared by the searches of one question."""

    def __init__(self, steps: int):
        self.left = steps


class _Search:
    def __init__(self, classes: Sequence[CardClass], demands: Sequence[Demand], budget: _Budget):
        ordered = sorted(classes, key=lambda c: -c.value)
        self.values = tuple(c.value for c in ordered)
        self.start = tuple(max(0, c.count) for c in ordered)
        self.budget = budget
        # Hands of 0 points first (they have one shape: worthless cards), then the largest totals.
        self.demands = sorted(demands, key=lambda d: (d.points > 0, -d.points))
        self.failed: set[tuple[int, tuple[int, ...]]] = set()
        # What the players from i on need at least, in points and in cards.
        self.points_after = [sum(d.points for d in self.demands[i:]) for i in range(len(self.demands) + 1)]
        self.cards_after = [sum(d.least for d in self.demands[i:]) for i in range(len(self.demands) + 1)]

    def _step(self) -> None:
        self.budget.left -= 1
        if self.budget.left < 0:
            raise _OutOfBudget

    def run(self) -> bool:
        return self._solve(0, self.start)

    def _solve(self, i: int, counts: tuple[int, ...]) -> bool:
        if i == len(self.demands):
            return True
        if (i, counts) in self.failed:
            return False
        self._step()
        if sum(c * v for c, v in zip(counts, self.values)) < self.points_after[i] or sum(counts) < self.cards_after[i]:
            self.failed.add((i, counts))
            return False
        demand = self.demands[i]
        for hand in self._hands(demand, counts):
            if self._solve(i + 1, tuple(c - k for c, k in zip(counts, hand))):
                return True
        self.failed.add((i, counts))
        return False

    def _most_value(self, counts: tuple[int, ...], j: int, cards: int) -> int:
        """The most ``cards`` cards of the classes from ``j`` on can be worth (highest classes first)."""
        total = 0
        for c, v in zip(counts[j:], self.values[j:]):
            take = min(c, cards)
            total += take * v
            cards -= take
            if cards <= 0:
                break
        return total

    def _hands(self, demand: Demand, counts: tuple[int, ...]):
        """Every hand (a count per class) meeting ``demand`` from ``counts``, highest classes first."""
        values = self.values
        last = len(values)
        hand = [0] * last

        def walk(j: int, left: int, size: int):
            self._step()
            if j == last:
                if left == 0 and demand.least <= size <= demand.most:
                    yield tuple(hand)
                return
            room = demand.most - size
            if left > self._most_value(counts, j, room):
                return
            value = values[j]
            if value == 0:
                # Worthless cards only fill a hand up to its least size: taking more never helps anyone.
                need = max(0, demand.least - size)
                bottom = top = need if need <= min(counts[j], room) else -1
            else:
                top, bottom = min(counts[j], room, left // value), 0
            for k in range(top, bottom - 1, -1):
                hand[j] = k
                yield from walk(j + 1, left - k * value, size + k)
            hand[j] = 0

        yield from walk(0, demand.points, 0)


def deal_exists(
    classes: Sequence[CardClass], demands: Sequence[Demand], budget: int | _Budget = DEFAULT_BUDGET
) -> bool | None:
    """Whether one hand per demand can be taken from the classes' cards (disjoint hands): True, False, or
    None when the search ran out of ``budget`` steps."""
    steps = budget if isinstance(budget, _Budget) else _Budget(budget)
    try:
        return _Search(classes, demands, steps).run()
    except _OutOfBudget:
        return None


@dataclass(frozen=True, slots=True)
class Conflict:
    """Demands that cannot all be met together (a smallest such set) and the class they run short of, if one."""

    demands: tuple[Demand, ...]
    short_of: CardClass | None


def conflicting(
    classes: Sequence[CardClass], demands: Sequence[Demand], budget: int = DEFAULT_BUDGET
) -> Conflict | None:
    """``None`` when a deal meets every demand (or the search cannot tell in time); else the :class:`Conflict`.

    The set is made smallest by leaving out, one at a time, each demand the others fail without; the
    class named is one whose shortage alone is the obstacle (with unlimited copies of it the set fits).
    """
    if deal_exists(classes, demands, budget) is not False:
        return None
    # Explaining gets a budget of its own; a search it cuts short keeps the answer safe (the set stays
    # impossible, perhaps not the smallest; no class named).
    steps = _Budget(budget)
    kept = list(demands)
    for demand in list(kept):
        rest = [d for d in kept if d is not demand]
        if deal_exists(classes, rest, steps) is False:
            kept = rest
    short_of = None
    for index, card_class in enumerate(classes):
        plenty = [
            *classes[:index],
            CardClass(card_class.shortage, card_class.value, 10_000, card_class.in_deck),
            *classes[index + 1 :],
        ]
        if deal_exists(plenty, kept, steps):
            short_of = card_class
            break
    return Conflict(tuple(kept), short_of)


def together_refusal(conflict: Conflict, entries: dict[str, int], deck_size: int) -> RoundError:
    """The refusal naming the typed totals that cannot all be true (shared by both games' round checks): whole
    sentences, the players and their totals as names and numbers, then why (the class of cards run short of)."""
    demands = conflict.demands
    if len(demands) == 1:
        points = entries[demands[0].player]
        first = ngettext(
            "{player}'s total of 1 point cannot be true together with the cards entered for the others.",
            "{player}'s total of {points} points cannot be true together with the cards entered for the others.",
            points,
        ).format(player=demands[0].player, points=number(points))
    else:
        listed = join(f"{d.player} ({number(entries[d.player])})" for d in demands)
        first = _("These totals cannot all be true in one deal: {entries}.").format(entries=listed)
    if conflict.short_of is not None:
        why = conflict.short_of.shortage
    else:
        why = _("No deal of the {size} cards gives every one of them.").format(size=deck_size)
    return RoundError(f"{first} {why}", player=demands[0].player)
