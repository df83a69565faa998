"""BG Stats export (API.md "A game's life around the table"): ``GET /api/games/<id>/export.bgstats`` is the
play BG Stats imports, a ``.bgsplay`` file; its shape is checked against the format's fields
(tests/web/data/bgsplay.schema.json) and its content against the sheet."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema_rs
import pytest
from api_helpers import TIED_ROUNDS, create, post

from app.services import sheets as sheet_service

SCHEMA = jsonschema_rs.validator_for(json.loads((Path(__file__).parent / "data" / "bgsplay.schema.json").read_text()))


@pytest.fixture
def clocked(monkeypatch, clock):
    monkeypatch.setattr(sheet_service, "utcnow", clock)
    return clock


def exported(client, game_id):
    answer = client.get(f"/api/games/{game_id}/export.bgstats")
    assert answer.status_code == 200 and answer.mimetype == "application/json"
    assert ".bgsplay" in answer.headers["Content-Disposition"]
    data = answer.get_json()
    errors = [str(e) for e in SCHEMA.iter_errors(data)]
    assert errors == []
    play = data["plays"][0]
    names = {p["id"]: p["name"] for p in data["players"]}
    assert play["gameRefId"] == data["games"][0]["id"]
    scores = {names[s["playerRefId"]]: s for s in play["playerScores"]}
    return data, play, scores


def test_a_finished_uno_game_with_duration_notes_and_winner(client, clocked):
    clocked.now = clocked.now.replace(year=2026, month=3, day=14, hour=19, minute=5, second=9)
    game_id, key, _ = create(client, game="uno", players=("Ana", "Ben", "Cy"))
    post(client, f"/api/games/{game_id}/notes", {"notes": "At Cy's"}, key, method="put")
    clocked.advance(47 * 60 + 30)
    body = {
        "round": 1,
        "went_out": "Ana",
        "results": [{"player": "Ben", "points": 300}, {"player": "Cy", "points": 250}],
    }
    assert post(client, f"/api/games/{game_id}/rounds", body, key).get_json()["status"] == "finished"
    data, play, scores = exported(client, game_id)
    assert data["games"][0]["name"] == "UNO" and data["games"][0]["highestWins"] is True
    assert data["games"][0]["bggId"] == 2223
    assert play["playDate"] == "2026-03-14 19:05:09" and play["durationMin"] == 47
    assert play["comments"] == "At Cy's" and play["rounds"] == 1
    assert {n: (s["score"], s["winner"]) for n, s in scores.items()} == {
        "Ana": ("550", True),
        "Ben": ("0", False),
        "Cy": ("0", False),
    }
    assert [s["seatOrder"] for s in play["playerScores"]] == [1, 2, 3]
    # The same game exported again is the same play (BG Stats does not count it twice).
    assert exported(client, game_id)[1]["uuid"] == play["uuid"]


def test_phase10_is_lowest_wins(client):
    game_id, key, _ = create(client, players=("Ana", "Ben"), rules={"phases": [1]})
    body = {
        "round": 1,
        "went_out": "Ana",
        "results": [{"player": "Ana", "completed": True}, {"player": "Ben", "completed": False, "points": 65}],
    }
    post(client, f"/api/games/{game_id}/rounds", body, key)
    data, play, scores = exported(client, game_id)
    assert data["games"][0]["highestWins"] is False and data["games"][0]["bggId"] == 1258
    assert scores["Ana"]["winner"] is True and scores["Ben"]["winner"] is False and scores["Ben"]["score"] == "65"
    assert play["comments"] == ""


def test_a_phase10_game_waiting_for_its_tiebreaker_flags_nobody(client):
    game_id, key, _ = create(client, players=("Ana", "Ben", "Cy"), rules={"phases": [1, 2]})
    for body in TIED_ROUNDS:
        post(client, f"/api/games/{game_id}/rounds", body, key)
    _, _, scores = exported(client, game_id)
    assert not any(s["winner"] for s in scores.values())


@pytest.mark.parametrize(
    ("game", "rules", "highest"),
    [
        ("uno", {"scoring": "lowest_wins"}, False),
        ("points", {"wins": "lowest"}, False),
        ("points", {}, True),
    ],
)
def test_highest_wins_follows_the_game_order(client, game, rules, highest):
    game_id, _, _ = create(client, game=game, players=("Ana", "Ben"), rules=rules)
    data, play, scores = exported(client, game_id)
    assert data["games"][0]["highestWins"] is highest
    assert not any(s["winner"] for s in scores.values()) and play["durationMin"] == 0


def test_tied_players_are_all_flagged(client):
    game_id, key, _ = create(client, game="points", players=("Ana", "Ben", "Cy"), rules={"rounds": 1})
    body = {
        "round": 1,
        "results": [{"player": "Ana", "points": 4}, {"player": "Ben", "points": 4}, {"player": "Cy", "points": 1}],
    }
    assert post(client, f"/api/games/{game_id}/rounds", body, key).get_json()["tied"] == ["Ana", "Ben"]
    _, _, scores = exported(client, game_id)
    assert {n for n, s in scores.items() if s["winner"]} == {"Ana", "Ben"}


def test_an_unknown_game_is_404(client):
    assert client.get("/api/games/nothing-here/export.bgstats").status_code == 404


def test_the_schema_takes_a_play_file_as_bg_stats_writes_it():
    """The schema the export is checked against is BG Stats' format, not merely Deckside's: a play file in the shape
    BG Stats itself writes (more fields than Deckside's, zero-based seats, a location, ``userInfo``) passes it."""
    written = json.loads((Path(__file__).parent / "data" / "bgstats-example.bgsplay").read_text())
    assert [str(e) for e in SCHEMA.iter_errors(written)] == []


def test_the_file_opens_with_bg_stats_own_sentence_and_dates_the_play_twice(client, clocked):
    clocked.now = clocked.now.replace(year=2026, month=11, day=27, hour=23, minute=59, second=1)
    game_id, _key, _ = create(client, game="points", players=("Ana", "Ben"))
    data, play, _scores = exported(client, game_id)
    assert data["about"].startswith("This is a Play file that can be read by Board Game Stats.")
    assert (play["playDate"], play["playDateYmd"]) == ("2026-11-27 23:59:01", 20261127)
    assert {p["modificationDate"] for p in data["players"]} == {play["modificationDate"]}
