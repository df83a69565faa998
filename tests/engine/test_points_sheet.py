"""The points sheet: rules, rounds, when the game ends (target, rounds, both, neither), the winner or a tie."""

from __future__ import annotations

import pytest

from app.engine import outcome as shared
from app.engine.errors import RoundError, RulesError
from app.games.points.engine.rounds import parse_round
from app.games.points.engine.rules import make_rules, rules_from_text
from app.games.points.engine.sheet import Sheet, check_players

PLAYERS = ("Ana", "Ben", "Cy")


def rnd(*points: int, players=PLAYERS) -> dict:
    return {"results": [{"player": p, "points": n} for p, n in zip(players, points)]}


def play(rules: dict | None, *rounds: tuple[int, ...], players=PLAYERS) -> Sheet:
    sheet = Sheet(make_rules(rules), players)
    for points in rounds:
        sheet.add_round(parse_round(rnd(*points, players=players)))
    return sheet


# --- rules ---------------------------------------------------------------------------------------


def test_defaults_are_highest_and_open():
    assert make_rules().to_dict() == {"wins": "highest", "target": None, "rounds": None, "join_score": "worst"}
    assert make_rules({"target": None, "rounds": 12, "wins": "lowest"}).to_dict() == {
        "wins": "lowest",
        "target": None,
        "rounds": 12,
        "join_score": "worst",
    }
    assert rules_from_text("wins=lowest,target=100,rounds=none,join_score=zero").to_dict() == {
        "wins": "lowest",
        "target": 100,
        "rounds": None,
        "join_score": "zero",
    }


@pytest.mark.parametrize(
    "given, fragment",
    [
        ({"wins": "most"}, "wins"),
        ({"target": 0}, "target"),
        ({"target": 1_000_001}, "target"),
        ({"target": True}, "target"),
        ({"target": "100"}, "target"),
        ({"rounds": 201}, "rounds"),
        ({"rounds": 0}, "rounds"),
        ({"dealer": "Ana"}, "dealer"),
    ],
)
def test_bad_rules_are_refused_by_name(given, fragment):
    with pytest.raises(RulesError, match=fragment):
        make_rules(given)


def test_two_to_twelve_players():
    assert check_players(["Ana", " Ben "]) == ("Ana", "Ben")
    assert len(check_players([f"P{n}" for n in range(12)])) == 12
    with pytest.raises(RulesError, match="2 to 12 players, not 13"):
        check_players([f"P{n}" for n in range(13)])
    with pytest.raises(RulesError, match="2 to 12 players, not 1"):
        check_players(["Ana"])


# --- rounds --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "body, fragment",
    [
        ({"went_out": "Ana", "results": rnd(1, 2, 3)["results"]}, "went_out"),
        ({"results": [{"player": "Ana", "cards": ["5"]}]}, "not cards"),
        ({"results": [{"player": "Ana", "counts": {"low": 1}}]}, "not counts"),
        ({"results": [{"player": "Ana", "points": 3, "knocked_out": True}]}, "points, not knocked_out"),
        ({"results": [{"player": "Ana", "points": 100_001}]}, "-100000 to 100000"),
        ({"results": [{"player": "Ana", "points": -100_001}]}, "-100000 to 100000"),
        ({"results": [{"player": "Ana", "points": 1.5}]}, "whole number"),
        ({"results": [{"player": "Ana", "points": True}]}, "whole number"),
        ({"results": [{"player": "Ana"}]}, "whole number"),
        ({"results": []}, "every player"),
        ({"results": rnd(1, 2, 3)["results"], "note": "x"}, "note"),
        ([1, 2], "JSON object"),
    ],
)
def test_malformed_rounds_are_refused(body, fragment):
    with pytest.raises(RoundError, match=fragment):
        parse_round(body)


def test_every_player_is_listed_once():
    sheet = Sheet(make_rules(), PLAYERS)
    with pytest.raises(RoundError, match="Cy has no points in this round") as missing:
        sheet.add_round(parse_round(rnd(1, 2)))
    assert missing.value.player == "Cy"
    with pytest.raises(RoundError, match="listed twice"):
        sheet.add_round(parse_round({"results": [*rnd(1, 2, 3)["results"], {"player": "ana", "points": 4}]}))
    with pytest.raises(RoundError, match="Dee is not a player"):
        sheet.add_round(parse_round({"results": [*rnd(1, 2, 3)["results"], {"player": "Dee", "points": 4}]}))
    assert sheet.rounds == ()


def test_names_are_matched_ignoring_case_and_stored_in_seating_order():
    sheet = Sheet(make_rules(), PLAYERS)
    scored = sheet.add_round(parse_round({"results": [{"player": "cy", "points": 3}, *rnd(1, 2)["results"]]}))
    assert scored.to_json() == {
        "round": 1,
        "dealer": "Cy",
        "results": [{"player": "Ana", "points": 1}, {"player": "Ben", "points": 2}, {"player": "Cy", "points": 3}],
    }


# --- the end of the game ---------------------------------------------------------------------------


def test_open_game_never_finishes_and_totals_may_be_negative():
    sheet = play(None, (-20, 5, 0), (-30, 5, 10), (7, -100, 0))
    assert sheet.status == "playing" and sheet.outcome is None and sheet.winner is None
    assert [s.score for s in sheet.standings()] == [-43, -90, 10]
    assert sheet.leaders() == ("Cy",)
    assert sheet.to_json()["tied"] is None and sheet.to_json()["next_round"] == 4


def test_finish_by_target_highest():
    sheet = play({"target": 100}, (60, 40, 0), (30, 30, 99))
    assert sheet.status == "playing"
    sheet.add_round(parse_round(rnd(10, 0, -5)))  # Ana reaches exactly 100
    data = sheet.to_json()
    assert data["status"] == "finished" and data["winner"] == "Ana" and data["tied"] is None
    assert data["outcome"]["rule"] == "target" and "Ana has the highest total, 100" in data["outcome"]["text"]
    assert data["next_round"] is None
    with pytest.raises(RoundError, match="The game is over: Ana won"):
        sheet.add_round(parse_round(rnd(1, 1, 1)))


def test_finish_by_target_lowest_wins_the_lowest():
    # Hearts: the game ends when someone reaches 100; the lowest total wins.
    sheet = play({"target": 100, "wins": "lowest"}, (26, 0, 0), (80, 10, -5))
    assert sheet.status == "finished" and sheet.winner == "Cy"
    assert sheet.outcome.rule == "target" and "lowest total, -5" in sheet.outcome.text


def test_finish_by_rounds():
    sheet = play({"rounds": 2}, (5, 3, 1))
    assert sheet.status == "playing"
    sheet.add_round(parse_round(rnd(0, 1, 2)))
    assert sheet.status == "finished" and sheet.winner == "Ana" and sheet.outcome.rule == "rounds"
    assert "The game was set to end after 2 rounds." in sheet.outcome.text


@pytest.mark.parametrize(
    "rounds, rule, winner",
    [
        (((50, 0, 0), (60, 0, 0)), "target", "Ana"),  # the target comes first (round 2 of 3)
        (((10, 20, 0), (10, 20, 0), (10, 25, 0)), "rounds", "Ben"),  # the rounds run out first
    ],
)
def test_finish_by_target_or_rounds_whichever_first(rounds, rule, winner):
    sheet = play({"target": 100, "rounds": 3}, *rounds)
    assert sheet.status == "finished" and sheet.outcome.rule == rule and sheet.winner == winner


def test_a_tie_has_no_winner_and_lists_the_tied():
    sheet = play({"rounds": 2}, (10, 5, 10), (0, 4, 0))
    data = sheet.to_json()
    assert data["status"] == "finished" and data["winner"] is None
    assert data["tied"] == ["Ana", "Cy"] and data["outcome"]["tied"] == ["Ana", "Cy"]
    assert "Ana and Cy share the highest total, 10: a tie." in data["outcome"]["text"]
    with pytest.raises(RoundError, match="Ana and Cy tied"):
        sheet.add_round(parse_round(rnd(1, 1, 1)))


def test_a_tie_at_the_lowest_with_negative_totals():
    sheet = play({"rounds": 1, "wins": "lowest"}, (-7, -7, 3))
    assert sheet.winner is None and sheet.to_json()["tied"] == ["Ana", "Ben"]


# --- one shape with the other games -----------------------------------------------------------------


@pytest.mark.parametrize(
    "rules, rounds, rule, winner, players",
    [
        ({"target": 50}, ((20, 10, 0), (40, 0, 0)), shared.DecidingRule.REACHED_TARGET, "Ana", PLAYERS),
        ({"rounds": 2, "wins": "lowest"}, ((5, 3, 9), (5, 1, 0)), shared.DecidingRule.LAST_ROUND, "Ben", PLAYERS),
        # a tie: no winner, the tied players; a points game has no rule that breaks it (no tie-breaker round)
        ({"rounds": 2}, ((10, 5, 10), (0, 4, 0)), shared.DecidingRule.LAST_ROUND, None, ("Ana", "Cy")),
        ({"target": 30}, ((30, 30, 0),), shared.DecidingRule.REACHED_TARGET, None, ("Ana", "Ben")),
    ],
)
def test_the_outcome_is_the_shared_outcome_with_the_rule_that_ended_the_game(rules, rounds, rule, winner, players):
    sheet = play(rules, *rounds)
    outcome = sheet.outcome
    assert isinstance(outcome, shared.Outcome) and outcome.rule is rule
    assert outcome.winner == winner and outcome.is_tie is (winner is None) and outcome.players == players
    assert sheet.to_json()["outcome"] == {
        "rule": rule.value,
        "winner": winner,
        "tied": None if winner else list(players),
        "text": outcome.text,
    }


def test_corrections_and_undo_answer_the_shared_correction():
    sheet = play({"target": 50}, (20, 10, 0), (40, 0, 0))
    corrected = sheet.replace_round(2, parse_round(rnd(-40, 0, 0)))
    assert isinstance(corrected, shared.Correction) and not corrected.tiebreaker_dropped
    assert corrected.round.number == 2 and corrected.round.points == {"Ana": -40, "Ben": 0, "Cy": 0}
    undone = sheet.undo()
    assert isinstance(undone, shared.Correction) and undone.round.number == 2 and len(sheet.rounds) == 1


# --- corrections -----------------------------------------------------------------------------------


def test_correcting_and_undoing_reopen_a_finished_game():
    sheet = play({"target": 50}, (20, 10, 0), (40, 0, 0))
    assert sheet.winner == "Ana"
    sheet.replace_round(2, parse_round(rnd(-40, 0, 0)))
    assert sheet.status == "playing" and [s.score for s in sheet.standings()] == [-20, 10, 0]
    sheet.add_round(parse_round(rnd(0, 45, 0)))
    assert sheet.winner == "Ben"
    removed = sheet.undo().round  # undo answers the shared Correction, holding the round removed
    assert removed.number == 3 and sheet.status == "playing" and [s.score for s in sheet.standings()] == [-20, 10, 0]


def test_replay_from_stored_json_matches():
    sheet = play({"target": 30}, (10, -5, 0), (10, 40, 0))
    again = Sheet.replay(make_rules({"target": 30}), PLAYERS, [r.to_json() for r in sheet.rounds])
    assert again.to_json() == sheet.to_json()
    assert again.running_totals() == [{"Ana": 10, "Ben": -5, "Cy": 0}, {"Ana": 20, "Ben": 35, "Cy": 0}]
