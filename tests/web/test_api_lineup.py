"""Players who join or leave (API.md "A game's life around the table"): ``POST /api/games/<id>/players`` for
every kind, the refusals, the sheet page, undo, export and import."""

from __future__ import annotations

import pytest
from api_helpers import create, post, text, token_of

PLAYERS = "/api/games/{}/players"


def change(client, game_id, key, body):
    return post(client, PLAYERS.format(game_id), body, key)


def record(client, game_id, key, body):
    answer = post(client, f"/api/games/{game_id}/rounds", body, key)
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()


def uno_hand(number, went_out, **hands):
    return {"round": number, "went_out": went_out, "results": [{"player": p, "points": n} for p, n in hands.items()]}


def points_round(number, **scores):
    return {"round": number, "results": [{"player": p, "points": n} for p, n in scores.items()]}


def p10(number, went_out, **others):
    results = [{"player": went_out, "completed": True}]
    results += [{"player": p, "completed": done, "points": n} for p, (done, n) in others.items()]
    return {"round": number, "went_out": went_out, "results": results}


def standing(data, name):
    return next(p for p in data["players"] if p["name"] == name)


def test_uno_leave_and_join_from_the_next_round(client):
    game_id, key, created = create(client, game="uno", players=("Ana", "Ben", "Cy"))
    record(client, game_id, key, uno_hand(1, "Ana", Ben=20, Cy=30))
    answer = change(client, game_id, key, {"leave": "Cy"})
    assert answer.status_code == 200
    data = answer.get_json()
    assert data["lineup"] == [{"round": 2, "leave": "Cy"}] and data["version"] == created["version"] + 2
    assert standing(data, "Cy") == {"name": "Cy", "score": 0, "joined": None, "left": 2}
    refused = post(client, f"/api/games/{game_id}/rounds", uno_hand(2, "Ana", Ben=5, Cy=5), key)
    assert refused.status_code == 400 and "Cy left the game before round 2" in refused.get_json()["error"]
    data = change(client, game_id, key, {"join": "Eve"}).get_json()
    assert standing(data, "Eve") == {"name": "Eve", "score": 0, "joined": 2, "left": None}  # winner_takes: worst 0
    assert client.get(f"/sheets/{game_id}").status_code == 200  # the sheet draws a joiner who has no round yet
    data = record(client, game_id, key, uno_hand(2, "Eve", Ana=10, Ben=10))
    assert [r["player"] for r in data["rounds"][1]["results"]] == ["Ana", "Ben"]
    assert standing(data, "Eve")["score"] == 20 and standing(data, "Cy")["score"] == 0
    assert client.get(f"/api/games/{game_id}").get_json()["lineup"] == [
        {"round": 2, "leave": "Cy"},
        {"round": 2, "join": "Eve"},
    ]


def test_points_a_leaver_who_would_otherwise_win(client):
    game_id, key, _ = create(client, game="points", players=("Ana", "Ben", "Cy"), rules={"rounds": 2})
    record(client, game_id, key, points_round(1, Ana=5, Ben=3, Cy=40))
    change(client, game_id, key, {"leave": "Cy"})
    data = record(client, game_id, key, points_round(2, Ana=1, Ben=1))
    assert data["status"] == "finished" and data["winner"] == "Ana" and standing(data, "Cy")["score"] == 40
    assert "Cy left before round 2 and could not win." in data["outcome"]["text"]
    page = text(client.get(f"/sheets/{game_id}"))
    assert "Cy left before round 2 and could not win." in page and "left before round 2" in page


def test_phase10_joiner_starts_at_phase_one_with_the_worst_total(client):
    game_id, key, _ = create(client, players=("Ana", "Ben", "Cy"))
    record(client, game_id, key, p10(1, "Ana", Ben=(True, 20), Cy=(False, 50)))
    data = change(client, game_id, key, {"join": "Eve"}).get_json()
    assert standing(data, "Eve") == {
        "name": "Eve",
        "score": 50,
        "phase": 1,
        "phases_done": [],
        "joined": 2,
        "left": None,
    }
    missing = post(client, f"/api/games/{game_id}/rounds", p10(2, "Ana", Ben=(False, 50), Cy=(False, 50)), key)
    assert missing.status_code == 400 and "Eve" in missing.get_json()["error"]
    record(client, game_id, key, p10(2, "Eve", Ana=(False, 50), Ben=(False, 50), Cy=(False, 50)))


def test_phase10_a_leaver_who_would_otherwise_win(client):
    game_id, key, _ = create(client, players=("Ana", "Ben", "Cy"), rules={"phases": [1, 2], "variant": "all_advance"})
    record(client, game_id, key, p10(1, "Cy", Ana=(True, 30), Ben=(False, 50)))
    change(client, game_id, key, {"leave": "Cy"})
    data = record(client, game_id, key, p10(2, "Ana", Ben=(True, 20)))
    assert data["status"] == "finished" and data["winner"] == "Ana" and standing(data, "Cy")["score"] == 0
    assert "Cy left before round 2 and could not win." in data["outcome"]["text"]


def test_join_score_zero_is_a_table_rule(client):
    game_id, key, created = create(
        client, game="uno", players=("Ana", "Ben"), rules={"scoring": "lowest_wins", "join_score": "zero"}
    )
    assert created["rules"]["join_score"] == "zero"
    record(client, game_id, key, uno_hand(1, "Ana", Ben=30))
    assert standing(change(client, game_id, key, {"join": "Eve"}).get_json(), "Eve")["score"] == 0
    other, other_key, made = create(client, game="uno", players=("Ana", "Ben"), rules={"scoring": "lowest_wins"})
    assert made["rules"]["join_score"] == "worst"
    record(client, other, other_key, uno_hand(1, "Ana", Ben=30))
    assert standing(change(client, other, other_key, {"join": "Eve"}).get_json(), "Eve")["score"] == 30


@pytest.mark.parametrize(
    ("players", "body", "status", "fragment"),
    [
        (("Ana", "Ben"), {"leave": "Ben"}, 400, "at least 2 players who have not left"),
        (("Ana", "Ben", "Cy"), {"leave": "Zed"}, 400, "Zed is not a player"),
        (("Ana", "Ben", "Cy"), {"join": "ana"}, 400, "already a player"),
        (("Ana", "Ben", "Cy"), {"join": ""}, 400, "no name"),
        (("Ana", "Ben", "Cy"), {"join": "Eve\u202e"}, 400, "control characters"),
        (("Ana", "Ben", "Cy"), {"join": "Eve", "leave": "Cy"}, 400, 'either "join"'),
        (("Ana", "Ben", "Cy"), {}, 400, 'either "join"'),
        (("Ana", "Ben", "Cy"), {"kick": "Cy"}, 400, "kick"),
        (("A", "B", "C", "D", "E", "F"), {"join": "G"}, 400, "at most 6 players who have not left"),
    ],
)
def test_refusals_name_the_problem_and_change_nothing(client, players, body, status, fragment):
    game_id, key, created = create(client, players=players)
    answer = change(client, game_id, key, body)
    assert answer.status_code == status and fragment in answer.get_json()["error"], answer.get_json()
    data = client.get(f"/api/games/{game_id}").get_json()
    assert data["lineup"] == [] and data["version"] == created["version"]


def test_a_left_player_frees_a_seat_for_the_limit(client):
    game_id, key, _ = create(client, players=("A", "B", "C", "D", "E", "F"))
    assert change(client, game_id, key, {"leave": "C"}).status_code == 200
    assert change(client, game_id, key, {"join": "G"}).status_code == 200
    assert change(client, game_id, key, {"join": "H"}).status_code == 400


def test_credentials_and_a_finished_game(client):
    game_id, key, _ = create(client, game="uno", players=("Ana", "Ben", "Cy"))
    assert post(client, PLAYERS.format(game_id), {"leave": "Cy"}).status_code == 401
    assert post(client, PLAYERS.format(game_id), {"leave": "Cy"}, "wrong").status_code == 403
    assert post(client, PLAYERS.format("nothing"), {"leave": "Cy"}, key).status_code == 404
    record(client, game_id, key, uno_hand(1, "Ana", Ben=300, Cy=300))
    answer = change(client, game_id, key, {"leave": "Cy"})
    assert answer.status_code == 400 and "over" in answer.get_json()["error"]


def test_undo_brings_a_pending_change_to_the_next_round(client):
    game_id, key, _ = create(client, game="points", players=("Ana", "Ben", "Cy"), rules={"wins": "lowest"})
    record(client, game_id, key, points_round(1, Ana=5, Ben=7, Cy=9))
    record(client, game_id, key, points_round(2, Ana=5, Ben=7, Cy=9))
    change(client, game_id, key, {"join": "Eve"})  # from round 3, with 18
    answer = client.delete(f"/api/games/{game_id}/rounds/2", headers={"Authorization": f"Bearer {key}"})
    data = answer.get_json()
    assert data["lineup"] == [{"round": 2, "join": "Eve"}] and standing(data, "Eve")["score"] == 9
    record(client, game_id, key, points_round(2, Ana=1, Ben=1, Cy=1, Eve=1))


def test_export_and_import_keep_who_joined_and_left(client):
    game_id, key, _ = create(client, game="points", players=("Ana", "Ben", "Cy"))
    record(client, game_id, key, points_round(1, Ana=5, Ben=7, Cy=9))
    change(client, game_id, key, {"leave": "Ana"})
    change(client, game_id, key, {"join": "Eve"})
    record(client, game_id, key, points_round(2, Ben=1, Cy=1, Eve=1))
    change(client, game_id, key, {"leave": "Eve"})  # from round 3, not played yet
    exported = client.get(f"/sheets/{game_id}/export.json").get_json()
    assert exported["lineup"] == [
        {"round": 2, "leave": "Ana"},
        {"round": 2, "join": "Eve"},
        {"round": 3, "leave": "Eve"},
    ]
    imported = client.post("/api/games/import", json=exported)
    assert imported.status_code == 201, imported.get_json()
    assert client.get(f"/sheets/{imported.get_json()['id']}/export.json").get_json() == exported
    exported["lineup"][0]["round"] = 3  # Ana then plays round 2 without a row
    refused = client.post("/api/games/import", json=exported)
    assert refused.status_code == 400
    exported["lineup"] = [{"round": 2, "kick": "Ana"}]
    refused = client.post("/api/games/import", json=exported)
    assert refused.status_code == 400 and '"lineup" must be a list' in refused.get_json()["error"]


def test_bgstats_lists_the_players_who_left(client):
    game_id, key, _ = create(client, game="points", players=("Ana", "Ben", "Cy"), rules={"rounds": 2})
    record(client, game_id, key, points_round(1, Ana=5, Ben=3, Cy=40))
    change(client, game_id, key, {"leave": "Cy"})
    record(client, game_id, key, points_round(2, Ana=1, Ben=1))
    data = client.get(f"/api/games/{game_id}/export.bgstats").get_json()
    names = {p["id"]: p["name"] for p in data["players"]}
    scores = {names[s["playerRefId"]]: s for s in data["plays"][0]["playerScores"]}
    assert scores["Cy"]["score"] == "40" and scores["Cy"]["winner"] is False
    assert scores["Cy"]["role"] == "left before round 2" and scores["Ana"]["winner"] is True


def test_the_sheet_pages_join_and_leave_for_an_editing_phone(client):
    form = client.get("/sheets/new")
    game_id, key, _ = create(client, game="uno", players=("Ana", "Ben", "Cy"))
    client.post(f"/sheets/{game_id}/key", data={"key": key, "csrf_token": token_of(text(form))})
    record(client, game_id, key, uno_hand(1, "Ana", Ben=20, Cy=30))
    page = text(client.get(f"/sheets/{game_id}"))
    assert 'name="join"' in page and 'name="leave"' in page
    moved = client.post(f"/sheets/{game_id}/players", data={"leave": "Cy", "csrf_token": token_of(page)})
    assert moved.status_code == 302
    page = text(client.get(f"/sheets/{game_id}"))
    assert "Cy leaves from round 2." in page and "left before round 2" in page
    refused = client.post(f"/sheets/{game_id}/players", data={"leave": "Ben", "csrf_token": token_of(page)})
    assert (
        "at least 2 players who have not left" in text(client.get(f"/sheets/{game_id}")) or refused.status_code == 302
    )
    client.post(f"/sheets/{game_id}/players", data={"join": "Eve", "csrf_token": token_of(page)})
    page = text(client.get(f"/sheets/{game_id}"))
    assert "Eve joins from round 2." in page and "joined in round 2" in page
    new_round = text(client.get(f"/sheets/{game_id}/rounds/new"))
    assert 'data-player="Eve"' in new_round and 'data-player="Cy"' not in new_round
