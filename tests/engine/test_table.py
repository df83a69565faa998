"""A table's engine part: who deals first in the next game, and each player's record over the games."""

from __future__ import annotations

import pytest

from app.engine.errors import RoundError
from app.engine.table import next_first_dealer, table_record
from app.games.phase10.engine.phases import make_rules as p10_rules
from app.games.phase10.engine.sheet import Sheet as P10Sheet
from app.games.uno.engine.rules import make_rules as uno_rules
from app.games.uno.engine.sheet import Sheet as UnoSheet


def uno_hand(went_out, **points):
    return {"went_out": went_out, "results": [{"player": p, "points": v} for p, v in points.items()]}


def test_the_first_dealer_deals_round_one_and_the_deal_moves_left():
    sheet = UnoSheet(uno_rules({}), ["Ana", "Ben", "Cy"], first_dealer="Ben")
    assert [sheet.dealer(n) for n in (1, 2, 3, 4)] == ["Ben", "Cy", "Ana", "Ben"]
    assert UnoSheet(uno_rules({}), ["Ana", "Ben", "Cy"]).first_dealer == "Cy"  # the last player by default
    with pytest.raises(RoundError):
        UnoSheet(uno_rules({}), ["Ana", "Ben"], first_dealer="Zed")


def test_a_correction_keeps_the_first_dealer():
    sheet = UnoSheet.replay(uno_rules({}), ["Ana", "Ben"], [uno_hand("Ana", Ben=10)], first_dealer="Ana")
    sheet.replace_round(1, sheet._entry_of(uno_hand("Ben", Ana=5), 1))
    assert sheet.rounds[0].dealer == "Ana" and sheet.to_json()["first_dealer"] == "Ana"


@pytest.mark.parametrize(
    ("hands", "players", "expected"),
    [
        (0, ["Ana", "Ben", "Cy"], "Cy"),  # nobody dealt: the deal has not moved
        (1, ["Ana", "Ben", "Cy"], "Ana"),  # Cy dealt round 1
        (2, ["Ana", "Ben", "Cy"], "Ben"),
        (1, ["Ben", "Cy"], "Ben"),  # Ana, next to deal, left: the next player to her left who stays
        (1, ["CY", "ben", "Eve"], "ben"),  # matched ignoring case, spelled as in the new game
        (1, ["Eve", "Fay"], None),  # nobody stayed
    ],
)
def test_the_next_game_goes_on_with_the_deal(hands, players, expected):
    rounds = [uno_hand("Ana", Ben=1, Cy=1)] * hands
    sheet = UnoSheet.replay(uno_rules({"target": 500}), ["Ana", "Ben", "Cy"], rounds)
    assert next_first_dealer(sheet, players) == expected


def test_records_add_up_over_games_and_unknown_tries_stay_unknown():
    rounds = [
        {
            "went_out": "Ana",
            "results": [{"player": "Ana", "completed": 3}, {"player": "Ben", "completed": False, "points": 50}],
        }
    ]
    pick = P10Sheet.replay(p10_rules({"variant": "pick_a_phase"}), ["Ana", "Ben"], rounds)
    classic_rounds = [
        {
            "went_out": "ana",
            "results": [{"player": "ana", "completed": True}, {"player": "Ben", "completed": False, "points": 60}],
        }
    ]
    classic = P10Sheet.replay(p10_rules({}), ["ana", "Ben"], classic_rounds)
    record = table_record([pick, classic])
    assert record[0] == {
        "name": "ana",
        "games": 2,
        "wins": 0,
        "rounds": 2,
        "points_per_round": 0.0,
        "phases": {"3": {"tries": None, "completed": 1}, "1": {"tries": 1, "completed": 1}},
    }
    assert record[1]["points_per_round"] == 55.0 and record[1]["phases"] == {"1": {"tries": 1, "completed": 0}}
