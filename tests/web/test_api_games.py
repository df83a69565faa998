"""Score-sheet API (``/api/games``) as ../shared/API.md fixes it: create, read, record, replace, undo, tie-breaker."""

from __future__ import annotations

import pytest
from api_helpers import create, p10_round, post

from app.extensions import db
from app.models import Game, Result, Round

# --- create and read --------------------------------------------------------------------------------


def test_create_phase10_game_fills_defaults(client):
    game_id, key, data = create(client)
    assert len(game_id) >= 20 and len(key) >= 20
    assert data["game"] == "phase10" and data["version"] == 1 and data["status"] == "playing"
    assert data["rules"] == {
        "variant": "classic",
        "phases": list(range(1, 11)),
        "natural_card": "phase",
        "skip_target": "next",
        "skip_once_per_lap": True,
        "go_out_by_hit": False,
        "join_score": "worst",
    }
    assert [p["name"] for p in data["players"]] == ["Ana", "Ben", "Cy"]
    assert all(p["score"] == 0 and p["phase"] == 1 and p["phases_done"] == [] for p in data["players"])
    assert data["winner"] is None and data["tiebreaker"] is None and data["rounds"] == []
    read = client.get(f"/api/games/{game_id}").get_json()
    assert "edit_key" not in read and read["id"] == game_id


def test_edit_key_is_stored_hashed(app, client):
    game_id, key, _data = create(client)
    with app.app_context():
        stored = db.session.get(Game, game_id)
        assert key not in stored.edit_key_hash and len(stored.edit_key_hash) == 64


def test_create_uno_game(client):
    _id, _key, data = create(client, "uno", ["Ana", "Ben"], {"target": 200, "scoring": "lowest_wins"})
    assert data["rules"]["target"] == 200 and data["rules"]["scoring"] == "lowest_wins"
    assert data["rules"]["stacking"] is False and data["players"][0] == {
        "name": "Ana",
        "score": 0,
        "joined": None,
        "left": None,
    }


@pytest.mark.parametrize(
    "body, fragment",
    [
        ({"game": "chess", "players": ["A", "B"]}, "phase10"),
        ({"players": ["A", "B"]}, "phase10"),
        ({"game": "phase10", "players": ["A"]}, "2 to 6 players"),
        ({"game": "phase10", "players": ["A", "B", "C", "D", "E", "F", "G"]}, "2 to 6 players"),
        ({"game": "uno", "players": [f"P{i}" for i in range(11)]}, "2 to 10 players"),
        ({"game": "phase10", "players": ["Ana", "ana "]}, "same name"),
        ({"game": "phase10", "players": ["Ana", "   "]}, "no name"),
        ({"game": "phase10", "players": ["Ana", "x" * 31]}, "too long"),
        ({"game": "phase10", "players": "Ana, Ben"}, "list"),
        ({"game": "phase10", "players": ["A", "B"], "rules": {"variant": "fast"}}, "variant"),
        ({"game": "phase10", "players": ["A", "B"], "rules": {"phases": [1, 1]}}, "twice"),
        ({"game": "phase10", "players": ["A", "B"], "rules": {"phases": [11]}}, "1 to 10"),
        ({"game": "phase10", "players": ["A", "B"], "rules": {"stacking": True}}, "stacking"),
        ({"game": "uno", "players": ["A", "B"], "rules": {"target": 0}}, "target"),
        ({"game": "uno", "players": ["A", "B"], "rules": {"target": "500"}}, "target"),
        ({"game": "phase10", "players": ["A", "B"], "extra": 1}, "extra"),
        ("[]", "JSON object"),
    ],
)
def test_create_refusals(client, body, fragment):
    answer = post(client, "/api/games", body)
    assert answer.status_code == 400
    assert fragment in answer.get_json()["error"]


def test_unknown_game_is_404_before_credentials(client):
    assert client.get("/api/games/nope").status_code == 404
    answer = post(client, "/api/games/nope/rounds", p10_round(1))
    assert answer.status_code == 404 and "error" in answer.get_json()


# --- recording -----------------------------------------------------------------------------------


def test_record_round_with_cards_counts_and_points(client):
    game_id, key, _ = create(client)
    body = p10_round(
        1,
        others={
            "Ben": {"cards": ["W", "5", "11", "1", "2", "3", "4", "6", "7", "8"]},
            "Cy": {"points": 60},
        },
    )
    answer = post(client, f"/api/games/{game_id}/rounds", body, key)
    assert answer.status_code == 201, answer.get_json()
    data = answer.get_json()
    assert data["version"] == 2
    scores = {p["name"]: p["score"] for p in data["players"]}
    assert scores == {"Ana": 0, "Ben": 25 + 5 + 10 + 35, "Cy": 60}
    phases = {p["name"]: p["phase"] for p in data["players"]}
    assert phases == {"Ana": 2, "Ben": 1, "Cy": 1}
    assert data["players"][0]["phases_done"] == [1]
    round_one = data["rounds"][0]
    assert round_one["round"] == 1 and round_one["went_out"] == "Ana"
    by_player = {r["player"]: r for r in round_one["results"]}
    assert by_player["Ben"]["points"] == 75 and by_player["Ben"]["cards"][0] == "W"
    assert by_player["Cy"]["points"] == 60 and by_player["Ana"]["points"] == 0


def test_writes_need_the_edit_key(client):
    game_id, _key, _ = create(client)
    assert post(client, f"/api/games/{game_id}/rounds", p10_round(1)).status_code == 401
    answer = post(client, f"/api/games/{game_id}/rounds", p10_round(1), "wrong-key")
    assert answer.status_code == 403 and "edit key" in answer.get_json()["error"]
    assert client.get(f"/api/games/{game_id}").get_json()["rounds"] == []


def test_stale_round_number_is_409(client):
    game_id, key, _ = create(client)
    assert post(client, f"/api/games/{game_id}/rounds", p10_round(1), key).status_code == 201
    again = post(client, f"/api/games/{game_id}/rounds", p10_round(1), key)
    assert again.status_code == 409 and "reload" in again.get_json()["error"]
    assert post(client, f"/api/games/{game_id}/rounds", p10_round(3), key).status_code == 409
    assert len(client.get(f"/api/games/{game_id}").get_json()["rounds"]) == 1


def test_round_number_is_checked_before_the_rest(client):
    game_id, key, _ = create(client)
    post(client, f"/api/games/{game_id}/rounds", p10_round(1), key)
    broken = {"round": 1, "went_out": "Nobody", "results": []}
    assert post(client, f"/api/games/{game_id}/rounds", broken, key).status_code == 409


def test_idempotency_key_replays_the_original_answer(client):
    game_id, key, _ = create(client)
    headers = {"Idempotency-Key": "phone-1-round-1"}
    first = post(client, f"/api/games/{game_id}/rounds", p10_round(1), key, headers)
    second = post(client, f"/api/games/{game_id}/rounds", p10_round(1), key, headers)
    assert first.status_code == second.status_code == 201
    assert first.get_json() == second.get_json()
    assert len(client.get(f"/api/games/{game_id}").get_json()["rounds"]) == 1
    assert (
        post(client, f"/api/games/{game_id}/rounds", p10_round(1), key, {"Idempotency-Key": "x" * 101}).status_code
        == 400
    )


@pytest.mark.parametrize(
    "body, fragment",
    [
        (p10_round(1, others={"Ben": {"counts": {"low": 9}}}), "10 cards"),
        (p10_round(1, others={"Ben": {"points": 47}}), "multiple of 5"),
        (p10_round(1, others={"Ben": {"points": 45}}), "50"),
        (p10_round(1, others={"Ben": {"points": 105}}, completed={"Ben": True}), None),
        (
            {
                "round": 1,
                "went_out": "Ana",
                "results": [
                    {"player": "Ana", "completed": True},
                    {"player": "Ben", "completed": False, "counts": {"low": 10}},
                ],
            },
            "Cy",
        ),
        ({"round": 1, "went_out": "Zed", "results": []}, None),
        (p10_round(1, others={"Ben": {"cards": ["13"]}}), '"13"'),
        (
            p10_round(1, others={"Ben": {"counts": {"wild": 5, "low": 5}}, "Cy": {"counts": {"wild": 5, "low": 5}}}),
            "wild",
        ),
        ({"round": 1, "went_out": "Ana", "results": [{"player": "Ana", "completed": False}]}, None),
        # Typed totals checked together: each 230 needs all eight wilds.
        (
            p10_round(1, others={"Ben": {"points": 230}, "Cy": {"points": 230}}),
            "cannot all be true in one deal: Ben (230) and Cy (230).",
        ),
    ],
)
def test_impossible_rounds_are_refused_and_nothing_is_stored(app, client, body, fragment):
    game_id, key, _ = create(client)
    answer = post(client, f"/api/games/{game_id}/rounds", body, key)
    if fragment is None and answer.status_code == 201:
        pytest.fail(f"accepted an impossible round: {body}")
    assert answer.status_code == 400, answer.get_json()
    if fragment:
        assert fragment in answer.get_json()["error"]
    with app.app_context():
        assert db.session.query(Round).count() == 0 and db.session.query(Result).count() == 0
        assert db.session.get(Game, game_id).version == 1


def test_typed_totals_are_checked_together_for_both_games(client):
    game_id, key, _ = create(client)
    one = p10_round(1, others={"Ben": {"points": 230}, "Cy": {"points": 60}})
    assert post(client, f"/api/games/{game_id}/rounds", one, key).status_code == 201
    game_id, key, _ = create(client, "uno", ("Ana", "Ben", "Cy", "Dee", "Eve", "Flo"))
    zeros = {
        "round": 1,
        "went_out": "Ana",
        "results": [{"player": p, "points": 0} for p in ("Ben", "Cy", "Dee", "Eve", "Flo")],
    }
    answer = post(client, f"/api/games/{game_id}/rounds", zeros, key)
    assert answer.status_code == 400 and "The deck has only 4 cards showing 0" in answer.get_json()["error"]
    zeros["results"][-1]["points"] = 3
    assert post(client, f"/api/games/{game_id}/rounds", zeros, key).status_code == 201


def test_laid_down_is_verified(client):
    game_id, key, _ = create(client)
    bad = p10_round(1)
    bad["results"][0]["laid_down"] = [["7", "7", "8"], ["9", "9", "9"]]
    answer = post(client, f"/api/games/{game_id}/rounds", bad, key)
    assert answer.status_code == 400
    good = p10_round(1)
    good["results"][0]["laid_down"] = [["7", "7", "W"], ["9", "9", "9"]]
    assert post(client, f"/api/games/{game_id}/rounds", good, key).status_code == 201


# --- corrections -----------------------------------------------------------------------------------


def test_replace_round_recomputes_and_checks_if_match(client):
    game_id, key, _ = create(client)
    post(client, f"/api/games/{game_id}/rounds", p10_round(1), key)
    post(client, f"/api/games/{game_id}/rounds", p10_round(2, went_out="Ben", completed={"Cy": False}), key)
    fixed = p10_round(1, others={"Ben": {"points": 80}})
    stale = post(client, f"/api/games/{game_id}/rounds/1", fixed, key, {"If-Match": "1"}, method="put")
    assert stale.status_code == 409
    answer = post(client, f"/api/games/{game_id}/rounds/1", fixed, key, {"If-Match": "3"}, method="put")
    assert answer.status_code == 200, answer.get_json()
    data = answer.get_json()
    assert data["version"] == 4
    assert {p["name"]: p["score"] for p in data["players"]}["Ben"] == 80


def test_correction_that_breaks_a_later_round_is_refused(client):
    game_id, key, _ = create(client)
    post(client, f"/api/games/{game_id}/rounds", p10_round(1), key)
    # Round 2: Ana (now on phase 2) completes it and goes out.
    post(client, f"/api/games/{game_id}/rounds", p10_round(2), key)
    # Correcting round 1 so that Ben went out instead leaves round 2 possible; making Ana not complete in
    # round 1 would put her on phase 1 in round 2 — still possible. Make round 1 claim Cy holds 3 cards
    # with no phase: refused at round 1 itself.
    bad = p10_round(1, others={"Cy": {"counts": {"low": 3}}})
    answer = post(client, f"/api/games/{game_id}/rounds/1", bad, key, method="put")
    assert answer.status_code == 400 and "Cy" in answer.get_json()["error"]
    assert client.get(f"/api/games/{game_id}").get_json()["version"] == 3


def test_undo_last_round_only(client):
    game_id, key, _ = create(client)
    post(client, f"/api/games/{game_id}/rounds", p10_round(1), key)
    post(client, f"/api/games/{game_id}/rounds", p10_round(2), key)
    assert (
        client.delete(f"/api/games/{game_id}/rounds/1", headers={"Authorization": f"Bearer {key}"}).status_code == 409
    )
    assert (
        client.delete(f"/api/games/{game_id}/rounds/9", headers={"Authorization": f"Bearer {key}"}).status_code == 404
    )
    answer = client.delete(f"/api/games/{game_id}/rounds/2", headers={"Authorization": f"Bearer {key}"})
    assert answer.status_code == 200
    assert len(answer.get_json()["rounds"]) == 1
    assert post(client, f"/api/games/{game_id}/rounds", p10_round(2), key).status_code == 201


# --- the end of a game and the tie-breaker -----------------------------------------------------------


def two_phase_game(client, players=("Ana", "Ben")):
    return create(client, players=players, rules={"phases": [1]})


def test_sole_finisher_wins_and_later_rounds_are_refused(client):
    game_id, key, _ = create(client, players=("Ana", "Ben"), rules={"phases": [1]})
    body = {
        "round": 1,
        "went_out": "Ana",
        "results": [{"player": "Ana", "completed": True}, {"player": "Ben", "completed": False, "points": 200}],
    }
    data = post(client, f"/api/games/{game_id}/rounds", body, key).get_json()
    assert data["status"] == "finished" and data["winner"] == "Ana"
    body["round"] = 2
    answer = post(client, f"/api/games/{game_id}/rounds", body, key)
    assert answer.status_code == 400 and "over" in answer.get_json()["error"]


def test_tiebreaker_flow(client):
    game_id, key, _ = create(client, players=("Ana", "Ben", "Cy"), rules={"phases": [1]})
    auth = {"Authorization": f"Bearer {key}"}
    # Ana goes out (0) after Ben and Cy each scored 10 in an earlier round... with one phase the game ends at once,
    # so a tie needs equal totals: Ana went out and Ben completed too and holds 0? Ben must hold at least one card.
    # Use round 1 with nobody but Ana completing; Ben and Cy keep phase 1 and score 50 each.
    post(
        client,
        f"/api/games/{game_id}/rounds",
        {
            "round": 1,
            "went_out": "Ana",
            "results": [
                {"player": "Ana", "completed": False},
                {"player": "Ben", "completed": False, "points": 50},
                {"player": "Cy", "completed": False, "points": 50},
            ],
        },
        key,
    )
    assert client.get(f"/api/games/{game_id}").get_json()["rounds"] == []  # refused: who went out completed
    # Round 1: Ben goes out, Ana and Cy stay on phase 1 with 50 each.
    post(
        client,
        f"/api/games/{game_id}/rounds",
        {
            "round": 1,
            "went_out": "Ben",
            "results": [
                {"player": "Ben", "completed": True},
                {"player": "Ana", "completed": False, "points": 50},
                {"player": "Cy", "completed": False, "points": 50},
            ],
        },
        key,
    )
    data = client.get(f"/api/games/{game_id}").get_json()
    assert data["status"] == "finished" and data["winner"] == "Ben"
    # Undo and replay so that Ana and Cy both complete the last phase with equal totals.
    client.delete(f"/api/games/{game_id}/rounds/1", headers=auth)
    data = post(
        client,
        f"/api/games/{game_id}/rounds",
        {"round": 1, "went_out": "Ben", "results": [{"player": "Ben", "completed": False, "points": 55}]},
        key,
    ).get_json()
    assert "error" in data
    data = post(
        client,
        f"/api/games/{game_id}/rounds",
        {
            "round": 1,
            "went_out": "Ana",
            "results": [
                {"player": "Ana", "completed": True},
                {"player": "Ben", "completed": True, "points": 20},
                {"player": "Cy", "completed": True, "points": 20},
            ],
        },
        key,
    ).get_json()
    assert data["status"] == "finished" and data["winner"] == "Ana"


def test_tiebreaker_record_and_take_back(client):
    game_id, key, _ = create(client, players=("Ana", "Ben", "Cy"), rules={"phases": [1, 2]})
    auth = {"Authorization": f"Bearer {key}"}
    # Round 1: Ana out; Ben completes phase 1 with 20 left; Cy does not (50).
    post(
        client,
        f"/api/games/{game_id}/rounds",
        {
            "round": 1,
            "went_out": "Ana",
            "results": [
                {"player": "Ana", "completed": True},
                {"player": "Ben", "completed": True, "points": 20},
                {"player": "Cy", "completed": False, "points": 50},
            ],
        },
        key,
    )
    # Round 2: Ben out completing phase 2; Ana completes phase 2 holding 20 -> both finish on 20.
    data = post(
        client,
        f"/api/games/{game_id}/rounds",
        {
            "round": 2,
            "went_out": "Ben",
            "results": [
                {"player": "Ben", "completed": True},
                {"player": "Ana", "completed": True, "points": 20},
                {"player": "Cy", "completed": False, "points": 50},
            ],
        },
        key,
    ).get_json()
    assert data["status"] == "tiebreaker", data
    assert sorted(data["tiebreaker"]["players"]) == ["Ana", "Ben"] and data["tiebreaker"]["winner"] is None
    round3 = post(client, f"/api/games/{game_id}/rounds", {"round": 3, "went_out": "Ana", "results": []}, key)
    assert round3.status_code == 400 and "tie-breaker" in round3.get_json()["error"]
    assert post(client, f"/api/games/{game_id}/tiebreaker", {"winner": "Cy"}, key).status_code == 400
    assert (
        post(client, f"/api/games/{game_id}/tiebreaker", {"winner": "Ben"}, key, {"If-Match": "1"}).status_code == 409
    )
    data = post(client, f"/api/games/{game_id}/tiebreaker", {"winner": "Ben"}, key).get_json()
    assert data["status"] == "finished" and data["winner"] == "Ben" and data["tiebreaker"]["winner"] == "Ben"
    assert post(client, f"/api/games/{game_id}/tiebreaker", {"winner": "Ana"}, key).status_code == 409
    data = client.delete(f"/api/games/{game_id}/tiebreaker", headers=auth).get_json()
    assert data["status"] == "tiebreaker" and data["winner"] is None
    assert client.delete(f"/api/games/{game_id}/tiebreaker", headers=auth).status_code == 409
    # A correction that keeps the same tie keeps a recorded result; one that breaks the tie drops it.
    post(client, f"/api/games/{game_id}/tiebreaker", {"winner": "Ana"}, key)
    data = post(
        client,
        f"/api/games/{game_id}/rounds/2",
        {
            "round": 2,
            "went_out": "Ben",
            "results": [
                {"player": "Ben", "completed": True},
                {"player": "Ana", "completed": True, "points": 20},
                {"player": "Cy", "completed": False, "points": 55},
            ],
        },
        key,
        method="put",
    ).get_json()
    assert data["winner"] == "Ana" and data["tiebreaker"]["winner"] == "Ana"
    data = post(
        client,
        f"/api/games/{game_id}/rounds/2",
        {
            "round": 2,
            "went_out": "Ben",
            "results": [
                {"player": "Ben", "completed": True},
                {"player": "Ana", "completed": True, "points": 25},
                {"player": "Cy", "completed": False, "points": 55},
            ],
        },
        key,
        method="put",
    ).get_json()
    assert data["status"] == "finished" and data["winner"] == "Ben" and data["tiebreaker"] is None


# --- UNO -------------------------------------------------------------------------------------------


def test_uno_game_to_target(client):
    game_id, key, _ = create(client, "uno", ["Ana", "Ben", "Cy"], {"target": 100})
    data = post(
        client,
        f"/api/games/{game_id}/rounds",
        {
            "round": 1,
            "went_out": "Ana",
            "results": [{"player": "Ben", "cards": ["R5", "W4"]}, {"player": "Cy", "points": 12}],
        },
        key,
    ).get_json()
    assert {p["name"]: p["score"] for p in data["players"]} == {"Ana": 67, "Ben": 0, "Cy": 0}
    data = post(
        client,
        f"/api/games/{game_id}/rounds",
        {"round": 2, "went_out": "Ana", "results": [{"player": "Ben", "cards": ["W"]}, {"player": "Cy", "points": 0}]},
        key,
    ).get_json()
    assert data["status"] == "finished" and data["winner"] == "Ana"


@pytest.mark.parametrize(
    "results, fragment",
    [
        ([{"player": "Ben", "cards": []}, {"player": "Cy", "points": 1}], None),
        ([{"player": "Ben", "cards": ["WS"]}, {"player": "Cy", "points": 1}], "newer_wilds"),
        ([{"player": "Ben", "points": -1}, {"player": "Cy", "points": 1}], None),
        ([{"player": "Ben", "points": 5}], "Cy"),
        ([{"player": "Ben", "cards": ["R0", "R0"]}, {"player": "Cy", "points": 1}], "R0"),
    ],
)
def test_uno_refusals(client, results, fragment):
    game_id, key, _ = create(client, "uno", ["Ana", "Ben", "Cy"])
    answer = post(client, f"/api/games/{game_id}/rounds", {"round": 1, "went_out": "Ana", "results": results}, key)
    assert answer.status_code == 400
    if fragment:
        assert fragment in answer.get_json()["error"]


def test_undoing_the_tying_round_drops_the_tiebreaker_result(client):
    game_id, key, _ = create(client, players=("Ana", "Ben", "Cy"), rules={"phases": [1, 2]})
    auth = {"Authorization": f"Bearer {key}"}
    post(
        client,
        f"/api/games/{game_id}/rounds",
        {
            "round": 1,
            "went_out": "Ana",
            "results": [
                {"player": "Ana", "completed": True},
                {"player": "Ben", "completed": True, "points": 20},
                {"player": "Cy", "completed": False, "points": 50},
            ],
        },
        key,
    )
    post(
        client,
        f"/api/games/{game_id}/rounds",
        {
            "round": 2,
            "went_out": "Ben",
            "results": [
                {"player": "Ben", "completed": True},
                {"player": "Ana", "completed": True, "points": 20},
                {"player": "Cy", "completed": False, "points": 50},
            ],
        },
        key,
    )
    assert post(client, f"/api/games/{game_id}/tiebreaker", {"winner": "Ana"}, key).get_json()["winner"] == "Ana"
    data = client.delete(f"/api/games/{game_id}/rounds/2", headers=auth).get_json()
    assert data["status"] == "playing" and data["winner"] is None and data["tiebreaker"] is None
    # Entering the same round again ties again, with no stale result carried over.
    data = post(
        client,
        f"/api/games/{game_id}/rounds",
        {
            "round": 2,
            "went_out": "Ben",
            "results": [
                {"player": "Ben", "completed": True},
                {"player": "Ana", "completed": True, "points": 20},
                {"player": "Cy", "completed": False, "points": 50},
            ],
        },
        key,
    ).get_json()
    assert data["status"] == "tiebreaker" and data["tiebreaker"]["winner"] is None


def test_replaced_round_number_must_be_a_number(client):
    game_id, key, _ = create(client)
    post(client, f"/api/games/{game_id}/rounds", p10_round(1), key)
    body = p10_round(1)
    body["round"] = "1"
    answer = post(client, f"/api/games/{game_id}/rounds/1", body, key, method="put")
    assert answer.status_code == 400 and "whole number" in answer.get_json()["error"]
