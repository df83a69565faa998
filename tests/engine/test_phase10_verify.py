"""Phase 10 verification (groups mode) and the lay-down finder (hand mode), rule by rule.

Every expectation here is written out by hand from RULES.md and API.md.
"""

from __future__ import annotations

from collections import Counter

import pytest

from app.engine.errors import NotationError, RulesError
from app.games.phase10.engine.cards import parse_hand, parse_text_groups
from app.games.phase10.engine.finder import can_make, find_lay_down
from app.games.phase10.engine.phases import GroupKind, Phase, Requirement, get_phase
from app.games.phase10.engine.verify import LaidGroup, Verdict, arrange_run, verify_groups


def verify(key, text, rule="phase"):
    return verify_groups(get_phase(key), parse_text_groups(text), rule)


def laid(verdict):
    """A verdict's groups as (kind, tokens, stands_for) for comparison with the tables."""
    return [(g.kind.value, " ".join(str(c) for c in g.cards), list(g.stands_for)) for g in verdict.groups]


# --- valid lay-downs (groups mode) ---------------------------------------------------------------

VALID = [
    # API.md's example.
    (3, "8 8 W 8 | 3 4 W 6", "phase", [("set", "8 8 W 8", [8] * 4), ("run", "3 4 W 6", [3, 4, 5, 6])]),
    # Groups in any order: phase 2 as run then set; the answer keeps the request's order.
    (2, "3 4 5 6 | 7 7 7", "phase", [("run", "3 4 5 6", [3, 4, 5, 6]), ("set", "7 7 7", [7, 7, 7])]),
    (2, "R7 Y7 W | G3 4 5 6", "group", [("set", "R7 Y7 W", [7] * 3), ("run", "G3 4 5 6", [3, 4, 5, 6])]),
    # Two groups may use the same number.
    (1, "5 5 5 | 5 5 5", "phase", [("set", "5 5 5", [5] * 3), ("set", "5 5 5", [5] * 3)]),
    (7, "8 8 8 8 | 8 8 8 8", "group", [("set", "8 8 8 8", [8] * 4), ("set", "8 8 8 8", [8] * 4)]),
    # A group may be larger than required when the extra cards fit it.
    (1, "7 7 7 7 W | 2 2 2", "phase", [("set", "7 7 7 7 W", [7] * 5), ("set", "2 2 2", [2] * 3)]),
    (6, "1 2 3 4 5 6 7 8 9 10 11 12", "phase", [("run", "1 2 3 4 5 6 7 8 9 10 11 12", list(range(1, 13)))]),
    # Runs read in the order sent: a wild takes the place where it stands.
    (4, "W 4 5 6 7 8 9", "phase", [("run", "W 4 5 6 7 8 9", list(range(3, 10)))]),
    (4, "4 5 6 7 8 9 W", "phase", [("run", "4 5 6 7 8 9 W", list(range(4, 11)))]),
    (4, "4 W 6 7 8 9 10", "phase", [("run", "4 W 6 7 8 9 10", list(range(4, 11)))]),
    (5, "W W W W W W W 12", "phase", [("run", "W W W W W W W 12", list(range(5, 13)))]),
    # Otherwise arranged: naturals ascending, wilds in gaps, spare wilds above, then below.
    (4, "9 8 7 6 5 4 3", "phase", [("run", "3 4 5 6 7 8 9", list(range(3, 10)))]),
    (2, "7 7 7 | 6 5 W W", "phase", [("set", "7 7 7", [7] * 3), ("run", "5 6 W W", [5, 6, 7, 8])]),
    (2, "7 7 7 | 12 11 W W", "phase", [("set", "7 7 7", [7] * 3), ("run", "W W 11 12", [9, 10, 11, 12])]),
    (2, "7 7 7 | 10 11 12 W", "phase", [("set", "7 7 7", [7] * 3), ("run", "W 10 11 12", [9, 10, 11, 12])]),
    (2, "7 7 7 | W 3 1 W", "phase", [("set", "7 7 7", [7] * 3), ("run", "1 W 3 W", [1, 2, 3, 4])]),
    # Colour groups: one colour, numbers do not matter (two yellow 7s are two yellow cards).
    (8, "Y7 Y7 Y1 Y2 Y3 Y4 Y5", "phase", [("color", "Y7 Y7 Y1 Y2 Y3 Y4 Y5", ["Y"] * 7)]),
    (8, "R1 R1 R5 W R9 R12 W", "group", [("color", "R1 R1 R5 W R9 R12 W", ["R"] * 7)]),
    # Sets: colours do not matter.
    (9, "R4 B4 G4 Y4 W | 12 12", "group", [("set", "R4 B4 G4 Y4 W", [4] * 5), ("set", "12 12", [12, 12])]),
    (10, "W W W W 3 | 2 W 2", "group", [("set", "W W W W 3", [3] * 5), ("set", "2 W 2", [2] * 3)]),
    # A group of wilds only, when another group holds a natural card ("phase" rule).
    (9, "4 4 4 4 4 | W W", "phase", [("set", "4 4 4 4 4", [4] * 5), ("set", "W W", [None, None])]),
    (2, "7 7 7 | W W W W", "phase", [("set", "7 7 7", [7] * 3), ("run", "W W W W", [1, 2, 3, 4])]),
    (2, "W W W W | 7 7 7", "phase", [("run", "W W W W", [1, 2, 3, 4]), ("set", "7 7 7", [7] * 3)]),
    ("tiebreaker", "9 9 9 9 9 | 2 2 2", "phase", [("set", "9 9 9 9 9", [9] * 5), ("set", "2 2 2", [2] * 3)]),
]


@pytest.mark.parametrize(("key", "text", "rule", "expected"), VALID)
def test_valid_groups(key, text, rule, expected):
    verdict = verify(key, text, rule)
    assert verdict.reasons == ()
    assert verdict.valid is True
    assert laid(verdict) == expected


def test_each_group_says_which_requirement_it_meets():
    verdict = verify(3, "3 4 5 6 | 9 9 9 9 9")
    assert [g.requirement for g in verdict.groups] == [Requirement(GroupKind.RUN, 4), Requirement(GroupKind.SET, 4)]


def test_verdict_json_is_the_api_shape():
    verdict = verify(3, "8 8 W 8 | R3 4 W 6")
    assert verdict.to_json() == {
        "valid": True,
        "phase": 3,
        "groups": [
            {"kind": "set", "cards": ["8", "8", "W", "8"], "stands_for": [8, 8, 8, 8]},
            {"kind": "run", "cards": ["R3", "4", "W", "6"], "stands_for": [3, 4, 5, 6]},
        ],
        "reasons": [],
    }
    assert verify("tiebreaker", "1 1 1 | 2 2 2").to_json() == {
        "valid": False,
        "phase": "tiebreaker",
        "groups": [],
        "reasons": ["The set 1 1 1 is too short: the tie-breaker phase needs a set of 5."],
    }
    colors = verify(8, "B1 B2 W B4 B5 B6 B7").to_json()["groups"]
    assert colors == [{"kind": "color", "cards": ["B1", "B2", "W", "B4", "B5", "B6", "B7"], "stands_for": ["B"] * 7}]


@pytest.mark.parametrize(
    ("cards", "arranged", "values"),
    [
        # API.md's examples (three-card runs, as hits make them).
        ("W 4 5", "W 4 5", [3, 4, 5]),
        ("4 5 W", "4 5 W", [4, 5, 6]),
        ("4 W 6", "4 W 6", [4, 5, 6]),
        ("5 4 W", "4 5 W", [4, 5, 6]),
        ("11 12 W", "W 11 12", [10, 11, 12]),
        ("W W W", "W W W", [1, 2, 3]),
        # One wild fills the gap; the spare cannot go above 12, so it goes below.
        ("12 W W 10", "W 10 W 12", [9, 10, 11, 12]),
        ("3 W 1 W", "1 W 3 W", [1, 2, 3, 4]),
    ],
)
def test_run_order_rule(cards, arranged, values):
    ordered, stands = arrange_run(parse_hand(cards))
    assert " ".join(str(c) for c in ordered) == arranged
    assert list(stands) == values


# --- invalid lay-downs and their reasons ----------------------------------------------------------

INVALID = [
    # Wrong number of groups (three sets of 3 are not phase 1).
    (
        3,
        "8 8 8 8 | 3 4 5 6 | 1 1",
        "phase",
        ["Phase 3 needs 2 groups (a set of 4 + a run of 4), but 3 were laid down."],
    ),
    (1, "3 3 3 | 5 5 5 | 7 7 7", "phase", ["Phase 1 needs 2 groups (a set of 3 + a set of 3), but 3 were laid down."]),
    (4, "1 2 3 | 4 5 6 7", "phase", ["Phase 4 needs 1 group (a run of 7), but 2 were laid down."]),
    (1, "3 3 3", "phase", ["Phase 1 needs 2 groups (a set of 3 + a set of 3), but 1 was laid down."]),
    # Skips.
    (1, "7 7 S 7 | 3 3 3", "phase", ["A Skip can never be part of a phase: take it out of group 1 (7 7 S 7)."]),
    (
        8,
        "R1 R2 R3 R4 R5 R6 S S",
        "phase",
        [
            "A Skip can never be part of a phase: take them out of group 1 (R1 R2 R3 R4 R5 R6 S S).",
            "The colour group R1 R2 R3 R4 R5 R6 is too short: phase 8 needs 7 cards of one colour.",
        ],
    ),
    # Sets: one number.
    (1, "7 7 8 | 3 3 3", "phase", ["The set 7 7 8 mixes numbers 7 and 8."]),
    (3, "8 8 8 | 3 4 5 6", "phase", ["The set 8 8 8 is too short: phase 3 needs a set of 4."]),
    (7, "8 8 8 | 8 8 8 8 8", "phase", ["The set 8 8 8 is too short: phase 7 needs a set of 4."]),
    # Runs: gaps, repeats, no wrapping, at most 12 cards.
    (2, "7 7 7 | 3 4 6 8 W", "phase", ["The run 3 4 6 8 W has 2 gaps (5 and 7) but only one wild."]),
    (2, "7 7 7 | 3 4 6 7", "phase", ["The run 3 4 6 7 has a gap (5) but no wild to fill it."]),
    (2, "7 7 7 | 1 2 5 6", "phase", ["The run 1 2 5 6 has 2 gaps (3 and 4) but no wild to fill them."]),
    (4, "1 2 3 3 4 5 6", "phase", ["The run 1 2 3 3 4 5 6 repeats 3: no number may repeat inside a run."]),
    (
        4,
        "11 12 1 2 3 4 5",
        "phase",
        ["The run 11 12 1 2 3 4 5 wraps around, but runs do not wrap: 12 is not followed by 1."],
    ),
    (
        6,
        "1 2 3 4 5 6 7 8 9 10 11 12 W",
        "phase",
        ["The run 1 2 3 4 5 6 7 8 9 10 11 12 W has 13 cards, but a run cannot be longer than 12."],
    ),
    (
        6,
        "W W W W W W W W 1 2 3 4 5",
        "phase",
        ["The run W W W W W W W W 1 2 3 4 5 has 13 cards, but a run cannot be longer than 12."],
    ),
    # Colour groups.
    (
        8,
        "R1 R2 7 W W R9 R5",
        "phase",
        [
            "The colour group R1 R2 7 W W R9 R5 holds 7, whose colour was not given: say which colour it is "
            "(R7, B7, G7 or Y7)."
        ],
    ),
    (8, "R1 R2 B3 W W R9 R5", "phase", ["The colour group R1 R2 B3 W W R9 R5 mixes colours red and blue."]),
    # The natural card rule.
    (1, "W W W | W W W", "phase", ["The phase has no natural card: at least one card must not be a wild."]),
    (
        9,
        "4 4 4 4 4 | W W",
        "group",
        [
            'Group 2 (W W) has no natural card: under the table rule "group" every group needs at least one card '
            "that is not a wild."
        ],
    ),
    (
        2,
        "7 7 7 | W W W W",
        "group",
        [
            'Group 2 (W W W W) has no natural card: under the table rule "group" every group needs at least one '
            "card that is not a wild."
        ],
    ),
    # An empty group.
    (1, "3 3 3 | ", "phase", ["Group 2 is empty."]),
]


@pytest.mark.parametrize(("key", "text", "rule", "reasons"), INVALID)
def test_invalid_groups_say_why(key, text, rule, reasons):
    groups = [parse_hand(piece) for piece in text.split("|")]
    verdict = verify_groups(get_phase(key), groups, rule)
    assert verdict.valid is False
    assert verdict.groups == ()
    assert list(verdict.reasons) == reasons


def test_no_group_at_all():
    verdict = verify_groups(get_phase(1), [])
    assert verdict.reasons == ("Phase 1 needs 2 groups (a set of 3 + a set of 3), but no group was laid down.",)


@pytest.mark.parametrize("text", ["7 7 8 | 3 4 6 9", "3 4 6 9 | 7 7 8"])
def test_each_failing_group_is_judged_against_the_requirement_it_is_closest_to(text):
    verdict = verify(2, text)
    assert verdict.valid is False
    assert sorted(verdict.reasons) == sorted(
        [
            "The set 7 7 8 mixes numbers 7 and 8.",
            "The run 3 4 6 9 has 3 gaps (5, 7 and 8) but no wild to fill them.",
        ]
    )


def test_a_natural_card_rule_failure_adds_to_other_reasons():
    verdict = verify(1, "W W | W W W")
    assert verdict.reasons == (
        "The set W W is too short: phase 1 needs a set of 3.",
        "The phase has no natural card: at least one card must not be a wild.",
    )


@pytest.mark.parametrize(
    ("key", "text", "phase_rule", "group_rule"),
    [
        (1, "5 5 5 | W W W", True, False),
        (1, "5 5 W | 5 W W", True, True),
        (3, "W W W W | 3 4 5 6", True, False),
        (3, "W W W 9 | W W W W", True, False),
        (4, "W W W W W W 1", True, True),
        (8, "W W W W W W W", False, False),
        (10, "1 W W W W | W W W", True, False),
    ],
)
def test_natural_card_table_rule(key, text, phase_rule, group_rule):
    assert verify(key, text, "phase").valid is phase_rule
    assert verify(key, text, "group").valid is group_rule


def test_unknown_natural_card_rule_is_refused():
    with pytest.raises(RulesError, match='"phase" or "group"'):
        verify(1, "5 5 5 | 6 6 6", "every")
    with pytest.raises(RulesError):
        can_make(get_phase(1), parse_hand("5 5 5 6 6 6"), "all")


# --- every phase, both modes --------------------------------------------------------------------

EVERY_PHASE = [
    # key, valid groups, invalid groups, a hand that makes it, a hand that does not
    (1, "4 4 W | 11 11 11", "4 4 W | 11 11 10", "4 4 W 11 11 11 1 2 3 S", "4 4 1 11 11 10 12 2 3 S"),
    (2, "9 9 9 | 1 2 W 4", "9 9 9 | 1 2 W 5", "9 9 9 1 2 W 4 S S 12", "9 9 8 1 2 3 5 S S 12"),
    (3, "9 9 9 W | 5 6 7 8", "9 9 9 W | 5 6 7 7", "9 9 9 W 5 6 7 8 1 1", "9 9 9 W 5 6 7 12 1 1"),
    (4, "3 4 5 6 7 W 9", "3 4 5 6 7 9 10", "3 4 5 6 7 W 9 9 9 1", "3 4 5 6 7 9 10 11 1 1"),
    (5, "5 6 7 8 9 10 11 12", "6 7 8 9 10 11 12 1", "5 6 7 8 9 10 11 12 1 1", "6 7 8 9 10 11 12 1 2 3"),
    (6, "W 2 3 4 5 6 7 8 9", "2 3 4 5 6 7 8 9 11", "W 2 3 4 5 6 7 8 9 12", "2 3 4 5 6 7 8 9 11 12"),
    (7, "2 2 2 2 | W 6 6 6", "2 2 2 2 | 6 6 6", "2 2 2 2 W 6 6 6 1 S", "2 2 2 2 5 6 6 6 1 S"),
    (
        8,
        "G1 G3 G3 G8 W G11 G12",
        "G1 G3 G3 G8 B9 G11 G12",
        "G1 G3 G3 G8 W G11 G12 B1 B2 S",
        "G1 G3 G3 G8 B9 G11 G12 Y1 3 S",
    ),
    (9, "7 7 7 7 7 | 1 W", "7 7 7 7 7 | 1 2", "7 7 7 7 7 1 W 2 3 4", "7 7 7 7 6 1 2 3 4 5"),
    (10, "7 7 7 7 W | 1 1 1", "7 7 7 7 W | 1 1", "7 7 7 7 W 1 1 1 2 3", "7 7 7 7 W 1 1 2 3 4"),
    ("tiebreaker", "3 3 3 3 3 | 12 12 W", "3 3 3 3 | 12 12 W 12", "3 3 3 3 3 12 12 W 1 2", "3 3 3 3 2 12 12 W 1 S"),
]


@pytest.mark.parametrize("rule", ["phase", "group"])
@pytest.mark.parametrize(("key", "good", "bad", "good_hand", "bad_hand"), EVERY_PHASE)
def test_every_phase_in_both_modes(key, good, bad, good_hand, bad_hand, rule):
    phase = get_phase(key)
    assert verify(key, good, rule).valid is True
    bad_verdict = verify(key, bad, rule)
    assert bad_verdict.valid is False and bad_verdict.reasons
    assert can_make(phase, parse_hand(good_hand), rule) is True
    found = find_lay_down(phase, parse_hand(good_hand), rule)
    assert found.valid is True
    assert verify_groups(phase, [g.cards for g in found.groups], rule).valid is True
    assert can_make(phase, parse_hand(bad_hand), rule) is False
    not_found = find_lay_down(phase, parse_hand(bad_hand), rule)
    assert not_found.valid is False and not_found.groups == ()
    assert not_found.reasons[0] == f"This hand cannot make {phase.name} ({phase.describe()})."


# --- hand mode ------------------------------------------------------------------------------------


def find(key, text, rule="phase"):
    return find_lay_down(get_phase(key), parse_hand(text), rule)


def test_api_hand_example():
    verdict = find(3, "8 8 8 W 3 4 5 6 S 12")
    assert verdict.to_json() == {
        "valid": True,
        "phase": 3,
        "groups": [
            {"kind": "set", "cards": ["8", "8", "8", "W"], "stands_for": [8, 8, 8, 8]},
            {"kind": "run", "cards": ["3", "4", "5", "6"], "stands_for": [3, 4, 5, 6]},
        ],
        "reasons": [],
    }
    # With the 6 replaced by an 11 the one wild is needed by the set.
    verdict = find(3, "8 8 8 W 3 4 5 11 S 12")
    assert verdict.valid is False
    assert verdict.reasons == (
        "This hand cannot make phase 3 (a set of 4 + a run of 4).",
        "The closest lay-down is one card short.",
    )
    assert can_make(get_phase(3), parse_hand("8 8 8 W 3 4 5 11 S 12")) is False


@pytest.mark.parametrize(
    ("key", "hand", "rule", "expected"),
    [
        # As few wilds as possible: naturals first, wilds stay in hand.
        (1, "7 7 7 W W 3 3 3 2 1", "phase", [("set", "7 7 7", [7] * 3), ("set", "3 3 3", [3] * 3)]),
        (1, "5 5 5 5 5 5 1 2 3 9", "phase", [("set", "5 5 5", [5] * 3), ("set", "5 5 5", [5] * 3)]),
        (7, "8 8 8 8 8 8 8 8 1 2", "group", [("set", "8 8 8 8", [8] * 4), ("set", "8 8 8 8", [8] * 4)]),
        (4, "1 2 3 5 6 7 W 12 12 S", "phase", [("run", "1 2 3 W 5 6 7", list(range(1, 8)))]),
        (6, "4 5 6 7 8 9 10 11 12 1 1", "phase", [("run", "4 5 6 7 8 9 10 11 12", list(range(4, 13)))]),
        # Spare wilds above the highest card, up to 12.
        (4, "6 7 8 9 10 W W 1 1 1", "phase", [("run", "6 7 8 9 10 W W", list(range(6, 13)))]),
        (4, "8 9 10 W W W W 1 1 1", "phase", [("run", "W W 8 9 10 W W", list(range(6, 13)))]),
        # The set may share its number with the run.
        (3, "5 5 5 5 5 3 4 6 1 1", "phase", [("set", "5 5 5 5", [5] * 4), ("run", "3 4 5 6", [3, 4, 5, 6])]),
        # (5 5 5 | 3 4 W 6 would do as well: one wild either way.)
        (2, "5 5 5 3 4 6 W 1 12 12", "phase", [("set", "5 5 W", [5] * 3), ("run", "3 4 5 6", [3, 4, 5, 6])]),
        # The table's order, whatever the hand's.
        (9, "2 2 9 9 9 9 9 S S S", "phase", [("set", "9 9 9 9 9", [9] * 5), ("set", "2 2", [2, 2])]),
        (8, "R1 R2 R3 R4 R5 R6 R7 B1 B2 B3", "phase", [("color", "R7 R6 R5 R4 R3 R2 R1", ["R"] * 7)]),
        (8, "Y7 Y7 Y1 Y2 Y3 W W 1 2 3", "phase", [("color", "Y7 Y7 Y3 Y2 Y1 W W", ["Y"] * 7)]),
        # A group of wilds only, under the "phase" rule.
        (9, "4 W W W W W W 1", "phase", [("set", "4 W W W W", [4] * 5), ("set", "1 W", [1, 1])]),
        (9, "4 4 4 4 4 W W S", "phase", [("set", "4 4 4 4 4", [4] * 5), ("set", "W W", [None, None])]),
        (2, "7 7 7 W W W W", "phase", [("set", "7 7 7", [7] * 3), ("run", "W W W W", [1, 2, 3, 4])]),
        (2, "7 7 7 W W W W", "group", [("set", "7 7 W", [7] * 3), ("run", "7 W W W", [7, 8, 9, 10])]),
        (
            "tiebreaker",
            "6 6 6 6 6 12 12 12 1 1",
            "phase",
            [("set", "6 6 6 6 6", [6] * 5), ("set", "12 12 12", [12] * 3)],
        ),
    ],
)
def test_lay_down_found(key, hand, rule, expected):
    verdict = find(key, hand, rule)
    assert verdict.valid is True
    assert laid(verdict) == expected
    assert can_make(get_phase(key), parse_hand(hand), rule) is True


def test_lay_down_uses_only_cards_of_the_hand():
    hand = parse_hand("R8 B8 G8 W Y3 R4 B5 G6 S 12")
    verdict = find_lay_down(get_phase(3), hand)
    used = Counter(c for g in verdict.groups for c in g.cards)
    assert not used - Counter(hand)
    assert laid(verdict) == [("set", "R8 B8 G8 W", [8] * 4), ("run", "Y3 R4 B5 G6", [3, 4, 5, 6])]


@pytest.mark.parametrize(
    ("key", "hand", "rule", "reasons"),
    [
        # Colourless naturals cannot serve a colour group.
        (
            8,
            "R1 R2 R3 R4 R5 R6 7 1 2 3",
            "phase",
            [
                "This hand cannot make phase 8 (7 cards of one colour).",
                "Cards whose colour was not given (7 1 2 3) cannot count toward a colour group.",
                "The closest lay-down is one card short.",
            ],
        ),
        (
            8,
            "1 2 3 4 5 6 7 W W S",
            "phase",
            [
                "This hand cannot make phase 8 (7 cards of one colour).",
                "Cards whose colour was not given (1 2 3 4 5 6 7) cannot count toward a colour group.",
                "A phase needs at least one natural card (not a wild), and this hand has none.",
            ],
        ),
        (
            6,
            "1 2 3 4 5 W W 11 12 S",
            "phase",
            ["This hand cannot make phase 6 (a run of 9).", "The closest lay-down is 2 cards short."],
        ),
        (
            1,
            "W W W W W W S S S S",
            "phase",
            [
                "This hand cannot make phase 1 (a set of 3 + a set of 3).",
                "A phase needs at least one natural card (not a wild), and this hand has none.",
            ],
        ),
        (
            9,
            "4 W W W W W W S S S",
            "group",
            [
                "This hand cannot make phase 9 (a set of 5 + a set of 2).",
                'Under the table rule "group" every group needs a natural card, and this hand has too few.',
            ],
        ),
        (
            1,
            "",
            "phase",
            [
                "This hand cannot make phase 1 (a set of 3 + a set of 3).",
                "A phase needs at least one natural card (not a wild), and this hand has none.",
            ],
        ),
    ],
)
def test_hand_that_cannot_make_the_phase(key, hand, rule, reasons):
    verdict = find(key, hand, rule)
    assert verdict.valid is False
    assert list(verdict.reasons) == reasons
    assert can_make(get_phase(key), parse_hand(hand), rule) is False


def test_colour_known_makes_the_difference():
    assert can_make(get_phase(8), parse_hand("R1 R2 R3 R4 R5 R6 7 1 2 3")) is False
    assert can_make(get_phase(8), parse_hand("R1 R2 R3 R4 R5 R6 R7 1 2 3")) is True


@pytest.mark.parametrize(
    ("key", "hand", "phase_rule", "group_rule"),
    [
        (9, "4 W W W W W W", True, False),
        (9, "4 4 W W W W W", True, True),
        (2, "5 W W W W W W", True, False),
        (2, "5 6 W W W W W", True, True),
        (1, "5 W W W W W 1", True, True),
        (4, "W W W W W W 1", True, True),
        (4, "W W W W W W S", False, False),
    ],
)
def test_natural_card_rule_in_hand_mode(key, hand, phase_rule, group_rule):
    for rule, expected in (("phase", phase_rule), ("group", group_rule)):
        assert can_make(get_phase(key), parse_hand(hand), rule) is expected
        assert find(key, hand, rule).valid is expected


def test_runs_do_not_wrap_in_hand_mode():
    # 10 11 12 1 2 3 4 is not a run; nor is any run of 13.
    assert can_make(get_phase(4), parse_hand("10 11 12 1 2 3 4 S S S")) is False
    assert can_make(get_phase(6), parse_hand("9 10 11 12 1 2 3 4 5 W")) is False


def test_any_phase_shape_is_searched_by_the_finder():
    # RULES.md "Phase 10: phase lists beyond the classic ten": a table's own phases may mix any kinds.
    odd = Phase(99, (Requirement(GroupKind.COLOR, 3), Requirement(GroupKind.SET, 3)))
    assert can_make(odd, parse_hand("R1 R2 R3 4 4 4"))
    assert not can_make(odd, parse_hand("R1 G2 R3 4 4 4"))


# --- laid groups as JSON --------------------------------------------------------------------------


def test_laid_group_json_round_trip():
    verdict = verify(2, "12 11 W W | 7 W 7")
    for group in verdict.groups:
        again = LaidGroup.from_json(group.to_json())
        assert again == group
        assert again.kind is group.kind
    assert LaidGroup.from_json({"kind": "set", "cards": ["W", "W"], "stands_for": [None, None]}).value is None


@pytest.mark.parametrize(
    "data",
    [
        [],
        {"kind": "set", "cards": ["7"]},
        {"kind": "pair", "cards": ["7"], "stands_for": [7]},
        {"kind": "set", "cards": ["7", "7"], "stands_for": [7]},
        {"kind": "set", "cards": [], "stands_for": []},
        {"kind": "set", "cards": ["7", "8"], "stands_for": [7, 7]},
        {"kind": "set", "cards": ["7", "S"], "stands_for": [7, 7]},
        {"kind": "run", "cards": ["4", "W", "6"], "stands_for": [4, 6, 6]},
        {"kind": "run", "cards": ["11", "12", "W"], "stands_for": [11, 12, 13]},
        {"kind": "color", "cards": ["R4", "B4"], "stands_for": ["R", "R"]},
        {"kind": "color", "cards": ["R4", "W"], "stands_for": ["R", None]},
        {"kind": "color", "cards": ["4", "W"], "stands_for": [None, None]},
    ],
)
def test_laid_group_from_bad_json(data):
    with pytest.raises(NotationError):
        LaidGroup.from_json(data)


def test_a_bad_card_token_in_json_names_it():
    with pytest.raises(NotationError, match='"13"'):
        LaidGroup.from_json({"kind": "set", "cards": ["13"], "stands_for": [13]})


def test_values_are_frozen():
    verdict = verify(1, "5 5 5 | 6 6 6")
    assert isinstance(verdict, Verdict)
    with pytest.raises(AttributeError):
        verdict.valid = False  # type: ignore[misc]
    assert isinstance(verdict.groups, tuple) and isinstance(verdict.groups[0].cards, tuple)
