"""``ScoreSheet.result`` says what ``to_json`` says of a game's end (a crew's statistics read it for every game)."""

from __future__ import annotations

import pytest

from app.games import registry


def _ends(sheet) -> dict:
    data = sheet.to_json()
    return {"status": data["status"], "winner": data["winner"], "tied": data.get("tied"), "rounds": len(data["rounds"])}


@pytest.mark.parametrize(
    "kind_id, rules, rounds",
    [
        ("points", {"rounds": 1}, [{"results": [{"player": "Ana", "points": 7}, {"player": "Ben", "points": 7}]}]),
        ("points", {"rounds": 1}, [{"results": [{"player": "Ana", "points": 9}, {"player": "Ben", "points": 7}]}]),
        ("points", {"rounds": 2}, [{"results": [{"player": "Ana", "points": 9}, {"player": "Ben", "points": 7}]}]),
        ("uno", {"target": 50}, [{"went_out": "Ana", "results": [{"player": "Ben", "points": 60}]}]),
        ("uno", {}, [{"went_out": "Ben", "results": [{"player": "Ana", "points": 10}]}]),
        (
            "phase10",
            {"phases": [1, 2]},
            [
                {
                    "went_out": "Ana",
                    "results": [
                        {"player": "Ana", "completed": True},
                        {"player": "Ben", "completed": True, "points": 20},
                    ],
                },
                {
                    "went_out": "Ben",
                    "results": [
                        {"player": "Ben", "completed": True},
                        {"player": "Ana", "completed": True, "points": 20},
                    ],
                },
            ],
        ),
        (
            "phase10",
            {"phases": [1]},
            [
                {
                    "went_out": "Ana",
                    "results": [
                        {"player": "Ana", "completed": True},
                        {"player": "Ben", "completed": False, "points": 50},
                    ],
                }
            ],
        ),
    ],
)
def test_result_agrees_with_to_json(kind_id, rules, rounds):
    kind = registry.require(kind_id)
    sheet = kind.replay(kind.make_rules(rules), ["Ana", "Ben"], rounds, None)
    assert sheet.result() == _ends(sheet)
