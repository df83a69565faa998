"""The order of the API's refusals: an unknown game (404), then credentials (401/403), then the body (400);
and a refusal names what was asked, as asked."""

from __future__ import annotations

import pytest
from api_helpers import create, post

INCOMPLETE = {"round": 1, "went_out": "Ana"}  # no "results": a 400 once the caller may write


def test_round_writes_check_the_key_before_the_body(client):
    game_id, key, _ = create(client)
    writes = [
        ("post", f"/api/games/{game_id}/rounds", INCOMPLETE),
        ("put", f"/api/games/{game_id}/rounds/1", INCOMPLETE),
        ("post", f"/api/games/{game_id}/tiebreaker", {}),
    ]
    for method, url, body in writes:
        missing = post(client, url, body, method=method)
        assert missing.status_code == 401, (method, url, missing.get_json())
        assert "edit key" in missing.get_json()["error"]
        wrong = post(client, url, body, "wrong-key", method=method)
        assert wrong.status_code == 403, (method, url, wrong.get_json())
        assert "edit key" in wrong.get_json()["error"]
    right = post(client, f"/api/games/{game_id}/rounds", INCOMPLETE, key)
    assert right.status_code == 400 and "results" in right.get_json()["error"]


def test_an_unknown_game_is_404_before_the_key_and_the_body(client):
    for method, url in (("post", "/api/games/nosuchgame/rounds"), ("put", "/api/games/nosuchgame/rounds/1")):
        answer = post(client, url, INCOMPLETE, method=method)
        assert answer.status_code == 404, (method, url, answer.get_json())


def test_play_actions_check_the_key_before_the_body(client):
    seats = [{"name": "Ana"}, {"name": "Bot", "bot": "smart"}]
    game = client.post("/api/play", json={"game": "uno", "seats": seats, "seed": 5}).get_json()
    url = f"/api/play/{game['id']}/actions"
    assert post(client, url, {"seat": "zero"}).status_code == 401
    assert post(client, url, {"seat": "zero"}, "wrong-key").status_code == 403
    assert post(client, url, {"seat": "zero"}, game["edit_key"]).status_code == 400
    assert post(client, "/api/play/nosuchgame/actions", {"seat": "zero"}).status_code == 404


@pytest.mark.parametrize("number", ["99999999999999999999999", "1234567", "0", "7"])
def test_an_unknown_round_is_named_as_asked(client, number):
    game_id, key, _ = create(client)
    for method in ("put", "delete"):
        answer = post(client, f"/api/games/{game_id}/rounds/{number}", {}, key, method=method)
        assert answer.status_code == 404, answer.get_json()
        assert answer.get_json()["error"] == f"There is no round {number} in this game."


ZOE, ZOE_DECOMPOSED = "Zo\u00eb", "Zoe\u0308"


def test_names_are_one_player_after_nfc_on_sheets_and_digital_games(client):
    twice = post(client, "/api/games", {"game": "uno", "players": [ZOE, ZOE_DECOMPOSED]})
    assert twice.status_code == 400, twice.get_json()
    assert twice.get_json()["error"] == f"{ZOE} and {ZOE} are the same name: give each player a different one."
    game_id, key, data = create(client, "uno", players=(ZOE_DECOMPOSED, "Ana"))
    assert [p["name"] for p in data["players"]] == [ZOE, "Ana"]  # stored in NFC
    # A round naming Zoë in either spelling is hers.
    body = {"round": 1, "went_out": ZOE_DECOMPOSED, "results": [{"player": "Ana", "points": 20}]}
    saved = post(client, f"/api/games/{game_id}/rounds", body, key)
    assert saved.status_code == 201, saved.get_json()
    assert saved.get_json()["rounds"][0]["went_out"] == ZOE
    play = {"game": "uno", "seats": [{"name": ZOE}, {"name": ZOE_DECOMPOSED, "bot": "smart"}]}
    refused = client.post("/api/play", json=play)
    assert refused.status_code == 400 and "same name" in refused.get_json()["error"]
    play = {"game": "uno", "seats": [{"name": ZOE_DECOMPOSED}, {"name": "Bot", "bot": "smart"}], "seed": 5}
    started = client.post("/api/play", json=play)
    assert started.status_code == 201
    assert started.get_json()["seats"][0]["name"] == ZOE
