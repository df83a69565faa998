"""The finder's general search (``_search``, ``_find_general``) against a brute-force oracle, under both rules.

The general search serves any shape without a solver of its own (a table's own phase list). The oracle knows
nothing of it: it tries every way to lay the hand's cards out as the phase's groups (as multisets: wilds are all
alike) and asks the project's phase check (``check_phase`` with ``groups``) whether the laid phase is valid. Hands
are small (at most 9 cards), many of them heavy in wilds: under the rule "group" the search used to give one
group every natural of a number it could take and leave a later group with wilds only, so it refused hands
that can make the phase (:func:`test_group_rule_lay_downs_the_general_search_used_to_miss`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import pytest

from app.games.phase10.engine import finder
from app.games.phase10.engine.cards import DECK, SKIP, WILD, Card, parse_hand
from app.games.phase10.engine.finder import can_make, check_phase, find_lay_down
from app.games.phase10.engine.phases import MASTERS, GroupKind, Phase, Requirement
from app.games.phase10.engine.verify import natural_rule

S, R, C, CR = GroupKind.SET, GroupKind.RUN, GroupKind.COLOR, GroupKind.COLOR_RUN


def shape(*groups: tuple[GroupKind, int]) -> Phase:
    return Phase(1, tuple(Requirement(kind, size) for kind, size in groups))


SHAPES = {
    "three sets of 2 + a set of 3": shape((S, 2), (S, 2), (S, 2), (S, 3)),
    "a set of 2 + a set of 3 + a set of 2": shape((S, 2), (S, 3), (S, 2)),
    "two runs of 3": shape((R, 3), (R, 3)),
    "a colour run of 3 + two sets of 2": shape((CR, 3), (S, 2), (S, 2)),
    "a set of 2 + a colour run of 3 + a colour run of 2": shape((S, 2), (CR, 3), (CR, 2)),
    "a colour group of 3 + a set of 2 + a run of 3": shape((C, 3), (S, 2), (R, 3)),
    "a colour run of 4": shape((CR, 4)),
}
RULES = ("phase", "group")
NATURALS = [c for c in DECK if c.is_natural]
MOST_CARDS = 9


# --- the oracle ----------------------------------------------------------------------------------------


def sub_multisets(items: list[tuple[Card, int]], size: int, at: int = 0) -> Iterator[list[tuple[Card, int]]]:
    """Every way to take ``size`` cards from ``items`` (distinct cards with how many are held), as (card, taken)."""
    if size == 0:
        yield []
        return
    if at == len(items):
        return
    card, held = items[at]
    for taken in range(min(held, size), -1, -1):
        for rest in sub_multisets(items, size - taken, at + 1):
            yield ([(card, taken)] if taken else []) + rest


def oracle_can_make(phase: Phase, hand: list[Card], natural_card: str) -> bool:
    """Whether some choice of the hand's cards, laid as the phase's groups, passes the phase check."""
    held = Counter(c for c in hand if not c.is_skip)
    reqs = phase.requirements
    group_ok: dict[tuple, bool] = {}

    def fits(req: Requirement, cards: list[Card]) -> bool:
        # A group of wilds only is left to the check of the whole phase; any other is checked alone first.
        if not any(c.is_natural for c in cards):
            return True
        key = (req, tuple(sorted(map(str, cards))))
        if key not in group_ok:
            group_ok[key] = check_phase(Phase(1, (req,)), groups=[cards], natural_card="phase").valid
        return group_ok[key]

    def lay(i: int, left: Counter, groups: list[list[Card]]) -> bool:
        if i == len(reqs):
            return check_phase(phase, groups=groups, natural_card=natural_card).valid
        items = [(c, n) for c, n in left.items() if n]
        for taken in sub_multisets(items, reqs[i].size):
            cards = [c for c, n in taken for _ in range(n)]
            if fits(reqs[i], cards) and lay(i + 1, left - Counter(cards), [*groups, cards]):
                return True
        return False

    return lay(0, held, [])


# --- hands --------------------------------------------------------------------------------------------


def small_wild_heavy(rng: random.Random, phase: Phase) -> list[Card]:
    """From the phase's size to 9 cards: up to 6 wilds, maybe a skip, naturals from a narrow band of numbers."""
    total = rng.randint(phase.size, MOST_CARDS)
    wilds = rng.randint(0, min(6, total))
    skips = rng.randint(0, 1) if total - wilds else 0
    low = rng.randint(1, 12)
    pool = [c for c in NATURALS if low <= c.number <= low + rng.randint(0, 4)]
    naturals = rng.sample(pool, min(len(pool), total - wilds - skips))
    cards = [WILD] * wilds + [SKIP] * skips + naturals
    return rng.sample(cards, len(cards))


def small_dealt(rng: random.Random, phase: Phase) -> list[Card]:
    return rng.sample(DECK, rng.randint(phase.size, MOST_CARDS))


def hands(phase: Phase, seed: str, count: int) -> list[list[Card]]:
    rng = random.Random(seed)
    return [(small_wild_heavy if i % 4 else small_dealt)(rng, phase) for i in range(count)]


def assert_valid_lay_down(phase: Phase, hand, verdict, natural_card: str) -> None:
    """The lay-down is the phase's groups in its order, of the hand's own cards, and the phase check accepts it."""
    assert [(g.kind, len(g.cards)) for g in verdict.groups] == [(r.kind, r.size) for r in phase.requirements]
    assert not Counter(c for g in verdict.groups for c in g.cards) - Counter(hand), "cards the hand lacks"
    laid = check_phase(phase, groups=[g.cards for g in verdict.groups], natural_card=natural_card)
    assert laid.valid, (laid.reasons, [str(g) for g in verdict.groups])


# --- tests ----------------------------------------------------------------------------------------------


def test_shapes_take_the_general_search():
    for phase in SHAPES.values():
        assert isinstance(finder._plan(phase)[0], finder._General), phase.describe()


@pytest.mark.parametrize("name", SHAPES)
def test_general_search_answers_as_the_oracle(name):
    """can_make is the oracle's answer on every hand, under both rules; find_lay_down agrees and lays down a
    phase the check accepts."""
    phase = SHAPES[name]
    for hand in hands(phase, seed=name, count=300):
        for natural_card in RULES:
            shown = f"{phase.describe()} | {' '.join(map(str, hand))} | {natural_card}"
            made = can_make(phase, hand, natural_card)
            assert made == oracle_can_make(phase, hand, natural_card), shown
            verdict = find_lay_down(phase, hand, natural_card)
            assert verdict.valid == made, shown
            if made:
                assert_valid_lay_down(phase, hand, verdict, natural_card)


@pytest.mark.parametrize(
    ("phase", "text", "laid"),
    [
        (MASTERS[0], "W W W Y10 R11 G12 W R10", "R10 W | Y10 W | R11 W | G12 W"),
        (MASTERS[9], "W R6 W W W W W Y6 W W", "Y6 W W W W | W W R6"),
        (SHAPES["three sets of 2 + a set of 3"], "W W W W W 7 7 7 7", "7 W | 7 W | 7 W | 7 W W"),
        (SHAPES["a colour run of 3 + two sets of 2"], "W W W W R5 B5 G5", "W W R5 | G5 W | B5 W"),
    ],
)
def test_group_rule_lay_downs_the_general_search_used_to_miss(phase, text, laid):
    """Under "group" the search gave the first groups every natural they could take and left a later one bare,
    and said no; each group now keeps a natural (the two Masters shapes through the general path directly)."""
    hand = parse_hand(text)
    assert oracle_can_make(phase, hand, "group")
    _counts, _mask, naturals, wilds = finder._number_counts(hand)
    found = finder._search(phase, hand, natural_rule("group"), wilds)
    assert found is not None and found[0] <= wilds
    verdict = finder._find_general(phase, hand, True, naturals, wilds)
    assert verdict.valid, verdict.reasons
    assert_valid_lay_down(phase, hand, verdict, "group")
    if isinstance(finder._plan(phase)[0], finder._General):
        assert can_make(phase, hand, "group") and find_lay_down(phase, hand, "group").valid
    assert " | ".join(str(g) for g in verdict.groups) == laid
