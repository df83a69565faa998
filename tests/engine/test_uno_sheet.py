"""UNO score sheet: reading hands, both scorings, the target, lowest_wins ties, newer wilds, bounds,
corrections and replay."""

import pytest

from app.engine.errors import RoundError, RulesError
from app.games.uno.engine.cards import Card
from app.games.uno.engine.rounds import parse_round
from app.games.uno.engine.rules import make_rules
from app.games.uno.engine.sheet import LOWEST_TOTAL, REACHED_TARGET, Sheet, check_players

PLAYERS = ("Ana", "Ben", "Cy")
DEFAULT = make_rules()
# Classic deck: per colour 0 + two each of 1-9 (90) + two each of three actions (120); 8 wilds at 50.
DECK_TOTAL = 4 * (90 + 120) + 8 * 50
NEWER_TOTAL = DECK_TOTAL + 4 * 40


def hand(went_out, **hands):
    """A hand body: each keyword is a player's cards (a list) or points (an int)."""
    results = []
    for name, value in hands.items():
        results.append({"player": name, ("cards" if isinstance(value, list) else "points"): value})
    return {"went_out": went_out, "results": results}


def play(rules, hands, players=PLAYERS):
    sheet = Sheet(rules, players)
    for body in hands:
        sheet.add_round(parse_round(body, rules))
    return sheet


def scores(sheet):
    return {s.name: s.score for s in sheet.standings()}


def test_deck_total_is_1240():
    from app.games.uno.engine.rounds import DECK_POINTS, NEWER_DECK_POINTS

    assert DECK_POINTS == DECK_TOTAL == 1240
    assert NEWER_DECK_POINTS == NEWER_TOTAL


def test_parse_the_api_example():
    data = {
        "round": 1,
        "went_out": "Ana",
        "results": [{"player": "Ben", "cards": ["R5", "W4"]}, {"player": "Cy", "points": 12}],
    }
    entry = parse_round(data, DEFAULT)
    assert entry.went_out == "Ana"
    ben, cy = entry.results
    assert ben.cards == (Card.parse("R5"), Card.parse("W4")) and ben.penalty == 55
    assert cy.points == 12 and cy.cards is None


def test_winner_takes_the_others_points():
    sheet = play(DEFAULT, [hand("Ana", Ben=["R5", "W4"], Cy=12)])
    assert scores(sheet) == {"Ana": 5 + 50 + 12, "Ben": 0, "Cy": 0}
    assert sheet.rounds[0].to_json() == {
        "round": 1,
        "dealer": "Cy",
        "went_out": "Ana",
        "results": [{"player": "Ben", "cards": ["R5", "W4"], "points": 55}, {"player": "Cy", "points": 12}],
        "scores": {"Ana": 67, "Ben": 0, "Cy": 0},
    }
    assert sheet.leaders() == ("Ana",)


def test_winner_takes_first_to_reach_the_target_wins():
    rules = make_rules({"target": 100})
    sheet = play(rules, [hand("Ana", Ben=60, Cy=30), hand("Ben", Ana=["G+2"], Cy=["B9"])])
    assert scores(sheet) == {"Ana": 90, "Ben": 29, "Cy": 0}
    assert sheet.status == "playing" and sheet.outcome is None
    sheet.add_round(parse_round(hand("Ana", Ben=5, Cy=5), rules))
    assert scores(sheet)["Ana"] == 100
    assert sheet.status == "finished" and sheet.winner == "Ana"
    assert sheet.outcome.rule == REACHED_TARGET
    assert sheet.outcome.text == "Ana reached 100 points first."
    with pytest.raises(RoundError) as caught:
        sheet.add_round(parse_round(hand("Ben", Ana=5, Cy=5), rules))
    assert "The game is over: Ana won." in str(caught.value)
    assert caught.value.round == 4


def test_lowest_wins_adds_each_players_own_cards():
    rules = make_rules({"scoring": "lowest_wins", "target": 100})
    sheet = play(rules, [hand("Ana", Ben=["R5", "W4"], Cy=12)])
    assert scores(sheet) == {"Ana": 0, "Ben": 55, "Cy": 12}
    assert sheet.rounds[0].to_json()["scores"] == {"Ana": 0, "Ben": 55, "Cy": 12}
    assert sheet.leaders() == ("Ana",)
    sheet.add_round(parse_round(hand("Cy", Ana=30, Ben=50), rules))
    assert scores(sheet) == {"Ana": 30, "Ben": 105, "Cy": 12}
    assert sheet.winner == "Cy" and sheet.outcome.rule == LOWEST_TOTAL
    assert sheet.outcome.text == "Ben reached the target of 100; Cy has the lowest total."


def test_lowest_wins_tie_for_lowest_goes_on_until_one_player_alone_is_lowest():
    rules = make_rules({"scoring": "lowest_wins", "target": 100})
    sheet = play(rules, [hand("Cy", Ana=40, Ben=40), hand("Ana", Ben=0, Cy=120)])
    assert scores(sheet) == {"Ana": 40, "Ben": 40, "Cy": 120}
    assert sheet.status == "playing" and sheet.winner is None and sheet.outcome is None
    assert sheet.notice == "Cy reached the target of 100, but Ana and Ben share the lowest total: play another hand."
    assert sheet.to_json()["tiebreaker"] is None and sheet.to_json()["next_round"] == 3
    # Still tied after another hand: still playing.
    sheet.add_round(parse_round(hand("Cy", Ana=10, Ben=10), rules))
    assert sheet.status == "playing"
    sheet.add_round(parse_round(hand("Ben", Ana=1, Cy=1), rules))
    assert scores(sheet) == {"Ana": 51, "Ben": 50, "Cy": 121}
    assert sheet.status == "finished" and sheet.winner == "Ben"
    assert sheet.notice is None


def test_newer_wilds_need_the_table_rule():
    with pytest.raises(RoundError) as caught:
        parse_round(hand("Ana", Ben=["WS"], Cy=1), DEFAULT)
    assert "newer_wilds" in str(caught.value) and caught.value.player == "Ben"
    rules = make_rules({"newer_wilds": True})
    sheet = play(rules, [hand("Ana", Ben=["WS", "WC", "WC", "WC"], Cy=1)])
    assert scores(sheet)["Ana"] == 4 * 40 + 1
    with pytest.raises(RoundError) as caught:
        play(rules, [hand("Ana", Ben=["WC", "WC"], Cy=["WC", "WC"])])
    assert "do not fit in one deck" in str(caught.value)


@pytest.mark.parametrize(
    "rules, points, accepted",
    [
        (DEFAULT, 0, True),  # a lone 0 card
        (DEFAULT, DECK_TOTAL, True),
        (DEFAULT, DECK_TOTAL + 1, False),
        (make_rules({"newer_wilds": True}), NEWER_TOTAL, True),
        (make_rules({"newer_wilds": True}), NEWER_TOTAL + 1, False),
    ],
)
def test_points_bounds(rules, points, accepted):
    sheet = Sheet(rules, ["Ana", "Ben"])
    body = hand("Ana", Ben=points)
    if accepted:
        sheet.check_round(parse_round(body, rules))
        assert sheet.rounds == ()
        assert sheet.add_round(parse_round(body, rules)).gained == {"Ana": points, "Ben": 0}
    else:
        with pytest.raises(RoundError) as caught:
            sheet.add_round(parse_round(body, rules))
        assert f"Ben's {points} points are more than the whole deck is worth" in str(caught.value)


@pytest.mark.parametrize("entry", [{"player": "Ana"}, {"player": "Ana", "cards": []}, {"player": "ana", "points": 0}])
def test_the_went_out_player_may_be_listed_with_nothing(entry):
    body = {"went_out": "Ana", "results": [entry, {"player": "Ben", "points": 7}, {"player": "Cy", "points": 3}]}
    sheet = play(DEFAULT, [body])
    assert scores(sheet) == {"Ana": 10, "Ben": 0, "Cy": 0}
    assert [r.player for r in sheet.rounds[0].results] == ["Ben", "Cy"]


@pytest.mark.parametrize(
    "body, message",
    [
        (hand("Ana", Ana=["R5"], Ben=1, Cy=1), "Ana went out, so Ana holds no cards"),
        (hand("Ana", Ana=["R0"], Ben=1, Cy=1), "Ana went out, so Ana holds no cards"),
        (hand("Ana", Ana=3, Ben=1, Cy=1), "Ana went out, so Ana holds no cards"),
        (hand("Ana", Ben=1), "Enter Cy's leftover cards or points: Cy did not go out."),
        (hand("Ana", Ben=1, Cy=1, Dee=1), "Dee is not a player of this game."),
        (hand("Dee", Ben=1, Cy=1), "Dee is not a player of this game, so Dee cannot have gone out."),
        (
            {
                "went_out": "Ana",
                "results": [
                    {"player": "Ben", "points": 1},
                    {"player": "BEN", "points": 1},
                    {"player": "Cy", "points": 1},
                ],
            },
            "Ben is listed twice in this round.",
        ),
        (hand("Ana", Ben=[], Cy=1), "Ben did not go out, so Ben holds at least one card."),
        (
            hand("Ana", Ben=["W4", "W4", "W4"], Cy=["W4", "W4"]),
            "The cards entered for this round do not fit in one deck: The deck has only 4 of W4, but 5 were given.",
        ),
        (hand("Ana", Ben=["R0", "R0"], Cy=1), "The deck has only 1 of R0, but 2 were given."),
        (hand("Ana", Ben=1000, Cy=300), "Together the hands of this round count 1300 points, more than the whole deck"),
    ],
)
def test_impossible_hands_are_refused(body, message):
    sheet = Sheet(DEFAULT, PLAYERS)
    with pytest.raises(RoundError) as caught:
        sheet.add_round(parse_round(body, DEFAULT))
    assert message in str(caught.value)
    assert sheet.rounds == () and scores(sheet) == dict.fromkeys(PLAYERS, 0)


@pytest.mark.parametrize(
    "body, message",
    [
        ("x", "must be a JSON object"),
        ({"results": []}, "went_out must be"),
        ({"went_out": "Ana", "results": {}}, "results must be a list"),
        ({"went_out": "Ana", "results": [3]}, "results[0] must be an object"),
        ({"went_out": "Ana", "results": [{"points": 3}]}, "results[0].player must be"),
        (hand("Ana", Ben=-1), "results[0].points must be a whole number"),
        (hand("Ana", Ben=True), "results[0].points must be a whole number"),
        (hand("Ana", Ben=["R5", "X9"]), '"X9" is not an UNO card'),
        ({"went_out": "Ana", "results": [{"player": "Ben", "cards": "R5"}]}, "results[0].cards must be a list"),
        (
            {"went_out": "Ana", "results": [{"player": "Ben", "cards": ["R5"], "points": 5}]},
            "only one of cards or points",
        ),
        (
            {"went_out": "Ana", "results": [{"player": "Ben", "completed": True, "points": 5}]},
            'unknown key "completed"',
        ),
        ({"went_out": "Ana", "results": [], "dealer": "Cy"}, 'unknown key "dealer"'),
    ],
)
def test_malformed_bodies_are_refused(body, message):
    with pytest.raises(RoundError) as caught:
        parse_round(body, DEFAULT)
    assert message in str(caught.value)


def test_dealer_passes_left_from_the_last_player():
    sheet = play(DEFAULT, [hand("Ana", Ben=1, Cy=1)] * 3)
    assert [r.dealer for r in sheet.rounds] == ["Cy", "Ana", "Ben"]
    assert sheet.next_dealer == "Cy"


def test_undo_and_correction():
    rules = make_rules({"target": 100})
    sheet = play(rules, [hand("Ana", Ben=20, Cy=20), hand("Ben", Ana=10, Cy=10), hand("Ana", Ben=30, Cy=30)])
    assert sheet.winner == "Ana" and scores(sheet) == {"Ana": 100, "Ben": 20, "Cy": 0}
    removed = sheet.undo().round
    assert removed.number == 3 and sheet.status == "playing"
    assert scores(sheet) == {"Ana": 40, "Ben": 20, "Cy": 0}
    corrected = sheet.replace_round(1, parse_round(hand("Cy", Ana=5, Ben=5), rules)).round
    assert corrected.went_out == "Cy"
    assert scores(sheet) == {"Ana": 0, "Ben": 20, "Cy": 10}
    assert sheet.running_totals() == [{"Ana": 0, "Ben": 0, "Cy": 10}, {"Ana": 0, "Ben": 20, "Cy": 10}]
    sheet.undo()
    sheet.undo()
    with pytest.raises(RoundError):
        sheet.undo()


def test_a_correction_that_ends_the_game_earlier_is_refused_naming_the_round():
    rules = make_rules({"target": 100})
    sheet = play(rules, [hand("Ana", Ben=20, Cy=20), hand("Ben", Ana=10, Cy=10)])
    before = sheet.to_json()
    with pytest.raises(RoundError) as caught:
        sheet.replace_round(1, parse_round(hand("Ana", Ben=60, Cy=60), rules))
    assert str(caught.value).startswith("Round 2 no longer holds after this correction: The game is over: Ana won.")
    assert caught.value.round == 2
    assert sheet.to_json() == before
    with pytest.raises(RoundError) as caught:
        sheet.replace_round(3, parse_round(hand("Ana", Ben=1, Cy=1), rules))
    assert "There is no round 3" in str(caught.value)


def test_replay_from_stored_json_gives_the_same_sheet():
    rules = make_rules({"scoring": "lowest_wins", "target": 150, "newer_wilds": True})
    sheet = play(rules, [hand("Ana", Ben=["WS", "R+2"], Cy=12), hand("Cy", Ana=["Y9"], Ben=70)])
    stored = [r.to_json() for r in sheet.rounds]
    assert Sheet.replay(rules, PLAYERS, stored).to_json() == sheet.to_json()
    stored[1]["round"] = 7
    with pytest.raises(RoundError) as caught:
        Sheet.replay(rules, PLAYERS, stored)
    assert str(caught.value) == "Round 2: it is numbered 7, but stored rounds must be numbered 1, 2, 3… in order."
    stored[1]["round"] = 2
    stored[1]["results"][1]["points"] = 2000
    with pytest.raises(RoundError) as caught:
        Sheet.replay(rules, PLAYERS, stored)
    assert str(caught.value).startswith("Round 2: ") and caught.value.round == 2


def test_to_json_has_the_api_fields():
    data = play(DEFAULT, [hand("Ben", Ana=["R5"], Cy=["G+2"])]).to_json()
    assert data["rules"] == DEFAULT.to_dict() and data["rules"]["target"] == 500
    assert data["status"] == "playing" and data["winner"] is None and data["tiebreaker"] is None
    assert data["players"] == [
        {"name": "Ana", "score": 0, "joined": None, "left": None},
        {"name": "Ben", "score": 25, "joined": None, "left": None},
        {"name": "Cy", "score": 0, "joined": None, "left": None},
    ]
    assert data["leaders"] == ["Ben"] and data["dealer"] == "Ana" and data["next_round"] == 2
    assert data["totals"] == [{"round": 1, "scores": {"Ana": 0, "Ben": 25, "Cy": 0}}]
    assert data["outcome"] is None and data["notice"] is None


@pytest.mark.parametrize(
    "names, ok",
    [
        (["Ana", "Ben"], True),
        ([f"P{n}" for n in range(10)], True),
        ([f"P{n}" for n in range(11)], False),
        (["Ana"], False),
        (["Ana", "ana"], False),
    ],
)
def test_check_players_allows_two_to_ten(names, ok):
    if ok:
        assert check_players(names) == tuple(names)
    else:
        with pytest.raises(RulesError):
            check_players(names)
