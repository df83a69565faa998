"""Export and import of a whole game: the round trip is exact; a damaged or hostile file changes nothing and says why."""

from __future__ import annotations

import copy
import json

import pytest

from app.extensions import db
from app.models import Game
from tests.web.api_helpers import TIED_ROUNDS

PHASE10_ROUNDS = [
    {
        "round": 1,
        "went_out": "Ana",
        "results": [
            {"player": "Ana", "completed": True, "laid_down": [["1", "1", "1"], ["2", "2", "W"]]},
            {"player": "Ben", "completed": False, "cards": ["W", "5", "11", "1", "2", "3", "4", "6", "7", "8"]},
            {"player": "Cy", "completed": True, "points": 30},
        ],
    },
    {
        "round": 2,
        "went_out": "Ben",
        "results": [
            {"player": "Ana", "completed": False, "counts": {"low": 8, "high": 1, "skip": 0, "wild": 1}},
            {"player": "Ben", "completed": True},
            {"player": "Cy", "completed": False, "points": 50},
        ],
    },
]
UNO_ROUNDS = [
    {
        "round": 1,
        "went_out": "Ana",
        "results": [{"player": "Ben", "cards": ["R5", "W4", "G+2"]}, {"player": "Cy", "points": 12}],
    },
    {"round": 2, "went_out": "Cy", "results": [{"player": "Ana", "points": 0}, {"player": "Ben", "cards": ["Y0"]}]},
]


def _game(client, kind, rules, rounds, tiebreaker=None):
    created = client.post("/api/games", json={"game": kind, "players": ["Ana", "Ben", "Cy"], "rules": rules})
    assert created.status_code == 201
    game_id, key = created.get_json()["id"], created.get_json()["edit_key"]
    auth = {"Authorization": f"Bearer {key}"}
    for body in rounds:
        answer = client.post(f"/api/games/{game_id}/rounds", json=body, headers=auth)
        assert answer.status_code == 201, answer.get_json()
    if tiebreaker:
        assert (
            client.post(f"/api/games/{game_id}/tiebreaker", json={"winner": tiebreaker}, headers=auth).status_code
            == 200
        )
    return game_id, key


def _export(client, game_id):
    answer = client.get(f"/sheets/{game_id}/export.json")
    assert answer.status_code == 200
    return json.loads(answer.data)


@pytest.mark.parametrize(
    "kind, rules, rounds, tiebreaker",
    [
        ("phase10", {}, PHASE10_ROUNDS, None),
        ("phase10", {"phases": [1, 2]}, TIED_ROUNDS, "Ben"),
        ("phase10", {"phases": [1, 2]}, TIED_ROUNDS, None),
        (
            "phase10",
            {"variant": "pick_a_phase", "phases": [3, 1, 2]},
            [
                {
                    "round": 1,
                    "went_out": "Cy",
                    "results": [
                        {"player": "Cy", "completed": 3},
                        {"player": "Ana", "completed": 1, "points": 25},
                        {"player": "Ben", "completed": False, "counts": {"low": 10}},
                    ],
                }
            ],
            None,
        ),
        ("uno", {"target": 100}, UNO_ROUNDS, None),
        ("uno", {"target": 200, "scoring": "lowest_wins", "stacking": True}, UNO_ROUNDS, None),
    ],
)
def test_export_import_round_trip_is_exact(client, kind, rules, rounds, tiebreaker):
    game_id, key = _game(client, kind, rules, rounds, tiebreaker)
    exported = _export(client, game_id)
    answer = client.post("/api/games/import", json=exported)
    assert answer.status_code == 201, answer.get_json()
    imported = answer.get_json()
    assert imported["id"] != game_id and imported["edit_key"] and imported["edit_key"] != key
    assert _export(client, imported["id"]) == exported
    original = client.get(f"/api/games/{game_id}").get_json()
    assert {k: v for k, v in imported.items() if k not in ("id", "edit_key", "table")} == {
        k: v for k, v in original.items() if k not in ("id", "table")
    }  # an imported game opens a table of its own
    # the new key edits the copy, not the original
    auth = {"Authorization": f"Bearer {imported['edit_key']}"}
    assert client.delete(f"/api/games/{imported['id']}/rounds/{len(rounds)}", headers=auth).status_code == 200
    assert client.delete(f"/api/games/{game_id}/rounds/{len(rounds)}", headers=auth).status_code == 403


def _damaged(exported, change):
    data = copy.deepcopy(exported)
    change(data)
    return data


DAMAGES = {
    "not an export": lambda d: d.update(format="something-else"),
    "newer format": lambda d: d.update(format_version=99),
    "unknown game": lambda d: d.update(game="chess"),
    "one player": lambda d: d.update(players=["Ana"]),
    "players not a list": lambda d: d.update(players="Ana, Ben"),
    "bad rule": lambda d: d["rules"].update(phases=[11]),
    "rounds not a list": lambda d: d.update(rounds={"1": {}}),
    "round out of order": lambda d: d["rounds"].reverse(),
    "round not an object": lambda d: d["rounds"].__setitem__(0, "round one"),
    "results missing": lambda d: d["rounds"][0].pop("results"),
    "unknown player": lambda d: d["rounds"][1]["results"][2].update(player="Zed"),
    "points changed": lambda d: d["rounds"][0]["results"][1].update(points=95),
    "points on a hand": lambda d: d["rounds"][1]["results"][2].update(points=51),
    "impossible cards": lambda d: d["rounds"][0]["results"][1].update(cards=["13"] * 10),
    "standings changed": lambda d: d["standings"]["players"][0].update(score=0),
    "winner changed": lambda d: d["standings"].update(winner="Cy"),
    "tie-breaker without tie": lambda d: d.update(tiebreaker_winner="Ana"),
    "tie-breaker not a name": lambda d: d.update(tiebreaker_winner=["Ana"]),
    "too many rounds": lambda d: d.update(rounds=d["rounds"] * 101),
    "hostile name": lambda d: d.update(players=["<script>", "x" * 5000, "Cy"]),
}


@pytest.mark.parametrize("name", list(DAMAGES))
def test_a_damaged_file_changes_nothing_and_says_why(app, client, name):
    game_id, _key = _game(client, "phase10", {}, PHASE10_ROUNDS)
    exported = _export(client, game_id)
    with app.app_context():
        before = db.session.query(Game).count()
    answer = client.post("/api/games/import", json=_damaged(exported, DAMAGES[name]))
    assert answer.status_code == 400
    error = answer.get_json()["error"]
    assert error.startswith("This file cannot be imported: ") and len(error) > 40
    with app.app_context():
        assert db.session.query(Game).count() == before


@pytest.mark.parametrize(
    "body", [b"", b"not json", b"[1, 2]", b'"text"', b"\xff\xfe\x00", b"[" * 100_000 + b"]" * 100_000]
)
def test_a_file_that_is_not_a_json_object_is_refused(client, body):
    answer = client.post("/api/games/import", data=body, content_type="application/json")
    assert answer.status_code in (400, 413)
    assert answer.get_json()["error"]
