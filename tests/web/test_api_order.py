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
