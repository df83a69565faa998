"""The finder's solvers for the Phase 10 Masters shapes against its general search, which they replaced there.

Four sets of 2 (phase 1) and a colour run with a set (phases 8 and 10) used to take the general search
(``_search``); they now have solvers that count. Both must answer alike: the same yes or no from
``can_make``, the same fewest wilds, and from ``find_lay_down`` the same verdict and reasons, with a lay-down
that the phase check accepts, made of the hand's own cards. (Under the rule "group" the general search used to
miss lay-downs the solvers find, :func:`test_group_rule_lay_downs_the_general_search_missed`; it no longer does, and
tests/engine/test_finder_general_search_oracle.py checks it against a brute force.) Hands come from the real deck
(seeded), some with many wilds and skips, some with colours left out; then hypothesis looks for a hand on which
they differ.

``make test`` compares 250 hands of each kind, ``make test-long`` 2,500; ``PHASE10_DIFFERENTIAL_HANDS`` sets the
number for both (a longer hunt: 20,000).
"""

from __future__ import annotations

import os
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.games.phase10.engine import finder
from app.games.phase10.engine.cards import DECK, SKIP, WILD, Card, parse_hand
from app.games.phase10.engine.finder import can_make, check_phase, find_lay_down
from app.games.phase10.engine.phases import MASTERS, GroupKind, Phase, Requirement
from app.games.phase10.engine.verify import natural_rule
from tests.tiers import bounded

SOLVED = {"four sets of 2": MASTERS[0], "colour run + set": MASTERS[7], "set + colour run": MASTERS[9]}
OTHER_SHAPES = {
    "three sets of 3": Phase(1, (Requirement(GroupKind.SET, 3),) * 3),
    "colour run of 5 + set of 5": Phase(2, (Requirement(GroupKind.COLOR_RUN, 5), Requirement(GroupKind.SET, 5))),
}
RULES = ("phase", "group")
HANDS = os.environ.get("PHASE10_DIFFERENTIAL_HANDS")
COUNTS = bounded([250, 2500], keep=[250])
"""Hands of each kind: 250 in ``make test``, 2,500 in ``make test-long``."""
NATURALS = [c for c in DECK if c.is_natural]


# --- the general path, called directly --------------------------------------------------------------


def general_min_wilds(phase: Phase, hand, natural_card: str) -> int | None:
    """The fewest wilds the general search finds for ``phase`` (``None``: the natural card rule cannot be met)."""
    found = finder._search(phase, hand, natural_rule(natural_card), -1)
    return None if found is None else found[0]


def general_can_make(phase: Phase, hand, natural_card: str) -> bool:
    """``can_make`` as it answered when ``phase`` took the general search."""
    _counts, _mask, naturals, wilds = finder._number_counts(hand)
    if naturals + wilds < phase.size:
        return False
    found = finder._search(phase, hand, natural_rule(natural_card), wilds)
    return found is not None and found[0] <= wilds


def general_lay_down(phase: Phase, hand, natural_card: str):
    """``find_lay_down`` as it answered when ``phase`` took the general search."""
    _counts, _mask, naturals, wilds = finder._number_counts(hand)
    return finder._find_general(phase, hand, natural_rule(natural_card), naturals, wilds)


def solver_fewest(phase: Phase, hand, natural_card: str):
    """The phase's own solver's answer: (fewest wilds, specs), or ``None``."""
    solve, counter = finder._plan(phase)
    assert not isinstance(solve, finder._General), "the phase has a solver of its own"
    counts, mask, naturals, wilds = counter(hand)
    return solve(counts, mask, naturals, wilds, natural_rule(natural_card), -1)


# --- hands --------------------------------------------------------------------------------------------


def dealt(rng: random.Random) -> list[Card]:
    """11 cards of the real deck."""
    return rng.sample(DECK, 11)


def wild_heavy(rng: random.Random) -> list[Card]:
    """Up to 8 wilds and 4 skips, the rest naturals from a narrow band of numbers (so phases are often close)."""
    low = rng.randint(1, 12)
    pool = [c for c in NATURALS if low <= c.number <= low + rng.randint(0, 5)]
    wilds, skips = rng.randint(0, 8), rng.randint(0, 4)
    naturals = rng.sample(pool, min(len(pool), rng.randint(0, 11 - wilds)))
    return rng.sample([WILD] * wilds + [SKIP] * skips + naturals, wilds + skips + len(naturals))


def colours_left_out(rng: random.Random) -> list[Card]:
    """A dealt hand with some cards' colours left out (the score sheet takes ``7`` for a 7 of no stated colour)."""
    return [Card.number_card(c.number) if c.is_natural and rng.random() < 0.4 else c for c in dealt(rng)]


DEALS = {"dealt": dealt, "wild-heavy": wild_heavy, "colours left out": colours_left_out}


def hands(deal, seed: str, count: int) -> list[list[Card]]:
    rng = random.Random(seed)
    return [deal(rng) for _ in range(count)]


# --- the checks -----------------------------------------------------------------------------------------


def wilds_in(verdict) -> int:
    return sum(c.is_wild for g in verdict.groups for c in g.cards)


def assert_valid_lay_down(phase: Phase, hand, verdict, natural_card: str) -> None:
    """The lay-down is the phase's groups in its order, of the hand's own cards, and the phase check accepts it."""
    assert [(g.kind, len(g.cards)) for g in verdict.groups] == [(r.kind, r.size) for r in phase.requirements]
    assert not Counter(c for g in verdict.groups for c in g.cards) - Counter(hand), "cards the hand lacks"
    laid = check_phase(phase, groups=[g.cards for g in verdict.groups], natural_card=natural_card)
    assert laid.valid, (laid.reasons, [str(g) for g in verdict.groups])


def assert_same_answers(phase: Phase, hand, natural_card: str, *, lay_down: bool = True) -> None:
    """The solver's answers are the general search's."""
    shown = f"{phase.describe()} | {' '.join(map(str, hand))} | {natural_card}"
    found = solver_fewest(phase, hand, natural_card)
    fewest = None if found is None else found[0]
    searched = general_min_wilds(phase, hand, natural_card)
    assert fewest == searched, shown
    made = can_make(phase, hand, natural_card)
    assert made == general_can_make(phase, hand, natural_card), shown
    if not lay_down:
        return
    new, old = find_lay_down(phase, hand, natural_card), general_lay_down(phase, hand, natural_card)
    assert (new.valid, new.reasons) == (old.valid, old.reasons) and new.valid == made, shown
    if new.valid:
        # The general path lays down the first lay-down its hand's wilds allow, which may use more than the fewest.
        assert wilds_in(new) == fewest <= wilds_in(old), shown
        assert_valid_lay_down(phase, hand, new, natural_card)
    else:
        assert sum(t.count("?") for t in new.closest) == sum(t.count("?") for t in old.closest), shown


# --- tests ----------------------------------------------------------------------------------------------


def test_masters_shapes_take_a_solver_and_other_lists_keep_the_search():
    for phase in (*SOLVED.values(), *OTHER_SHAPES.values()):
        assert not isinstance(finder._plan(phase)[0], finder._General), phase.describe()
    mixed = Phase(3, (Requirement(GroupKind.SET, 2), Requirement(GroupKind.SET, 3), Requirement(GroupKind.SET, 2)))
    lone_run = Phase(4, (Requirement(GroupKind.COLOR_RUN, 4),))
    for phase in (mixed, lone_run):
        assert isinstance(finder._plan(phase)[0], finder._General), phase.describe()


def _count(count: int) -> int:
    return int(HANDS) if HANDS else count


@pytest.mark.parametrize("count", COUNTS)
@pytest.mark.parametrize("deal", DEALS)
@pytest.mark.parametrize("shape", SOLVED)
def test_solver_answers_as_the_general_search(shape, deal, count):
    """can_make and the fewest wilds on every hand; find_lay_down (slower in the general search) on one in five."""
    phase = SOLVED[shape]
    for i, hand in enumerate(hands(DEALS[deal], seed=f"{shape} / {deal}", count=_count(count))):
        for natural_card in RULES:
            assert_same_answers(phase, hand, natural_card, lay_down=i % 5 == 0)


@pytest.mark.parametrize("count", COUNTS)
@pytest.mark.parametrize("shape", OTHER_SHAPES)
def test_solvers_answer_as_the_general_search_on_other_sizes(shape, count):
    """The same solvers serve a table's own list: three sets of 3, a colour run of 5 and a set of 5."""
    phase = OTHER_SHAPES[shape]
    for deal in DEALS.values():
        for hand in hands(deal, seed=shape, count=max(10, _count(count) // 20)):
            for natural_card in RULES:
                assert_same_answers(phase, hand, natural_card)


@pytest.mark.parametrize(
    ("shape", "text", "natural_card", "made"),
    [
        ("four sets of 2", "7 7 7 7 7 W W W", "group", True),  # every set gets one of the 7s (the search: no)
        ("four sets of 2", "7 7 7 W W W W W", "group", False),  # three naturals for four sets
        ("four sets of 2", "7 W W W W W W W", "phase", True),
        ("colour run + set", "R5 B5 W W W W W", "group", True),  # the 5 in the run cannot also be the set's
        ("colour run + set", "5 5 5 W W W W W", "group", False),  # no natural has a colour
        ("colour run + set", "5 5 5 W W W W", "phase", True),  # a run of wilds only
        ("set + colour run", "R5 R6 W W W W W W", "group", True),  # the set takes the 6, the run keeps the 5
    ],
)
def test_edge_hands(shape, text, natural_card, made):
    hand = parse_hand(text)
    assert can_make(SOLVED[shape], hand, natural_card) is made
    assert_same_answers(SOLVED[shape], hand, natural_card)


@pytest.mark.parametrize(
    ("shape", "text", "laid"),
    [
        ("four sets of 2", "W W W Y10 R11 G12 W R10", "Y10 W | G12 W | R11 W | R10 W"),
        ("set + colour run", "W R6 W W W W W Y6 W W", "Y6 W W W W | R6 W W"),
    ],
)
def test_group_rule_lay_downs_the_general_search_missed(shape, text, laid):
    """The general search used to say no (its matching gave one group every natural it could take and left
    another bare); it now finds a lay-down too, and the solver finds the lay-down RULES.md allows."""
    phase, hand = SOLVED[shape], parse_hand(text)
    assert general_can_make(phase, hand, "group") and general_lay_down(phase, hand, "group").valid
    verdict = find_lay_down(phase, hand, "group")
    assert can_make(phase, hand, "group") and verdict.valid
    assert " | ".join(str(g) for g in verdict.groups) == laid
    assert_valid_lay_down(phase, hand, verdict, "group")


@st.composite
def any_hand(draw):
    """Up to 12 cards of the real deck, with any number of wilds and skips, colours sometimes left out."""
    chosen = draw(st.lists(st.sampled_from(range(len(DECK))), min_size=1, max_size=12, unique=True))
    strip = draw(st.booleans())
    return [Card.number_card(DECK[i].number) if strip and DECK[i].is_natural else DECK[i] for i in chosen]


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hand=any_hand(), shape=st.sampled_from(sorted(SOLVED)), natural_card=st.sampled_from(RULES))
def test_property_solver_answers_as_the_general_search(hand, shape, natural_card):
    assert_same_answers(SOLVED[shape], hand, natural_card)
