"""A round entered together (API.md "A round entered together") and player links ("Player links"), through the API.

Every phone fills in its own row of the next round; the draft shows each row's points and what stops it, and a
commit stores it exactly as ``POST /rounds`` would. Player keys may write only their own row.
"""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request

from api_helpers import create, post
from werkzeug.serving import make_server


def put(client, url, body, key, headers=None):
    return post(client, url, body, key, headers, method="put")


def delete(client, url, key, body=None):
    headers = {"Authorization": f"Bearer {key}"}
    if body is None:
        return client.delete(url, headers=headers)
    return client.delete(url, data=json.dumps(body), content_type="application/json", headers=headers)


def draft_of(client, game_id, language=None):
    headers = {"Accept-Language": language} if language else {}
    return client.get(f"/api/games/{game_id}", headers=headers).get_json()["draft"]


def row(client, game_id, player, body, key, number=1):
    return put(client, f"/api/games/{game_id}/draft/rows/{player}", {"round": number, **body}, key)


def start(client, game_id, key, number=1, **fields):
    answer = put(client, f"/api/games/{game_id}/draft", {"round": number, **fields}, key)
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()


def player_key(client, game_id, key, name):
    answer = post(client, f"/api/games/{game_id}/players/{name}/key", {}, key)
    assert answer.status_code == 201, answer.get_json()
    assert answer.headers["Cache-Control"] == "no-store"
    return answer.get_json()["player_key"]


# --- Phase 10 ------------------------------------------------------------------------------------------------


def test_phase10_rows_fill_in_with_points_and_the_commit_stores_the_round_as_post_rounds_would(client):
    game_id, key, created = create(client)
    assert created["draft"] is None
    versions = [created["version"]]
    game = start(client, game_id, key)
    versions.append(game["version"])
    assert game["draft"] == {
        "round": 1,
        "went_out": None,
        "rows": {"Ana": None, "Ben": None, "Cy": None},
        "points": {"Ana": None, "Ben": None, "Cy": None},
        "problems": [],
        "complete": False,
    }
    answer = row(client, game_id, "ben", {"completed": False, "counts": {"low": 8, "high": 2}}, key)
    assert answer.status_code == 200
    versions.append(answer.get_json()["version"])
    draft = draft_of(client, game_id)
    assert draft["rows"]["Ben"] == {
        "completed": False,
        "counts": {"low": 8, "high": 2, "skip": 0, "wild": 0},
        "by": "editor",
    }
    assert draft["points"]["Ben"] == 60 and draft["complete"] is False and draft["problems"] == []
    versions.append(row(client, game_id, "Cy", {"completed": True, "points": 25}, key).get_json()["version"])
    versions.append(row(client, game_id, "Ana", {"completed": True}, key).get_json()["version"])
    assert draft_of(client, game_id)["complete"] is False  # nobody went out yet
    game = start(client, game_id, key, went_out="ana")
    versions.append(game["version"])
    assert game["draft"]["went_out"] == "Ana"
    assert game["draft"]["points"] == {"Ana": 0, "Ben": 60, "Cy": 25}
    assert game["draft"]["complete"] is True
    assert versions == sorted(set(versions))  # every change moved the version on

    committed = post(client, f"/api/games/{game_id}/draft/commit", {"round": 1}, key)
    assert committed.status_code == 201
    stored = committed.get_json()
    assert stored["draft"] is None and stored["version"] == versions[-1] + 1

    # The same round through POST /rounds on another game stores the same thing.
    other_id, other_key, _ = create(client)
    body = {
        "round": 1,
        "went_out": "Ana",
        "results": [
            {"player": "Ana", "completed": True},
            {"player": "Ben", "completed": False, "counts": {"low": 8, "high": 2}},
            {"player": "Cy", "completed": True, "points": 25},
        ],
    }
    direct = post(client, f"/api/games/{other_id}/rounds", body, other_key).get_json()
    # The same round (its save time aside: the two saves may fall in different seconds on a busy machine).
    unsaved = [{k: v for k, v in r.items() if k != "saved"} for r in stored["rounds"]]
    assert unsaved == [{k: v for k, v in r.items() if k != "saved"} for r in direct["rounds"]]
    assert stored["players"] == direct["players"]


def test_phase10_a_row_wrong_on_its_own_is_refused_and_not_kept(client):
    game_id, key, _ = create(client)
    start(client, game_id, key)
    nine = row(client, game_id, "Ben", {"completed": False, "counts": {"low": 9}}, key)
    assert nine.status_code == 400
    assert "Ben did not complete a phase, so Ben holds 10 cards, not 9." in nine.get_json()["error"]
    bad_card = row(client, game_id, "Ben", {"completed": True, "cards": ["Z9"]}, key)
    assert bad_card.status_code == 400 and "Z9" in bad_card.get_json()["error"]
    unknown = row(client, game_id, "Ben", {"completed": False, "colour": "red"}, key)
    assert unknown.status_code == 400
    assert draft_of(client, game_id)["rows"]["Ben"] is None


def test_phase10_rows_that_only_conflict_together_are_kept_and_listed(client):
    game_id, key, _ = create(client)
    start(client, game_id, key, went_out="Ana")
    # 3 + 3 skips: each hand is possible, but the deck has 4 skips.
    assert row(client, game_id, "Ben", {"completed": True, "counts": {"skip": 3}}, key).status_code == 200
    assert row(client, game_id, "Cy", {"completed": True, "counts": {"skip": 3}}, key).status_code == 200
    assert row(client, game_id, "Ana", {"completed": True}, key).status_code == 200
    draft = draft_of(client, game_id)
    assert draft["complete"] is False
    assert [p["player"] for p in draft["problems"]] == [None]
    assert "skips" in draft["problems"][0]["error"] and "4" in draft["problems"][0]["error"]
    assert draft["points"] == {"Ana": 0, "Ben": 45, "Cy": 45}
    refused = post(client, f"/api/games/{game_id}/draft/commit", {"round": 1}, key)
    assert refused.status_code == 400 and "skips" in refused.get_json()["error"]
    assert client.get(f"/api/games/{game_id}").get_json()["rounds"] == []


def test_a_went_out_that_contradicts_a_filled_row_is_kept_and_listed_in_the_request_language(client):
    game_id, key, _ = create(client)
    start(client, game_id, key)
    assert row(client, game_id, "Ben", {"completed": False, "counts": {"low": 10}}, key).status_code == 200
    game = start(client, game_id, key, went_out="Ben")  # Ben did not complete a phase: he cannot have gone out
    assert game["draft"]["went_out"] == "Ben" and game["draft"]["complete"] is False
    (problem,) = game["draft"]["problems"]
    assert problem["player"] == "Ben" and "going out needs a laid-down phase" in problem["error"]
    german = draft_of(client, game_id, "de")["problems"][0]["error"]
    assert german != problem["error"] and "Ben" in german


# --- UNO ----------------------------------------------------------------------------------------------------


def test_uno_needs_no_row_of_the_player_who_went_out(client):
    game_id, key, _ = create(client, "uno")
    start(client, game_id, key, went_out="Cy")
    assert row(client, game_id, "Ana", {"cards": ["R5", "W"]}, key).status_code == 200
    draft = draft_of(client, game_id)
    assert draft["points"] == {"Ana": 55, "Ben": None, "Cy": 0} and draft["complete"] is False
    incomplete = post(client, f"/api/games/{game_id}/draft/commit", {"round": 1}, key)
    assert incomplete.status_code == 400 and "Ben" in incomplete.get_json()["error"]
    assert row(client, game_id, "Ben", {"points": 20}, key).status_code == 200
    assert draft_of(client, game_id)["complete"] is True
    stored = post(client, f"/api/games/{game_id}/draft/commit", {"round": 1}, key).get_json()
    assert stored["rounds"][0]["went_out"] == "Cy" and stored["rounds"][0]["scores"]["Cy"] == 75


def test_uno_a_hand_for_the_player_who_went_out_is_listed(client):
    game_id, key, _ = create(client, "uno")
    start(client, game_id, key)
    assert row(client, game_id, "Ana", {"cards": ["R5"]}, key).status_code == 200
    assert draft_of(client, game_id)["problems"] == []
    game = start(client, game_id, key, went_out="Ana")
    assert [p["player"] for p in game["draft"]["problems"]] == ["Ana"]
    assert "went out" in game["draft"]["problems"][0]["error"]


def test_uno_an_empty_hand_waits_as_the_one_who_may_go_out(client):
    game_id, key, _ = create(client, "uno")
    start(client, game_id, key)
    assert row(client, game_id, "Ana", {"cards": []}, key).status_code == 200  # possible as the one who went out
    draft = draft_of(client, game_id)
    assert draft["problems"] == [] and draft["points"]["Ana"] is None
    refused = row(client, game_id, "Ben", {"points": 5000}, key)
    assert refused.status_code == 400 and "whole deck" in refused.get_json()["error"]


# --- points ----------------------------------------------------------------------------------------------------


def test_points_draft_has_no_went_out_and_is_complete_when_every_row_is_filled(client):
    game_id, key, _ = create(client, "points", players=("Ana", "Ben"))
    game = start(client, game_id, key)
    assert game["draft"]["went_out"] is None
    refused = put(client, f"/api/games/{game_id}/draft", {"round": 1, "went_out": "Ana"}, key)
    assert refused.status_code == 400 and "Nobody goes out" in refused.get_json()["error"]
    assert row(client, game_id, "Ana", {"points": -5}, key).status_code == 200
    assert draft_of(client, game_id)["complete"] is False
    assert row(client, game_id, "Ben", {"cards": ["R5"]}, key).status_code == 400
    assert row(client, game_id, "Ben", {"points": 12}, key).status_code == 200
    draft = draft_of(client, game_id)
    assert draft["complete"] is True and draft["points"] == {"Ana": -5, "Ben": 12}
    stored = post(client, f"/api/games/{game_id}/draft/commit", {"round": 1}, key)
    assert stored.status_code == 201
    assert [r["points"] for r in stored.get_json()["rounds"][0]["results"]] == [-5, 12]


# --- rounds, races and late rows --------------------------------------------------------------------------------


def test_rounds_other_than_the_drafts_and_writes_without_a_draft_are_409(client):
    game_id, key, _ = create(client)
    assert put(client, f"/api/games/{game_id}/draft", {"round": 2}, key).status_code == 409
    missing = put(client, f"/api/games/{game_id}/draft", {}, key)
    assert missing.status_code == 400 and '"round"' in missing.get_json()["error"]
    no_draft = row(client, game_id, "Ben", {"completed": False, "counts": {"low": 10}}, key)
    assert no_draft.status_code == 409
    assert post(client, f"/api/games/{game_id}/draft/commit", {"round": 1}, key).status_code == 409
    start(client, game_id, key)
    assert row(client, game_id, "Ben", {"completed": False}, key, number=2).status_code == 409
    assert row(client, game_id, "Zed", {"completed": False}, key).status_code == 404
    assert row(client, game_id, "Ben", {"player": "Cy", "completed": True, "points": 5}, key).status_code == 400


def test_rows_can_be_cleared_and_the_draft_dropped(client):
    game_id, key, _ = create(client)
    start(client, game_id, key)
    row(client, game_id, "Ben", {"completed": False, "counts": {"low": 10}}, key)
    before = client.get(f"/api/games/{game_id}").get_json()["version"]
    cleared = delete(client, f"/api/games/{game_id}/draft/rows/Ben", key, {"round": 1})
    assert cleared.status_code == 200 and cleared.get_json()["draft"]["rows"]["Ben"] is None
    assert cleared.get_json()["version"] == before + 1
    assert delete(client, f"/api/games/{game_id}/draft/rows/Ben", key, {"round": 3}).status_code == 409
    dropped = delete(client, f"/api/games/{game_id}/draft", key)
    assert dropped.status_code == 200 and dropped.get_json()["draft"] is None


def test_a_round_stored_by_post_rounds_clears_the_draft_and_a_late_row_gets_the_stored_round(client):
    game_id, key, _ = create(client)
    start(client, game_id, key)
    row(client, game_id, "Ben", {"completed": True, "points": 40}, key)
    body = {
        "round": 1,
        "went_out": "Ana",
        "results": [
            {"player": "Ana", "completed": True},
            {"player": "Ben", "completed": True, "points": 35},
            {"player": "Cy", "completed": False, "counts": {"low": 10}},
        ],
    }
    stored = post(client, f"/api/games/{game_id}/rounds", body, key)
    assert stored.status_code == 201 and stored.get_json()["draft"] is None
    late = row(client, game_id, "Ben", {"completed": True, "points": 40}, key)
    assert late.status_code == 409
    answer = late.get_json()
    assert answer["error"] and answer["round"] == stored.get_json()["rounds"][0]
    assert {r["player"]: r["points"] for r in answer["round"]["results"]}["Ben"] == 35
    assert draft_of(client, game_id) is None


def test_a_commit_repeated_with_its_idempotency_key_gets_the_same_answer(client):
    game_id, key, _ = create(client, "points", players=("Ana", "Ben"))
    start(client, game_id, key)
    row(client, game_id, "Ana", {"points": 3}, key)
    row(client, game_id, "Ben", {"points": 4}, key)
    headers = {"Idempotency-Key": "commit-1"}
    first = post(client, f"/api/games/{game_id}/draft/commit", {"round": 1}, key, headers)
    again = post(client, f"/api/games/{game_id}/draft/commit", {"round": 1}, key, headers)
    assert first.status_code == again.status_code == 201
    assert again.get_json()["rounds"] == first.get_json()["rounds"]
    assert len(client.get(f"/api/games/{game_id}").get_json()["rounds"]) == 1
    other = post(client, f"/api/games/{game_id}/draft/commit", {"round": 1}, key, {"Idempotency-Key": "commit-2"})
    assert other.status_code == 409 and other.get_json()["round"]["round"] == 1


def test_two_phones_committing_at_once_store_one_round(app, client):
    game_id, key, _ = create(client, "points", players=("Ana", "Ben"))
    start(client, game_id, key)
    ben = player_key(client, game_id, key, "Ben")
    row(client, game_id, "Ana", {"points": 3}, key)
    row(client, game_id, "Ben", {"points": 4}, key)
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    barrier = threading.Barrier(2)
    statuses: list[int] = []

    def phone(phone_key: str) -> None:
        request = urllib.request.Request(
            f"http://127.0.0.1:{server.server_port}/api/games/{game_id}/draft/commit",
            data=json.dumps({"round": 1}).encode(),
            headers={"Authorization": f"Bearer {phone_key}", "Content-Type": "application/json"},
            method="POST",
        )
        barrier.wait(timeout=10)
        try:
            with urllib.request.urlopen(request, timeout=30) as answer:
                statuses.append(answer.status)
        except urllib.error.HTTPError as error:
            statuses.append(error.code)

    try:
        phones = [threading.Thread(target=phone, args=(k,)) for k in (key, ben)]
        for each in phones:
            each.start()
        for each in phones:
            each.join(30)
    finally:
        server.shutdown()
        thread.join(10)
        server.server_close()
    assert sorted(statuses) == [201, 409]
    game = client.get(f"/api/games/{game_id}").get_json()
    assert [r["round"] for r in game["rounds"]] == [1] and game["draft"] is None


# --- player keys --------------------------------------------------------------------------------------------------


def test_a_player_key_writes_only_its_own_row(client):
    game_id, key, _ = create(client, "uno")
    ana = player_key(client, game_id, key, "ana")
    start(client, game_id, ana)  # a player may start the round
    mine = row(client, game_id, "Ana", {"cards": ["R5"]}, ana)
    assert mine.status_code == 200 and mine.get_json()["draft"]["rows"]["Ana"]["by"] == "player"
    theirs = row(client, game_id, "Ben", {"cards": ["G5"]}, ana)
    assert theirs.status_code == 403
    assert draft_of(client, game_id)["rows"]["Ben"] is None
    assert delete(client, f"/api/games/{game_id}/draft/rows/Ben", ana).status_code == 403
    assert delete(client, f"/api/games/{game_id}/draft", ana).status_code == 403
    assert put(client, f"/api/games/{game_id}/draft", {"round": 1, "went_out": "Cy"}, ana).status_code == 403
    assert put(client, f"/api/games/{game_id}/draft", {"round": 1, "went_out": None}, ana).status_code == 200
    # Everything else a player key might try: 403, and not counted as a wrong key.
    for _ in range(12):
        assert post(client, f"/api/games/{game_id}/rounds", {"round": 1}, ana).status_code == 403
    assert post(client, f"/api/games/{game_id}/players/Ben/key", {}, ana).status_code == 403
    assert post(client, f"/api/games/{game_id}/key", {}, ana).status_code == 403
    assert row(client, game_id, "Ana", {"cards": ["R6"]}, ana).status_code == 200


def test_a_player_may_say_they_went_out_and_commit_a_complete_round(client):
    game_id, key, _ = create(client, "uno", players=("Ana", "Ben"))
    ben = player_key(client, game_id, key, "Ben")
    start(client, game_id, key)
    assert put(client, f"/api/games/{game_id}/draft", {"round": 1, "went_out": "Ben"}, ben).status_code == 200
    incomplete = post(client, f"/api/games/{game_id}/draft/commit", {"round": 1}, ben)
    assert incomplete.status_code == 400
    row(client, game_id, "Ana", {"points": 30}, key)
    committed = post(client, f"/api/games/{game_id}/draft/commit", {"round": 1}, ben)
    assert committed.status_code == 201 and committed.get_json()["rounds"][0]["went_out"] == "Ben"


def test_a_new_player_key_replaces_the_old_and_unknown_players_are_404(client):
    game_id, key, _ = create(client)
    old = player_key(client, game_id, key, "Cy")
    new = player_key(client, game_id, key, "Cy")
    start(client, game_id, key)
    assert row(client, game_id, "Cy", {"completed": False, "counts": {"low": 10}}, old).status_code == 403
    assert row(client, game_id, "Cy", {"completed": False, "counts": {"low": 10}}, new).status_code == 200
    assert post(client, f"/api/games/{game_id}/players/Zed/key", {}, key).status_code == 404
    assert post(client, f"/api/games/{game_id}/players/Cy/key", {}).status_code == 401


def test_player_keys_carry_over_to_the_rematch_for_the_same_names(client):
    game_id, key, _ = create(client, "points", players=("Ana", "Ben"), rules={"rounds": 1})
    ana = player_key(client, game_id, key, "Ana")
    ben = player_key(client, game_id, key, "Ben")
    post(
        client,
        f"/api/games/{game_id}/rounds",
        {"round": 1, "results": [{"player": "Ana", "points": 1}, {"player": "Ben", "points": 2}]},
        key,
    )
    rematch = post(client, f"/api/games/{game_id}/rematch", {"players": ["Ana", "Cy"]}, key)
    assert rematch.status_code == 201, rematch.get_json()
    new_id = rematch.get_json()["id"]
    start(client, new_id, key)
    assert row(client, new_id, "Ana", {"points": 5}, ana).status_code == 200
    assert row(client, new_id, "Cy", {"points": 5}, ben).status_code == 403


# --- UNO Flip and No Mercy ------------------------------------------------------------------------------------


def test_flip_rows_say_the_side_and_the_round_is_stored_on_it(client):
    game_id, key, _ = create(client, "uno_flip")
    start(client, game_id, key, went_out="Ana")
    assert row(client, game_id, "Ben", {"cards": ["P5"]}, key).status_code == 400  # no side: not read
    wrong = row(client, game_id, "Ben", {"side": "dark", "cards": ["R5"]}, key)
    assert wrong.status_code == 400 and "R5" in wrong.get_json()["error"]  # a light card on the dark side
    assert draft_of(client, game_id)["rows"]["Ben"] is None
    ben = row(client, game_id, "Ben", {"side": "dark", "cards": ["P5", "PD5"]}, key).get_json()["draft"]
    assert ben["rows"]["Ben"] == {"side": "dark", "cards": ["P5", "PD5"], "by": "editor"}
    assert ben["points"]["Ben"] == 25  # read on the dark side (a Draw Five is 20)
    # Cy says the light side: kept, listed, not complete.
    draft = row(client, game_id, "Cy", {"side": "light", "points": 12}, key).get_json()["draft"]
    assert draft["complete"] is False and draft["points"]["Cy"] == 12
    assert [p["player"] for p in draft["problems"]] == ["Cy"]
    assert "one side for everyone" in draft["problems"][0]["error"]
    assert post(client, f"/api/games/{game_id}/draft/commit", {"round": 1}, key).status_code == 400
    draft = row(client, game_id, "Cy", {"side": "dark", "points": 12}, key).get_json()["draft"]
    assert draft["complete"] is True and draft["problems"] == []
    stored = post(client, f"/api/games/{game_id}/draft/commit", {"round": 1}, key)
    assert stored.status_code == 201, stored.get_json()
    hand = stored.get_json()["rounds"][0]
    assert hand["side"] == "dark" and hand["went_out"] == "Ana" and hand["scores"]["Ana"] == 37
    assert {r["player"]: r["points"] for r in hand["results"]} == {"Ben": 25, "Cy": 12}


def test_no_mercy_knock_outs_are_rows_and_a_hand_of_knock_outs_is_won_standing(client):
    game_id, key, _ = create(client, "uno_no_mercy")
    start(client, game_id, key, went_out="Ana")
    assert row(client, game_id, "Ben", {"cards": ["R5"] * 25}, key).status_code == 400  # the mercy rule
    draft = row(client, game_id, "Ben", {"knocked_out": True}, key).get_json()["draft"]
    assert draft["rows"]["Ben"] == {"knocked_out": True, "by": "editor"} and draft["points"]["Ben"] == 0
    draft = row(client, game_id, "Cy", {"cards": ["R+4", "G9"]}, key).get_json()["draft"]
    assert draft["complete"] is True and draft["points"]["Cy"] == 29
    stored = post(client, f"/api/games/{game_id}/draft/commit", {"round": 1}, key)
    assert stored.status_code == 201, stored.get_json()
    hand = stored.get_json()["rounds"][0]
    assert hand["went_out"] == "Ana" and hand["scores"]["Ana"] == 279  # 250 for Ben's knock-out, 29 in Cy's hand

    # Everyone else knocked out: Ben won as the last player standing.
    start(client, game_id, key, number=2, went_out="Ben")
    row(client, game_id, "Ana", {"knocked_out": True}, key, number=2)
    draft = row(client, game_id, "Cy", {"knocked_out": True}, key, number=2).get_json()["draft"]
    assert draft["complete"] is True
    # The winner's own row cannot say knocked out.
    draft = row(client, game_id, "Ben", {"knocked_out": True}, key, number=2).get_json()["draft"]
    assert draft["complete"] is False and draft["problems"][0]["player"] == "Ben"
    delete(client, f"/api/games/{game_id}/draft/rows/Ben", key)
    stored = post(client, f"/api/games/{game_id}/draft/commit", {"round": 2}, key)
    assert stored.status_code == 201, stored.get_json()
    hand = stored.get_json()["rounds"][1]
    assert hand["last_standing"] == "Ben" and "went_out" not in hand and hand["scores"]["Ben"] == 500


def test_a_late_flip_row_corrects_the_stored_round_on_its_side(client):
    game_id, key, _ = create(client, "uno_flip")
    body = {
        "round": 1,
        "went_out": "Ana",
        "side": "dark",
        "results": [{"player": "Ben", "points": 10}, {"player": "Cy", "points": 4}],
    }
    assert post(client, f"/api/games/{game_id}/rounds", body, key).status_code == 201
    late = row(client, game_id, "Ben", {"side": "dark", "cards": ["PD5"]}, key)
    assert late.status_code == 409 and late.get_json()["round"]["side"] == "dark"
    fixed = put(client, f"/api/games/{game_id}/rounds/1/rows/Ben", {"side": "dark", "cards": ["PD5"]}, key)
    assert fixed.status_code == 200, fixed.get_json()
    hand = fixed.get_json()["rounds"][0]
    assert hand["side"] == "dark" and {r["player"]: r["points"] for r in hand["results"]} == {"Ben": 20, "Cy": 4}
