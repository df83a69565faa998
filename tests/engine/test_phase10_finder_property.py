"""Property tests: the finder and the verifier against a deliberately simple brute force.

The reference below knows nothing of counts or windows: it tries every subset of the hand's
cards for every requirement and checks each with the plain rules of RULES.md. Hands are dealt
from the real deck without replacement (sometimes from a narrow band of numbers, so that
phases are often possible, and sometimes with colours left out).
"""

from __future__ import annotations

import os
from collections import Counter
from functools import cache
from itertools import combinations, permutations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.games.phase10.engine.cards import DECK, Card
from app.games.phase10.engine.finder import can_make, find_lay_down
from app.games.phase10.engine.phases import PHASES, GroupKind, get_phase
from app.games.phase10.engine.verify import verify_groups

PHASE_KEYS = list(range(1, 11))
RULES = ("phase", "group")
# About 3 s per property on this machine in `make test`; `make long-games` hunts with 20,000 examples.
PROPERTY = settings(
    max_examples=int(os.environ.get("PHASE10_PROPERTY_EXAMPLES", "300")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


# --- the reference: naive rules, every subset -------------------------------------------------------


def naive_fits(kind: GroupKind, cards, size: int) -> bool:
    """Whether ``cards`` form a group of ``kind`` with at least ``size`` cards (plain rules)."""
    if len(cards) < size or any(c.is_skip for c in cards):
        return False
    naturals = [c for c in cards if c.is_natural]
    if kind is GroupKind.SET:
        return len({c.number for c in naturals}) <= 1
    if kind is GroupKind.COLOR:
        return all(c.color is not None for c in naturals) and len({c.color for c in naturals}) <= 1
    numbers = [c.number for c in naturals]
    length = len(cards)
    if len(set(numbers)) != len(numbers) or length > 12:
        return False
    return any(all(start <= n < start + length for n in numbers) for start in range(1, 13 - length + 1))


def reference_min_wilds(phase, hand, natural_card: str):
    """The fewest wilds of any way to lay ``phase`` down from ``hand`` (exact sizes), or ``None``."""
    return _reference(phase.key, tuple(str(c) for c in hand), natural_card)


@cache
def _subsets(tokens: tuple[str, ...], kind: GroupKind, size: int):
    hand = [Card.parse(t) for t in tokens]
    found = []
    for chosen in combinations(range(len(hand)), size):
        cards = [hand[i] for i in chosen]
        if naive_fits(kind, cards, size):
            mask = sum(1 << i for i in chosen)
            found.append((mask, sum(c.is_wild for c in cards), any(c.is_natural for c in cards)))
    return found


@cache
def _reference(key, tokens: tuple[str, ...], natural_card: str):
    phase = PHASES[key]
    options = [_subsets(tokens, r.kind, r.size) for r in phase.requirements]
    best = None
    if len(options) == 1:
        for _, wilds, natural in options[0]:
            if natural and (best is None or wilds < best):
                best = wilds
        return best
    assert len(options) == 2
    for mask1, wilds1, natural1 in options[0]:
        for mask2, wilds2, natural2 in options[1]:
            if mask1 & mask2:
                continue
            natural = (natural1 and natural2) if natural_card == "group" else (natural1 or natural2)
            if natural and (best is None or wilds1 + wilds2 < best):
                best = wilds1 + wilds2
    return best


def naive_verdict(phase, groups, natural_card: str) -> bool:
    """Whether ``groups`` (any order, any lengths) make ``phase`` under the plain rules."""
    requirements = phase.requirements
    if len(groups) != len(requirements):
        return False
    if natural_card == "group":
        if not all(any(c.is_natural for c in g) for g in groups):
            return False
    elif not any(c.is_natural for g in groups for c in g):
        return False
    return any(
        all(naive_fits(r.kind, g, r.size) for g, r in zip(groups, order)) for order in permutations(requirements)
    )


# --- strategies -------------------------------------------------------------------------------------


@st.composite
def hands(draw, min_size: int = 10, max_size: int = 11):
    """A hand dealt from the real deck without replacement; sometimes from a narrow band, sometimes colourless."""
    low = draw(st.integers(1, 12))
    high = draw(st.integers(low, 12))
    narrow = draw(st.booleans())
    pool = [c for c in DECK if not narrow or not c.is_natural or low <= c.number <= high]
    size = draw(st.integers(min_size, max_size))
    size = min(size, len(pool))
    chosen = draw(st.lists(st.integers(0, len(pool) - 1), min_size=size, max_size=size, unique=True))
    hand = [pool[i] for i in chosen]
    strip = draw(st.sampled_from(["keep", "keep", "some", "all"]))
    if strip != "keep":
        flags = draw(st.lists(st.booleans(), min_size=len(hand), max_size=len(hand)))
        hand = [
            Card.number_card(c.number) if c.is_natural and (strip == "all" or flag) else c
            for c, flag in zip(hand, flags)
        ]
    return hand


def wilds_in(verdict) -> int:
    return sum(c.is_wild for g in verdict.groups for c in g.cards)


# --- properties -------------------------------------------------------------------------------------


@PROPERTY
@given(hand=hands())
def test_finder_agrees_with_brute_force(hand):
    for key in PHASE_KEYS:
        phase = get_phase(key)
        for rule in RULES:
            expected = reference_min_wilds(phase, hand, rule)
            assert can_make(phase, hand, rule) is (expected is not None), (key, rule, hand)
            verdict = find_lay_down(phase, hand, rule)
            assert verdict.valid is (expected is not None), (key, rule, hand)
            if not verdict.valid:
                assert verdict.groups == () and verdict.reasons
                continue
            # Groups in the table's order, exact sizes, cards from the hand, the fewest wilds.
            assert [(g.kind, len(g.cards)) for g in verdict.groups] == [(r.kind, r.size) for r in phase.requirements]
            used = Counter(c for g in verdict.groups for c in g.cards)
            assert not used - Counter(hand), (key, rule, hand)
            assert wilds_in(verdict) == expected, (key, rule, hand)
            check = verify_groups(phase, [g.cards for g in verdict.groups], rule)
            assert check.valid, (key, rule, hand, check.reasons)
            assert check.groups == verdict.groups


@st.composite
def laid_groups(draw):
    """A phase and groups for it: either a found lay-down with extra cards and shuffled, or random pieces of a hand."""
    hand = draw(hands(min_size=6, max_size=16))
    key = draw(st.sampled_from(PHASE_KEYS + ["tiebreaker"]))
    rule = draw(st.sampled_from(RULES))
    phase = get_phase(key)
    verdict = find_lay_down(phase, hand, rule)
    if verdict.valid and draw(st.booleans()):
        rest = Counter(hand) - Counter(c for g in verdict.groups for c in g.cards)
        groups = [list(g.cards) for g in verdict.groups]
        for card in draw(st.lists(st.sampled_from(sorted(rest.elements(), key=str)), max_size=3)) if rest else []:
            groups[draw(st.integers(0, len(groups) - 1))].append(card)
    else:
        count = draw(st.integers(1, 3))
        slots = draw(st.lists(st.integers(-1, count - 1), min_size=len(hand), max_size=len(hand)))
        groups = [[c for c, s in zip(hand, slots) if s == i] for i in range(count)]
        groups = [g for g in groups if g] or [hand]
    groups = [draw(st.permutations(g)) if draw(st.booleans()) else g for g in groups]
    groups = draw(st.permutations(groups))
    return phase, [list(g) for g in groups], rule


def reads_in_order(cards) -> bool:
    """Whether ``cards`` read as an ascending run in the order given, each wild in its place."""
    start = next((c.number - i for i, c in enumerate(cards) if c.is_natural), 1)
    return (
        start >= 1
        and start + len(cards) - 1 <= 12
        and all(c.is_wild or c.number == start + i for i, c in enumerate(cards))
    )


@PROPERTY
@given(case=laid_groups())
def test_verify_agrees_with_plain_rules(case):
    phase, groups, rule = case
    verdict = verify_groups(phase, groups, rule)
    assert verdict.valid is naive_verdict(phase, groups, rule), (phase.key, groups, rule, verdict.reasons)
    if not verdict.valid:
        assert verdict.groups == () and verdict.reasons
        return
    assert not verdict.reasons
    assert Counter(g.requirement for g in verdict.groups) == Counter(phase.requirements)
    for sent, laid in zip(groups, verdict.groups):
        assert Counter(laid.cards) == Counter(sent)
        assert laid.requirement.kind is laid.kind and len(laid.cards) >= laid.requirement.size
        naturals = [(c, v) for c, v in zip(laid.cards, laid.stands_for) if c.is_natural]
        if laid.kind is GroupKind.RUN:
            first = laid.stands_for[0]
            assert list(laid.stands_for) == list(range(first, first + len(sent)))
            assert first >= 1 and laid.stands_for[-1] <= 12
            assert all(c.number == v for c, v in naturals)
            if reads_in_order(sent):
                assert list(laid.cards) == list(sent)
        else:
            attribute = "number" if laid.kind is GroupKind.SET else "color"
            assert list(laid.cards) == list(sent)
            assert len(set(laid.stands_for)) == 1
            assert all(getattr(c, attribute) == v for c, v in naturals)
            if not naturals:
                assert laid.stands_for[0] is None
