"""Rematch and a table's record (../shared/API.md "Rematch and a table's record"), tested on a table of three
games: a finished one, one still playing, and one with a player gone, a player new and a name spelled anew."""

from __future__ import annotations

import pytest
from api_helpers import create, post

P = {"Ana": "Ana", "Ben": "Ben", "Cy": "Cy"}


def out(name):
    return {"player": name, "completed": True}


def held(name, points, completed=False):
    return {"player": name, "completed": completed, "points": points}


def save(client, game_id, key, number, went_out, results):
    answer = post(
        client, f"/api/games/{game_id}/rounds", {"round": number, "went_out": went_out, "results": results}, key
    )
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()


def rematch(client, game_id, key, body=None, headers=None):
    return post(client, f"/api/games/{game_id}/rematch", body if body is not None else "", key, headers=headers)


@pytest.fixture
def table(client):
    """Three games of one table; returns their ids, the edit key and the table id."""
    g1, key, first = create(client, rules={"phases": [1, 2]})
    assert first["first_dealer"] == "Cy"  # the last player deals round 1
    save(client, g1, key, 1, "Ana", [out("Ana"), held("Ben", 10, True), held("Cy", 50)])
    done = save(client, g1, key, 2, "Ana", [out("Ana"), held("Ben", 50), held("Cy", 20, True)])
    assert done["status"] == "finished" and done["winner"] == "Ana"

    second = rematch(client, g1, key)
    assert second.status_code == 201, second.get_json()
    g2 = second.get_json()["id"]
    save(client, g2, key, 1, "Ben", [out("Ben"), held("Ana", 50), held("Cy", 50)])

    third = rematch(client, g2, key, {"players": ["Ana", "CY", "Dee"], "rules": {"phases": [1]}})
    assert third.status_code == 201, third.get_json()
    g3 = third.get_json()["id"]
    save(client, g3, key, 1, "Dee", [out("Dee"), held("Ana", 5, True), held("CY", 50)])
    return {
        "ids": [g1, g2, g3],
        "key": key,
        "table": first["table"],
        "answers": [first, second.get_json(), third.get_json()],
    }


def test_every_sheet_carries_its_table_and_neighbours(client, table):
    g1, g2, g3 = table["ids"]
    sheets = [client.get(f"/api/games/{g}").get_json() for g in (g1, g2, g3)]
    assert {s["table"] for s in sheets} == {table["table"]}
    assert [(s["previous"], s["next"]) for s in sheets] == [(None, g2), (g1, g3), (g2, None)]


def test_rematch_keeps_players_rules_and_key_and_goes_on_with_the_deal(client, table):
    second = table["answers"][1]
    assert second["edit_key"] == table["key"]  # echoed: every phone that could edit goes on editing
    assert [p["name"] for p in second["players"]] == ["Ana", "Ben", "Cy"]
    assert second["rules"]["phases"] == [1, 2] and second["status"] == "playing" and second["rounds"] == []
    # Game 1: Cy dealt round 1, Ana round 2; the deal goes on to Ben.
    assert second["first_dealer"] == "Ben" and second["dealer"] == "Ben"
    # Game 2: Ben dealt its one round; Cy would deal next and plays on (spelled "CY" now).
    third = table["answers"][2]
    assert third["first_dealer"] == "CY"
    assert third["rules"]["phases"] == [1] and third["rules"]["natural_card"] == "phase"  # merged key by key


def test_rematch_when_the_next_dealer_left_skips_to_the_next_player_present(client):
    g1, key, _ = create(client, players=("Ana", "Ben", "Cy", "Dee"))
    new = rematch(client, g1, key, {"players": ["Dee", "Ana", "Cy"]}).get_json()
    # Nobody dealt: Dee would deal round 1 and plays on.
    assert new["first_dealer"] == "Dee"
    g2, key2, _ = create(client, players=("Ana", "Ben", "Cy"))
    save(client, g2, key2, 1, "Ana", [out("Ana"), held("Ben", 50), held("Cy", 50)])  # Cy dealt; Ana is next
    assert rematch(client, g2, key2, {"players": ["Ben", "Cy", "Eve"]}).get_json()["first_dealer"] == "Ben"


def test_a_second_rematch_is_409_naming_the_next_game(client, table):
    g1, g2, _g3 = table["ids"]
    again = rematch(client, g1, table["key"])
    assert again.status_code == 409 and g2 in again.get_json()["error"]


def test_rematch_is_idempotent_and_bumps_the_old_version(client):
    g1, key, data = create(client)
    headers = {"Idempotency-Key": "again-1"}
    first = rematch(client, g1, key, headers=headers)
    retry = rematch(client, g1, key, headers=headers)
    assert first.status_code == retry.status_code == 201
    assert first.get_json() == retry.get_json()
    assert client.get(f"/api/games/{g1}").get_json()["version"] == data["version"] + 1
    new = first.get_json()["id"]
    assert save(client, new, key, 1, "Ana", [out("Ana"), held("Ben", 50), held("Cy", 50)])["version"] == 2


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"players": ["Ana"]}, "player"),
        ({"rules": {"variant": "nope"}}, "variant"),
        ({"rules": [1]}, "rules"),
        ({"game": "uno"}, "game"),
        ([1, 2], "JSON object"),
    ],
)
def test_a_bad_rematch_is_400_and_stores_nothing(client, body, words):
    g1, key, _ = create(client)
    answer = rematch(client, g1, key, body)
    assert answer.status_code == 400 and words in answer.get_json()["error"]
    assert client.get(f"/api/games/{g1}").get_json()["next"] is None


def test_rematch_needs_the_edit_key(client):
    g1, key, _ = create(client)
    assert rematch(client, g1, None).status_code == 401
    assert rematch(client, g1, "wrong-key").status_code == 403
    assert rematch(client, "no-such-game", key).status_code == 404


def test_the_table_record_matches_the_games_played(client, table):
    g1, g2, g3 = table["ids"]
    answer = client.get(f"/api/tables/{table['table']}")
    assert answer.status_code == 200
    record = answer.get_json()
    assert record["id"] == table["table"] and record["game"] == "phase10"
    assert [(g["id"], g["status"], g["winner"], g["tied"], g["rounds"]) for g in record["games"]] == [
        (g1, "finished", "Ana", None, 2),
        (g2, "playing", None, None, 1),
        (g3, "finished", "Dee", None, 1),
    ]
    assert all(g["created"].endswith("Z") for g in record["games"])
    assert record["players"] == [
        {
            "name": "Ana",
            "games": 3,
            "wins": 1,
            "rounds": 4,
            "points_per_round": 13.8,  # 0 + 0 + 50 + 5 over 4 rounds
            "phases": {"1": {"tries": 3, "completed": 2}, "2": {"tries": 1, "completed": 1}},
        },
        {
            "name": "CY",  # as spelled in the newest game
            "games": 3,
            "wins": 0,
            "rounds": 4,
            "points_per_round": 42.5,  # 50 + 20 + 50 + 50
            "phases": {"1": {"tries": 4, "completed": 1}},
        },
        {
            "name": "Dee",
            "games": 1,
            "wins": 1,
            "rounds": 1,
            "points_per_round": 0.0,
            "phases": {"1": {"tries": 1, "completed": 1}},
        },
        {
            "name": "Ben",
            "games": 2,
            "wins": 0,
            "rounds": 3,
            "points_per_round": 20.0,  # 10 + 50 + 0
            "phases": {"1": {"tries": 2, "completed": 2}, "2": {"tries": 1, "completed": 0}},
        },
    ]


def test_uno_tables_count_hands_gone_out_and_gains(client):
    g1, key, _ = create(client, game="uno", players=("Ana", "Ben"), rules={"target": 50})
    post(
        client,
        f"/api/games/{g1}/rounds",
        {"round": 1, "went_out": "Ana", "results": [{"player": "Ben", "points": 30}]},
        key,
    )
    post(
        client,
        f"/api/games/{g1}/rounds",
        {"round": 2, "went_out": "Ben", "results": [{"player": "Ana", "points": 10}]},
        key,
    )
    table = client.get(f"/api/games/{g1}").get_json()["table"]
    players = client.get(f"/api/tables/{table}").get_json()["players"]
    assert players == [
        {"name": "Ana", "games": 1, "wins": 0, "rounds": 2, "points_per_round": 15.0, "outs": 1},
        {"name": "Ben", "games": 1, "wins": 0, "rounds": 2, "points_per_round": 5.0, "outs": 1},
    ]


def test_pick_a_phase_tries_are_unknown(client):
    g1, key, _ = create(client, rules={"variant": "pick_a_phase"})
    save(client, g1, key, 1, "Ana", [{"player": "Ana", "completed": 4}, held("Ben", 50), held("Cy", 50)])
    table = client.get(f"/api/games/{g1}").get_json()["table"]
    ana = client.get(f"/api/tables/{table}").get_json()["players"][0]
    assert ana["phases"] == {"4": {"tries": None, "completed": 1}}


def test_unknown_table_is_404(client):
    assert client.get("/api/tables/nope").status_code == 404
    assert "error" in client.get("/api/tables/%00").get_json()


def test_a_rematch_exports_and_imports_with_its_deal(client):
    g1, key, _ = create(client)
    save(client, g1, key, 1, "Ana", [out("Ana"), held("Ben", 50), held("Cy", 50)])
    g2 = rematch(client, g1, key).get_json()["id"]
    save(client, g2, key, 1, "Ben", [out("Ben"), held("Ana", 50), held("Cy", 50)])
    exported = client.get(f"/sheets/{g2}/export.json").get_json()
    assert exported["first_dealer"] == "Ana"
    imported = client.post("/api/games/import", json=exported)
    assert imported.status_code == 201, imported.get_json()
    assert imported.get_json()["first_dealer"] == "Ana" and imported.get_json()["rounds"][0]["dealer"] == "Ana"
    assert client.get(f"/sheets/{imported.get_json()['id']}/export.json").get_json() == exported
    exported["first_dealer"] = "Zed"
    refused = client.post("/api/games/import", json=exported)
    assert refused.status_code == 400 and "first_dealer" in refused.get_json()["error"]


def test_pages_show_the_table(client, table):
    g1, g2, g3 = table["ids"]
    # This phone created the games through the API: open them as the phone that plays them.
    for game_id in (g1, g2, g3):
        client.get(f"/sheets/{game_id}")
    recent = client.get("/sheets/").get_data(as_text=True)
    assert "game 1 of 3 at this table" in recent and "game 3 of 3 at this table" in recent
    sheet = client.get(f"/sheets/{g2}").get_data(as_text=True)
    assert f"/tables/{table['table']}" in sheet and f"/sheets/{g1}" in sheet and f"/sheets/{g3}" in sheet
    page = client.get(f"/tables/{table['table']}")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert text.count("<svg") == 3  # wins, points per round, Phase 10's phases
    assert "Phases: completed of tried" in text and "won by Dee" in text
    assert client.get("/tables/nope").status_code == 404


def test_play_again_page_checks_what_is_changed(client, csrf_token):
    g1, key, _ = create(client, game="uno")
    client.get(f"/sheets/{g1}?key={key}")  # this phone holds the edit rights now
    form = client.get(f"/sheets/{g1}/again").get_data(as_text=True)
    assert 'value="Ana"' in form and 'name="rule-target"' in form
    token = csrf_token(client, f"/sheets/{g1}/again")
    base = {
        "csrf_token": token,
        "player": ["Ana", "Ben", "Cy"],
        "rule-scoring": "winner_takes",
        "rule-first_wild": "choose",
        "rule-join_score": "worst",
    }
    refused = client.post(f"/sheets/{g1}/again", data={**base, "rule-target": "lots"})
    assert refused.status_code == 400 and "target" in refused.get_data(as_text=True)
    refused = client.post(f"/sheets/{g1}/again", data={**base, "rule-target": "300", "player": ["Ana"]})
    assert refused.status_code == 400
    started = client.post(f"/sheets/{g1}/again", data={**base, "rule-target": "300", "rule-stacking": "y"})
    assert started.status_code == 302
    new = client.get(f"/api/games/{g1}").get_json()["next"]
    data = client.get(f"/api/games/{new}").get_json()
    assert data["rules"]["target"] == 300 and data["rules"]["stacking"] is True
    assert started.headers["Location"].split("#")[0].endswith(f"/sheets/{new}")  # the key rides in the fragment
    again = client.get(f"/sheets/{g1}/again")  # played again already: to the next game
    assert again.status_code == 302 and again.headers["Location"].endswith(f"/sheets/{new}")
    viewer = client.application.test_client()
    assert viewer.get(f"/sheets/{new}/again").status_code == 302


def test_a_points_table_records_ties_as_no_ones_win(client):
    g1, key, _ = create(client, game="points", players=("Ana", "Ben"), rules={"rounds": 1})
    level = {"round": 1, "results": [{"player": "Ana", "points": 7}, {"player": "Ben", "points": 7}]}
    assert post(client, f"/api/games/{g1}/rounds", level, key).get_json()["tied"] == ["Ana", "Ben"]
    again = rematch(client, g1, key)
    assert again.status_code == 201, again.get_json()
    g2 = again.get_json()["id"]
    won = {"round": 1, "results": [{"player": "Ana", "points": 3}, {"player": "Ben", "points": 9}]}
    post(client, f"/api/games/{g2}/rounds", won, key)
    record = client.get(f"/api/tables/{again.get_json()['table']}").get_json()
    assert record["game"] == "points"
    assert [(g["winner"], g["tied"]) for g in record["games"]] == [(None, ["Ana", "Ben"]), ("Ben", None)]
    assert record["players"] == [
        {"name": "Ana", "games": 2, "wins": 0, "rounds": 2, "points_per_round": 5.0},
        {"name": "Ben", "games": 2, "wins": 1, "rounds": 2, "points_per_round": 8.0},
    ]
    assert client.get(f"/tables/{record['id']}").status_code == 200
