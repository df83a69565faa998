"""Phase lists beyond the classic ten (RULES.md "Phase 10: phase lists beyond the classic ten"): the colour
run, the Masters preset, a table's own list as data, and the sheet and the digital game playing them."""

from __future__ import annotations

import random

import pytest

from app.engine.errors import RoundError, RulesError
from app.games.phase10.engine.cards import Card, parse_hand
from app.games.phase10.engine.finder import can_make, find_lay_down
from app.games.phase10.engine.game import Game
from app.games.phase10.engine.hits import check_hit, read_group
from app.games.phase10.engine.phases import (
    MASTERS_LIST,
    PHASES,
    GroupKind,
    Phase,
    Requirement,
    make_rules,
    parse_phase_list,
    phase_list_name,
)
from app.games.phase10.engine.rounds import parse_round
from app.games.phase10.engine.sheet import Sheet
from app.games.phase10.engine.simulate import simulate
from app.games.phase10.engine.verify import LaidGroup, verify_groups

CR, S, R, C = GroupKind.COLOR_RUN, GroupKind.SET, GroupKind.RUN, GroupKind.COLOR
OWN = [
    [{"kind": "color_run", "size": 4}, {"kind": "set", "size": 3}],
    [{"kind": "set", "size": 2}, {"kind": "set", "size": 2}, {"kind": "run", "size": 3}],
]


def groups(text):
    return [parse_hand(part) for part in text.split("|")]


# --- the Masters preset and the table's own lists -------------------------------------------------


def test_masters_is_the_ten_phases_rules_md_lists():
    rules = make_rules({"phases": "masters"})
    assert rules.phases == MASTERS_LIST and tuple(rules.phases) == tuple(range(1, 11))
    shapes = [tuple((r.kind, r.size) for r in p.requirements) for p in rules.phases.phases()]
    assert shapes == [
        ((S, 2),) * 4,
        ((C, 6),),
        ((S, 4), (R, 4)),
        ((R, 8),),
        ((C, 7),),
        ((R, 9),),
        ((S, 4), (S, 4)),
        ((CR, 4), (S, 3)),
        ((S, 5), (S, 3)),
        ((S, 5), (CR, 3)),
    ]
    assert rules.to_dict()["phases"] == "masters"
    assert make_rules(rules.to_dict()) == rules  # stored and read back
    assert phase_list_name(rules.phases) == "masters"
    # The tie-breaker stays a set of 5 and a set of 3 (table choice in RULES.md).
    assert rules.phases.phase("tiebreaker") is PHASES["tiebreaker"]


def test_classic_is_the_ten_of_the_book():
    rules = make_rules({"phases": "classic"})
    assert tuple(rules.phases) == tuple(range(1, 11)) and not rules.phases.custom
    assert rules.phases.phase(4) is PHASES[4]
    assert rules == make_rules()


def test_a_list_of_the_tables_own_is_numbered_by_place_and_round_trips():
    rules = make_rules({"phases": OWN})
    assert tuple(rules.phases) == (1, 2)
    assert rules.phases.phase(1).describe() == "a colour run of 4 + a set of 3"
    assert rules.phases.phase(2).describe() == "a set of 2 + a set of 2 + a run of 3"
    assert rules.to_dict()["phases"] == OWN
    assert make_rules(rules.to_dict()) == rules
    # Not the same list as the classic phases 1 and 2, nor named like a standard list.
    assert rules.phases != make_rules({"phases": [1, 2]}).phases
    assert phase_list_name(rules.phases) is None


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (
            [[{"kind": "set", "size": 6}, {"kind": "run", "size": 5}]],
            "phase 1 needs 11 cards: a phase needs at most 10",
        ),
        ([[{"kind": "set", "size": 3}], [{"kind": "run", "size": 1}]], "phase 2, group 1 has size 1"),
        ([[{"kind": "color_run", "size": 11}]], "phase 1, group 1 has size 11"),
        ([[{"kind": "set", "size": 3}, {"kind": "pair", "size": 3}]], 'phase 1, group 2 has kind "pair"'),
        ([[{"kind": "set"}]], 'phase 1, group 1 must be an object with "kind" and "size"'),
        ([[{"kind": "set", "size": 2}] * 5], "phase 1 must be a list of 1 to 4 groups"),
        ([[]], "phase 1 must be a list of 1 to 4 groups"),
        ([[{"kind": "set", "size": 3}]] * 11, "from 1 to 10 phases"),
        ([[{"kind": "set", "size": 3}], 4], "phase 2 must be a list of 1 to 4 groups"),
        ("mastres", "phase numbers 1 to 10"),
    ],
)
def test_a_bad_phase_list_names_the_phase_and_group(value, message):
    with pytest.raises(RulesError, match=message):
        parse_phase_list(value)


# --- the colour run -------------------------------------------------------------------------------

PHASE_8 = MASTERS_LIST.phase(8)  # a colour run of 4 and a set of 3


def test_a_colour_run_verifies_with_wilds_standing_in():
    verdict = verify_groups(PHASE_8, groups("R3 R4 W R6 | 9 9 9"))
    assert verdict.valid
    assert verdict.to_json()["groups"][0] == {
        "kind": "color_run",
        "cards": ["R3", "R4", "W", "R6"],
        "stands_for": [3, 4, 5, 6],
    }
    # Given in any order, it is arranged as a run is.
    assert verify_groups(PHASE_8, groups("9 9 9 | R6 W R3 R4")).groups[1].stands_for == (3, 4, 5, 6)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("R3 B4 W R6 | 9 9 9", "The colour run R3 B4 W R6 mixes colours red and blue"),
        ("R3 4 W R6 | 9 9 9", "The colour run R3 4 W R6 holds 4, whose colour was not given"),
        ("R3 R4 R6 | 9 9 9", "R3 R4 R6 is too short: phase 8 needs a colour run of 4"),
        ("R3 R4 R7 R8 | 9 9 9", "gap"),
        ("R3 R3 R4 R5 | 9 9 9", "repeats 3"),
    ],
)
def test_a_colour_run_that_is_not_one_says_why(text, reason):
    verdict = verify_groups(PHASE_8, groups(text))
    assert not verdict.valid
    assert any(reason in r for r in verdict.reasons), verdict.reasons


def test_a_colour_run_round_trips_as_a_laid_group():
    group = verify_groups(PHASE_8, groups("R3 R4 W R6 | 9 9 9")).groups[0]
    assert LaidGroup.from_json(group.to_json()) == group
    with pytest.raises(Exception, match="cannot stand for"):
        LaidGroup.from_json({"kind": "color_run", "cards": ["R3", "B4"], "stands_for": [3, 4]})


def test_hits_on_a_colour_run_go_on_either_end_in_its_colour():
    group = verify_groups(PHASE_8, groups("R3 R4 W R6 | 9 9 9")).groups[0]
    high = check_hit(group, Card.parse("R7"))
    assert high.legal and high.end == "high" and high.group.stands_for == (3, 4, 5, 6, 7)
    low = check_hit(group, Card.parse("R2"))
    assert low.legal and low.end == "low" and low.group.kind is CR
    assert check_hit(group, Card.parse("W"), "low").stands_for == 2
    refused = check_hit(group, Card.parse("B7"))
    assert not refused.legal and "only red cards" in refused.reason
    assert not check_hit(group, Card.parse("7")).legal  # colour not given
    assert not check_hit(group, Card.parse("R8")).legal  # not next to the run
    assert read_group(parse_hand("W W"), "color_run").stands_for == (1, 2)


def test_the_finder_finds_colour_runs_and_any_shape():
    hand = parse_hand("G9 R3 R4 W R6 B9 G9 Y1")
    verdict = find_lay_down(PHASE_8, hand)
    assert verdict.valid and [g.kind for g in verdict.groups] == [CR, S]
    assert verify_groups(PHASE_8, [g.cards for g in verdict.groups]).valid
    assert not can_make(PHASE_8, parse_hand("G9 R3 B4 W R6 B9 G9 Y1"))  # B4 is not red
    short = find_lay_down(PHASE_8, parse_hand("G9 R3 R4 R6 B9 G9 Y1"))
    assert not short.valid and "one card short" in short.reasons[-1]
    four_pairs = MASTERS_LIST.phase(1)
    assert can_make(four_pairs, parse_hand("1 1 2 2 3 W 5 5 7"))
    assert not can_make(four_pairs, parse_hand("1 1 2 2 3 W 5 6 7"))


def test_the_finder_agrees_with_the_verifier_on_random_hands():
    deck = [f"{c}{n}" for c in "RBGY" for n in range(1, 13)] * 2 + ["W"] * 8
    rng = random.Random(7)
    phases = [*MASTERS_LIST.phases(), Phase(1, (Requirement(CR, 3), Requirement(C, 3), Requirement(R, 3)))]
    made = 0
    for _ in range(150):
        hand = parse_hand(" ".join(rng.sample(deck, 11)))
        for phase in phases:
            verdict = find_lay_down(phase, hand)
            assert verdict.valid == can_make(phase, hand)
            if verdict.valid:
                made += 1
                assert verify_groups(phase, [g.cards for g in verdict.groups]).valid
                assert sum(len(g.cards) for g in verdict.groups) == phase.size
    assert made > 20


# --- the sheet and the digital game ---------------------------------------------------------------


def test_the_sheet_checks_laid_down_phases_and_hand_sizes_against_the_tables_list():
    rules = make_rules({"phases": OWN})
    sheet = Sheet(rules, ("Ana", "Ben"))
    good = {
        "went_out": "Ana",
        "results": [
            {"player": "Ana", "completed": True, "laid_down": [["R3", "R4", "W", "R6"], ["9", "9", "9"]]},
            {"player": "Ben", "completed": False, "points": 50},
        ],
    }
    sheet.add_round(parse_round(good, rules))
    ana = next(s for s in sheet.standings() if s.name == "Ana")
    assert ana.phase == 2 and list(ana.phases_done) == [1]
    # Classic phase 2 (a set of 3 and a run of 4) is not this table's phase 2.
    bad = {
        "went_out": "Ana",
        "results": [
            {"player": "Ana", "completed": True, "laid_down": [["5", "5", "5"], ["1", "2", "3", "4"]]},
            {"player": "Ben", "completed": False, "points": 50},
        ],
    }
    with pytest.raises(RoundError, match=r"do not make phase 2: Phase 2 needs 3 groups \(a set of 2 \+ a set of 2"):
        sheet.add_round(parse_round(bad, rules))
    # A player who completed phase 2 (7 cards) holds at most 3 cards; 4 cannot be left.
    too_many = {
        "went_out": "Ana",
        "results": [
            {"player": "Ana", "completed": True},
            {"player": "Ben", "completed": True, "cards": ["1", "2", "3", "4"]},
        ],
    }
    with pytest.raises(RoundError, match=r"Ben completed phase 1 \(7 cards\), so Ben holds at most 3 cards, not 4"):
        sheet.add_round(parse_round(too_many, rules))


def test_the_table_rule_of_the_digital_game_plays_masters():
    game = Game(("Ana", "Ben"), make_rules({"phases": "masters"}), seed=3)
    assert game.phase_to_play(0).describe() == "a set of 2 + a set of 2 + a set of 2 + a set of 2"


@pytest.mark.parametrize("phases", ["masters", OWN])
def test_bots_play_a_tables_own_list_to_the_end(phases):
    summary = simulate(games=3, players=3, bots=["smart", "random"], seed=4, rules={"phases": phases})
    assert summary["unfinished"] == 0 and summary["games"] == 3
