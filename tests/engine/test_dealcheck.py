"""Typed totals checked together (app/engine/dealcheck.py): the search against a brute-force reference on small
decks, its smallest conflicting sets, and both games' round checks (API.md "typed totals checked together")."""

from __future__ import annotations

from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.engine.dealcheck import CardClass, Demand, conflicting, deal_exists
from app.engine.errors import RoundError
from app.games.phase10.engine import phases as p10_phases
from app.games.phase10.engine import sheet as p10_sheet
from app.games.phase10.engine.rounds import parse_round as p10_parse
from app.games.uno.engine import rules as uno_rules
from app.games.uno.engine import sheet as uno_sheet
from app.games.uno.engine.rounds import parse_round as uno_parse


def splits(count: int, players: int):
    """Every way to hand out at most ``count`` copies of a class to ``players`` players."""
    return [t for t in product(range(count + 1), repeat=players) if sum(t) <= count]


def brute_force(classes: list[CardClass], demands: list[Demand]) -> bool:
    """Every way to share out every class, checked one by one: no search, no pruning."""
    k = len(demands)
    for choice in product(*(splits(c.count, k) for c in classes)):
        ok = True
        for i, demand in enumerate(demands):
            points = sum(share[i] * c.value for share, c in zip(choice, classes))
            cards = sum(share[i] for share in choice)
            if points != demand.points or not demand.least <= cards <= demand.most:
                ok = False
                break
        if ok:
            return True
    return False


small_classes = st.lists(
    st.builds(
        lambda value, count: CardClass(f"v{value}", value, count, count),
        st.sampled_from([0, 1, 2, 3, 5, 7]),
        st.integers(0, 3),
    ),
    min_size=1,
    max_size=4,
    unique_by=lambda c: c.value,
)


@st.composite
def small_demands(draw):
    demands = []
    for i in range(draw(st.integers(1, 3))):
        least = draw(st.integers(0, 3))
        most = draw(st.integers(least, 5))
        demands.append(Demand(f"p{i}", draw(st.integers(0, 16)), least, most))
    return demands


@settings(max_examples=300, deadline=None)
@given(small_classes, small_demands())
def test_search_agrees_with_brute_force(classes, demands):
    assert deal_exists(classes, demands) is brute_force(classes, demands)


@settings(max_examples=150, deadline=None)
@given(small_classes, small_demands())
def test_conflict_is_a_smallest_impossible_set(classes, demands):
    conflict = conflicting(classes, demands)
    if brute_force(classes, demands):
        assert conflict is None
        return
    assert conflict is not None
    kept = list(conflict.demands)
    assert not brute_force(classes, kept)
    for leave_out in kept:  # each entry named is needed for the conflict
        assert brute_force(classes, [d for d in kept if d is not leave_out])
    if conflict.short_of is not None:
        plenty = [CardClass(c.shortage, c.value, 50, c.in_deck) if c == conflict.short_of else c for c in classes]
        assert brute_force(plenty, kept)


def test_a_search_out_of_budget_does_not_refuse():
    classes = [CardClass("v", v, 8, 8) for v in range(1, 10)]
    assert deal_exists(classes, [Demand(str(i), 37, 1, 72) for i in range(9)], budget=3) is None
    assert conflicting(classes, [Demand(str(i), 37, 1, 72) for i in range(9)], budget=3) is None


# --- the games ----------------------------------------------------------------------------------------------


def p10_sheet_of(players):
    return p10_sheet.Sheet(p10_phases.make_rules({}), players)


def p10_round(went_out, **points):
    results = [{"player": went_out, "completed": True}]
    results += [{"player": p, "completed": False, "points": v} for p, v in points.items()]
    return p10_parse({"round": 1, "went_out": went_out, "results": results}, p10_phases.make_rules({}))


def test_phase10_two_totals_of_230_are_refused_together_and_named():
    sheet = p10_sheet_of(["Ana", "Ben", "Cy"])
    sheet.check_round(p10_round("Cy", Ana=230, Ben=50))  # each 230 alone is possible: all eight wilds
    with pytest.raises(RoundError) as refused:
        sheet.check_round(p10_round("Cy", Ana=230, Ben=230))
    message = str(refused.value)
    assert "These totals cannot all be true in one deal: Ana (230) and Ben (230)." in message
    assert "The deck has only 8 wilds." in message
    assert refused.value.player == "Ana"


def test_phase10_a_total_against_counts_entered_for_another_player():
    sheet = p10_sheet_of(["Ana", "Ben", "Cy"])
    body = {
        "round": 1,
        "went_out": "Cy",
        "results": [
            {"player": "Ana", "completed": False, "counts": {"low": 9, "high": 0, "skip": 0, "wild": 1}},
            {"player": "Ben", "completed": False, "points": 230},
            {"player": "Cy", "completed": True},
        ],
    }
    with pytest.raises(RoundError, match="Ben's total of 230 points cannot be true together with the cards entered"):
        sheet.check_round(p10_parse(body, p10_phases.make_rules({})))
    body["results"][0]["counts"] = {"low": 10, "high": 0, "skip": 0, "wild": 0}
    sheet.check_round(p10_parse(body, p10_phases.make_rules({})))


def test_phase10_possible_rounds_of_six_players_near_the_limits_pass():
    sheet = p10_sheet_of(["A", "B", "C", "D", "E", "F"])
    # A's 230 takes the 8 wilds and 2 skips. Ten cards worth 50 + 5 x: x = highs + 2 x skips. B..E need
    # x = 6 + 6 + 8 + 8 = 28 = 24 highs + 2 skips: every 10-12 and every skip of the deck, exactly.
    sheet.check_round(p10_round("F", A=230, B=80, C=80, D=90, E=90))
    with pytest.raises(RoundError, match="The deck has only 24 cards of 10 to 12"):
        sheet.check_round(p10_round("F", A=230, B=80, C=80, D=95, E=90))  # x = 29: one high too many


def uno_round(went_out, **points):
    results = [{"player": p, "points": v} for p, v in points.items()]
    return uno_parse({"round": 1, "went_out": went_out, "results": results}, uno_rules.make_rules({}))


def test_uno_points_are_checked_together():
    players = ["A", "B", "C", "D", "E", "F"]
    sheet = uno_sheet.Sheet(uno_rules.make_rules({}), players)
    sheet.check_round(uno_round("F", A=0, B=0, C=0, D=0, E=700))
    with pytest.raises(RoundError) as refused:  # a hand worth 0 holds a 0, and the deck has four
        sheet.check_round(uno_round("A", B=0, C=0, D=0, E=0, F=0))
    assert "cannot all be true in one deal" in str(refused.value)
    assert "The deck has only 4 cards showing 0" in str(refused.value)
    sheet.check_round(uno_round("A", B=620, C=620, D=0, E=0, F=0))
    body = {
        "round": 1,
        "went_out": "A",
        "results": [{"player": "B", "cards": ["R0", "Y0", "G0", "B0"]}, {"player": "C", "points": 0}]
        + [{"player": p, "points": 5} for p in "DEF"],
    }
    with pytest.raises(RoundError, match="C's total of 0 points cannot be true together with the cards entered"):
        sheet.check_round(uno_parse(body, uno_rules.make_rules({})))


def test_stored_rounds_replay_without_the_check_and_new_ones_are_still_checked():
    """A round stored before totals were checked together replays (sheet loads, corrections of other rounds
    work); the same round as new input, or as the round being corrected, is still refused."""
    p10_rules = p10_phases.make_rules({})
    stored = {
        "round": 1,
        "went_out": "Cy",
        "results": [
            {"player": "Ana", "completed": False, "points": 230},
            {"player": "Ben", "completed": False, "points": 230},
            {"player": "Cy", "completed": True, "points": 0},
        ],
    }
    sheet = p10_sheet.Sheet.replay(p10_rules, ["Ana", "Ben", "Cy"], [stored])
    assert [s.score for s in sheet.standings()] == [230, 230, 0]
    with pytest.raises(RoundError, match="cannot all be true in one deal"):
        sheet.check_round(p10_round("Cy", Ana=230, Ben=230))
    sheet.add_round(p10_round("Ana", Ben=50, Cy=50))
    sheet.replace_round(2, p10_round("Ana", Ben=60, Cy=50))  # round 1 is checked again as stored
    with pytest.raises(RoundError, match="cannot all be true in one deal"):
        sheet.replace_round(1, p10_round("Cy", Ana=230, Ben=230))
    uno_rules_set = uno_rules.make_rules({})
    old_hand = {"round": 1, "went_out": "A", "results": [{"player": p, "points": 0} for p in "BCDEF"]}
    uno = uno_sheet.Sheet.replay(uno_rules_set, list("ABCDEF"), [old_hand])
    assert len(uno.rounds) == 1
    with pytest.raises(RoundError, match="The deck has only 4 cards showing 0"):
        uno.check_round(uno_round("A", B=0, C=0, D=0, E=0, F=0))
    uno.add_round(uno_round("B", A=5, C=5, D=5, E=5, F=5))
    assert len(uno_sheet.Sheet.replay(uno_rules_set, list("ABCDEF"), uno.rounds).rounds) == 2
