"""Standings ranked by the game's own order (issue 22): the winner first, then the others as the game orders
them; equal players share a rank."""

from app.games.phase10.engine.phases import make_rules as phase10_rules
from app.games.phase10.engine.rounds import parse_round as phase10_round
from app.games.phase10.engine.sheet import Sheet as Phase10Sheet
from app.games.points.engine.rounds import parse_round as points_round
from app.games.points.engine.rules import make_rules as points_rules
from app.games.points.engine.sheet import Sheet as PointsSheet
from app.games.uno.engine.rounds import parse_round as uno_round
from app.games.uno.engine.rules import make_rules as uno_rules
from app.games.uno.engine.sheet import Sheet as UnoSheet


def ranks(sheet):
    return [(rank, line.name, line.score) for rank, line in sheet.ranking()]


def test_lowest_wins_points_puts_the_winner_first_and_ties_share_a_rank():
    players = ("Ana", "Ben", "Cy", "Dee")
    rules = points_rules({"wins": "lowest", "target": 100})
    sheet = PointsSheet(rules, players)
    body = {"results": [{"player": p, "points": n} for p, n in zip(players, (30, 101, 10, 30))]}
    sheet.add_round(points_round(body, rules))
    assert sheet.winner == "Cy"
    assert ranks(sheet) == [(1, "Cy", 10), (2, "Ana", 30), (2, "Dee", 30), (4, "Ben", 101)]


def test_highest_wins_points_ranks_by_higher_total_while_playing():
    players = ("Ana", "Ben", "Cy")
    rules = points_rules()
    sheet = PointsSheet(rules, players)
    sheet.add_round(
        points_round({"results": [{"player": p, "points": n} for p, n in zip(players, (5, 40, -3))]}, rules)
    )
    assert ranks(sheet) == [(1, "Ben", 40), (2, "Ana", 5), (3, "Cy", -3)]


def test_uno_winner_takes_ranks_by_higher_total():
    players = ("Cy", "Ben", "Ana")
    rules = uno_rules({"target": 100})
    sheet = UnoSheet(rules, players)
    for out, other in (("Ben", {"Ana": 20, "Cy": 30}), ("Cy", {"Ana": 10, "Ben": 30}), ("Ana", {"Ben": 70, "Cy": 40})):
        body = {"went_out": out, "results": [{"player": p, "points": n} for p, n in other.items()]}
        sheet.add_round(uno_round(body, rules))
    assert sheet.winner == "Ana"
    assert ranks(sheet) == [(1, "Ana", 110), (2, "Ben", 50), (3, "Cy", 40)]


def test_phase10_winner_then_finishers_by_total_then_phases_then_total():
    players = ("Ana", "Ben", "Cy", "Dee", "Eve")
    rules = phase10_rules({"phases": [1, 2]})
    sheet = Phase10Sheet(rules, players)

    def rnd(out, completed, points):
        results = []
        for p in players:
            result = {"player": p, "completed": p == out or p in completed}
            if p != out:
                result["points"] = points[p]
            results.append(result)
        return phase10_round({"went_out": out, "results": results}, rules)

    # Round 1: Ana, Ben, Dee complete phase 1; Cy and Eve do not.
    sheet.add_round(rnd("Ana", ("Ben", "Dee"), {"Ben": 5, "Cy": 50, "Dee": 40, "Eve": 55}))
    # Round 2: Ben and Dee complete phase 2 (the last): the game ends; Eve completes phase 1 (more phases than Cy).
    sheet.add_round(rnd("Ben", ("Dee", "Eve"), {"Ana": 50, "Cy": 60, "Dee": 10, "Eve": 5}))
    assert sheet.winner == "Ben"
    # Dee completed the last phase too; then Ana and Eve (one phase each) by lower total, then Cy (none).
    assert [name for _rank, name, _score in ranks(sheet)] == ["Ben", "Dee", "Ana", "Eve", "Cy"]
    assert [line.name for line in sheet.standings()] == list(players)  # standings() keeps the seating order
