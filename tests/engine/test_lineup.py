"""Players who join or leave mid-game (API.md "A game's life around the table"), in every kind's sheet: the
change takes effect from the next round; a player who left is not in later rounds, keeps their total and
cannot win; a joiner starts at the first phase with the table rule ``join_score``; the limits count only the
players who have not left; replays, corrections and undo keep it all."""

from __future__ import annotations

import pytest

from app.engine.errors import RoundError
from app.games.phase10.engine import phases as p10_rules
from app.games.phase10.engine.rounds import parse_round as p10_round
from app.games.phase10.engine.sheet import Sheet as Phase10Sheet
from app.games.points.engine import rules as points_rules
from app.games.points.engine.rounds import parse_round as points_round
from app.games.points.engine.sheet import Sheet as PointsSheet
from app.games.uno.engine import rules as uno_rules
from app.games.uno.engine.rounds import parse_round as uno_round
from app.games.uno.engine.sheet import Sheet as UnoSheet


def uno(went_out, **hands):
    return uno_round(
        {"went_out": went_out, "results": [{"player": p, "points": n} for p, n in hands.items()]},
        uno_rules.make_rules(),
    )


def points(rules, **scores):
    return points_round({"results": [{"player": p, "points": n} for p, n in scores.items()]}, rules)


def p10(rules, went_out, **others):
    """``others``: name -> (completed, points)."""
    results = [{"player": went_out, "completed": True}]
    results += [{"player": p, "completed": done, "points": n} for p, (done, n) in others.items()]
    return p10_round({"went_out": went_out, "results": results}, rules)


# --- UNO ----------------------------------------------------------------------------------------------


def test_uno_leave_takes_effect_from_the_next_round_and_keeps_the_total():
    sheet = UnoSheet(uno_rules.make_rules(), ["Ana", "Ben", "Cy"])
    sheet.add_round(uno("Ana", Ben=20, Cy=30))
    assert sheet.change_lineup(leave="cy") == {"round": 2, "leave": "Cy"}
    assert sheet.active == ("Ana", "Ben") and sheet.left_round("Cy") == 2
    with pytest.raises(RoundError, match=r"Cy left the game before round 2: leave Cy out of this round\."):
        sheet.check_round(uno("Ana", Ben=5, Cy=5))
    with pytest.raises(RoundError, match="Cy left the game before round 2"):
        sheet.check_round(uno("Cy", Ana=5, Ben=5))
    sheet.add_round(uno("Ben", Ana=40))
    data = sheet.to_json()
    assert [(p["name"], p["score"], p["left"]) for p in data["players"]] == [
        ("Ana", 50, None),
        ("Ben", 40, None),
        ("Cy", 0, 2),
    ]
    assert data["lineup"] == [{"round": 2, "leave": "Cy"}]
    assert [r["player"] for r in data["rounds"][1]["results"]] == ["Ana"]
    assert sheet.record()["Cy"]["rounds"] == 1 and sheet.record()["Ana"]["rounds"] == 2


@pytest.mark.parametrize(("scoring", "expected"), [("winner_takes", 0), ("lowest_wins", 55)])
def test_uno_joiner_starts_with_the_worst_total_by_the_games_order(scoring, expected):
    rules = uno_rules.make_rules({"scoring": scoring})
    sheet = UnoSheet(rules, ["Ana", "Ben", "Cy"])
    body = {"went_out": "Ana", "results": [{"player": "Ben", "points": 20}, {"player": "Cy", "points": 35}]}
    sheet.add_round(uno_round(body, rules))
    # winner_takes: Ana 55, Ben 0, Cy 0 (highest wins: the worst is 0); lowest_wins: Ana 0, Ben 20, Cy 35 ...
    if scoring == "lowest_wins":
        sheet.change_lineup(leave="Cy")  # ... and Cy's 35 no longer counts: Cy left
        expected = 20
    sheet.change_lineup(join="Eve")
    assert sheet.totals["Eve"] == expected and sheet.joined_round("Eve") == 2
    assert sheet.players[-1] == "Eve"


def test_uno_join_score_zero():
    rules = uno_rules.make_sheet_rules({"scoring": "lowest_wins", "join_score": "zero"})
    sheet = UnoSheet(rules, ["Ana", "Ben"])
    sheet.add_round(uno_round({"went_out": "Ana", "results": [{"player": "Ben", "points": 20}]}, rules))
    sheet.change_lineup(join="Eve")
    assert sheet.totals["Eve"] == 0


def test_uno_a_leaver_cannot_win():
    rules = uno_rules.make_rules({"scoring": "lowest_wins", "target": 100})
    sheet = UnoSheet(rules, ["Ana", "Ben", "Cy"])
    sheet.add_round(
        uno_round(
            {"went_out": "Cy", "results": [{"player": "Ana", "points": 40}, {"player": "Ben", "points": 50}]}, rules
        )
    )
    sheet.change_lineup(leave="Cy")  # Cy holds the lowest total, 0
    sheet.add_round(uno_round({"went_out": "Ana", "results": [{"player": "Ben", "points": 60}]}, rules))
    assert sheet.status == "finished" and sheet.winner == "Ana" and sheet.leaders() == ("Ana",)
    assert "Cy left before round 2 and could not win." in sheet.to_json()["outcome"]["text"]


# --- points -------------------------------------------------------------------------------------------


def test_points_a_leaver_who_would_otherwise_win():
    rules = points_rules.make_rules({"rounds": 3})
    sheet = PointsSheet(rules, ["Ana", "Ben", "Cy"])
    sheet.add_round(points(rules, Ana=10, Ben=5, Cy=50))
    sheet.change_lineup(leave="Cy")
    sheet.add_round(points(rules, Ana=1, Ben=1))
    sheet.add_round(points(rules, Ana=1, Ben=0))
    data = sheet.to_json()
    assert data["status"] == "finished" and data["winner"] == "Ana"
    assert data["players"][2] == {"name": "Cy", "score": 50, "joined": None, "left": 2}
    assert data["outcome"]["text"].endswith("Cy left before round 2 and could not win.")


def test_points_joiner_and_limits():
    rules = points_rules.make_rules({"wins": "lowest"})
    sheet = PointsSheet(rules, ["Ana", "Ben"])
    sheet.add_round(points(rules, Ana=3, Ben=8))
    with pytest.raises(RoundError, match="at least 2 players who have not left"):
        sheet.check_lineup_change(leave="Ana")
    with pytest.raises(RoundError, match="already a player"):
        sheet.check_lineup_change(join="BEN")
    with pytest.raises(RoundError, match='either "join"'):
        sheet.check_lineup_change(join="Eve", leave="Ana")
    sheet.change_lineup(join="Eve")
    assert sheet.totals["Eve"] == 8  # lowest wins: the worst is the highest total
    with pytest.raises(RoundError, match="Zed is not a player"):
        sheet.check_round(points(rules, Ana=1, Ben=1, Eve=1, Zed=1))
    sheet.add_round(points(rules, Ana=1, Ben=1, Eve=1))
    assert sheet.to_json()["totals"][-1]["scores"] == {"Ana": 4, "Ben": 9, "Eve": 9}
    assert sheet.to_json()["totals"][0]["scores"] == {"Ana": 3, "Ben": 8}


def test_left_players_do_not_count_toward_the_limit():
    rules = points_rules.make_rules()
    names = [f"P{i}" for i in range(12)]
    sheet = PointsSheet(rules, names)
    with pytest.raises(RoundError, match="at most 12 players who have not left: Eve cannot join"):
        sheet.check_lineup_change(join="Eve")
    sheet.change_lineup(leave="P3")
    sheet.change_lineup(join="Eve")
    assert len(sheet.active) == 12 and len(sheet.players) == 13


def test_the_deal_passes_over_a_player_who_left():
    rules = points_rules.make_rules()
    sheet = PointsSheet(rules, ["Ana", "Ben", "Cy"])  # Cy deals round 1, then Ana, Ben, Cy...
    sheet.add_round(points(rules, Ana=1, Ben=1, Cy=1))
    sheet.change_lineup(leave="Ana")
    assert sheet.next_dealer == "Ben"
    sheet.add_round(points(rules, Ben=1, Cy=1))
    sheet.change_lineup(join="Eve")  # sits after Cy
    assert sheet.next_dealer == "Cy"
    sheet.add_round(points(rules, Ben=1, Cy=1, Eve=1))
    assert sheet.next_dealer == "Eve"
    assert [r.dealer for r in sheet.rounds] == ["Cy", "Ben", "Cy"]


def test_replay_undo_and_correction_keep_the_changes():
    rules = points_rules.make_rules()
    sheet = PointsSheet(rules, ["Ana", "Ben", "Cy"])
    sheet.add_round(points(rules, Ana=5, Ben=2, Cy=9))
    sheet.change_lineup(leave="Cy")
    sheet.change_lineup(join="Eve")
    sheet.add_round(points(rules, Ana=1, Ben=1, Eve=1))
    stored = [r.to_json() for r in sheet.rounds]
    again = PointsSheet.replay(rules, ["Ana", "Ben", "Cy"], stored, lineup=sheet.lineup)
    assert again.to_json() == sheet.to_json()
    sheet.replace_round(1, points(rules, Ana=5, Ben=7, Cy=9))
    assert sheet.totals["Eve"] == 6  # the worst total after the corrected round 1 (Cy left), plus 1
    sheet.undo()
    assert sheet.totals["Eve"] == 5 and sheet.active == ("Ana", "Ben", "Eve")


# --- Phase 10 -----------------------------------------------------------------------------------------


def test_phase10_joiner_starts_at_the_first_phase_with_the_worst_total():
    rules = p10_rules.make_rules({"phases": [1, 2, 3]})
    sheet = Phase10Sheet(rules, ["Ana", "Ben", "Cy"])
    sheet.add_round(p10(rules, "Ana", Ben=(True, 20), Cy=(False, 50)))
    sheet.change_lineup(join="Eve")
    eve = sheet.to_json()["players"][-1]
    assert eve == {"name": "Eve", "score": 50, "phase": 1, "phases_done": [], "joined": 2, "left": None}
    with pytest.raises(RoundError):
        sheet.check_round(p10(rules, "Ana", Ben=(False, 50), Cy=(False, 50)))  # Eve's row is missing
    sheet.add_round(p10(rules, "Eve", Ana=(False, 50), Ben=(False, 50), Cy=(False, 50)))
    assert sheet.to_json()["players"][-1]["phase"] == 2


def test_phase10_a_leaver_who_would_otherwise_win():
    # All advance: the lowest total after the last phase wins; Cy holds it (0) but left.
    rules = p10_rules.make_rules({"phases": [1, 2], "variant": "all_advance"})
    sheet = Phase10Sheet(rules, ["Ana", "Ben", "Cy"])
    sheet.add_round(p10(rules, "Cy", Ana=(True, 30), Ben=(False, 50)))
    sheet.change_lineup(leave="Cy")
    sheet.add_round(p10(rules, "Ana", Ben=(True, 20)))
    data = sheet.to_json()
    assert data["status"] == "finished" and data["winner"] == "Ana"
    assert data["players"][2]["left"] == 2 and data["players"][2]["score"] == 0
    assert "Cy left before round 2 and could not win." in data["outcome"]["text"]
    assert sheet.leaders() == ("Ana",)


def test_phase10_max_players_counts_those_who_have_not_left():
    rules = p10_rules.make_rules()
    sheet = Phase10Sheet(rules, ["A", "B", "C", "D", "E", "F"])
    with pytest.raises(RoundError, match="at most 6"):
        sheet.check_lineup_change(join="G")
    sheet.change_lineup(leave="A")
    assert sheet.change_lineup(join="G") == {"round": 1, "join": "G"}


# --- found by a second reading ------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["uno_flip", "uno_no_mercy"])
def test_the_new_uno_decks_take_rounds_without_a_player_who_left(kind):
    """A Flip or No Mercy hand after a player left is the players at the table's (the round named the leaver)."""
    import importlib

    rules_module = importlib.import_module(f"app.games.{kind}.engine.rules")
    sheet_module = importlib.import_module(f"app.games.{kind}.engine.sheet")
    rounds = importlib.import_module(f"app.games.{kind}.engine.rounds")
    rules = rules_module.make_sheet_rules()
    sheet = sheet_module.Sheet(rules, ["Ana", "Ben", "Cy"])
    extra = {"side": "light"} if kind == "uno_flip" else {}
    sheet.change_lineup(leave="Cy")
    body = {"went_out": "Ana", "results": [{"player": "Ben", "points": 20}], **extra}
    sheet.add_round(rounds.parse_round(body, rules))
    assert sheet.totals["Ana"] > 0 and sheet.totals["Cy"] == 0


def test_a_round_entered_together_is_complete_without_a_player_who_left():
    sheet = UnoSheet(uno_rules.make_sheet_rules(), ["Ana", "Ben", "Cy"])
    sheet.change_lineup(leave="Cy")
    rows = {"Ben": sheet.read_row("Ben", {"points": 20})}
    check = sheet.check_rows("Ana", rows)
    assert check.ready and not check.missing


def test_a_joiner_whose_name_looks_like_a_players_is_refused():
    sheet = UnoSheet(uno_rules.make_sheet_rules(), ["Ana", "Ben"])
    with pytest.raises(RoundError, match="look the same on the screen"):
        sheet.change_lineup(join="\u0410na")  # a Cyrillic А


def test_a_correction_checks_later_rounds_with_the_players_who_joined():
    """A later round that a joiner played is checked again with the joiner at the table, not judged as never held."""
    sheet = UnoSheet(uno_rules.make_sheet_rules(), ["Ana", "Ben"])
    sheet.add_round(uno("Ana", Ben=20))
    sheet.change_lineup(join="Eve")
    sheet.add_round(uno("Ben", Ana=10, Eve=30))
    # Round 2 held every check when it was stored: a correction of round 1 checks it again in full (it was judged
    # "never held", and so checked leniently, when the replay left Eve out).
    assert sheet._held_in_full(2)
