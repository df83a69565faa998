"""A points sheet carries the name of the game played (issue 22): "Hearts" through the API (`"name"` at the
game level), the new-sheet form, the sheet page, the Sheets list, the table record, the picture and exports."""

from __future__ import annotations

import json

import pytest
from api_helpers import text, token_of


def api(client, method, url, body=None, key=None):
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    data = None if body is None else json.dumps(body)
    return getattr(client, method)(url, data=data, content_type="application/json", headers=headers)


def hearts(client, name="Hearts", players=("Ana", "Ben", "Cy")):
    body = {"game": "points", "name": name, "players": list(players), "rules": {"wins": "lowest", "target": 50}}
    answer = api(client, "post", "/api/games", body)
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()


def test_the_api_stores_and_returns_the_name_and_a_rematch_keeps_it(client):
    created = hearts(client, "  Hearts ")
    assert created["name"] == "Hearts"
    assert api(client, "get", f"/api/games/{created['id']}").get_json()["name"] == "Hearts"
    body = {"round": 1, "results": [{"player": p, "points": n} for p, n in (("Ana", 60), ("Ben", 10), ("Cy", 20))]}
    assert api(client, "post", f"/api/games/{created['id']}/rounds", body, created["edit_key"]).status_code == 201
    again = api(client, "post", f"/api/games/{created['id']}/rematch", {}, created["edit_key"])
    assert again.status_code == 201 and again.get_json()["name"] == "Hearts"
    record = api(client, "get", f"/api/tables/{created['table']}").get_json()
    assert [g["name"] for g in record["games"]] == ["Hearts", "Hearts"]


def test_a_points_sheet_without_a_name_says_null(client):
    answer = api(client, "post", "/api/games", {"game": "points", "players": ["Ana", "Ben"]})
    assert answer.status_code == 201 and answer.get_json()["name"] is None


@pytest.mark.parametrize(
    "body, fragment",
    [
        ({"game": "uno", "name": "Hearts", "players": ["Ana", "Ben"]}, '"points"'),
        ({"game": "points", "name": 7, "players": ["Ana", "Ben"]}, '"name"'),
        ({"game": "points", "name": "H" * 41, "players": ["Ana", "Ben"]}, "at most 40"),
        ({"game": "points", "name": "Hea\u202erts", "players": ["Ana", "Ben"]}, "control characters"),
    ],
)
def test_a_bad_name_is_refused_with_a_sentence_and_nothing_stored(client, body, fragment):
    answer = api(client, "post", "/api/games", body)
    assert answer.status_code == 400 and fragment in answer.get_json()["error"], answer.get_json()


def test_export_and_import_carry_the_name(client):
    created = hearts(client)
    exported = client.get(f"/sheets/{created['id']}/export.json").get_json()
    assert exported["name"] == "Hearts"
    imported = client.post("/api/games/import", json=exported)
    assert imported.status_code == 201 and imported.get_json()["name"] == "Hearts"
    csv = client.get(f"/sheets/{created['id']}/export.csv").get_data(as_text=True)
    assert "Hearts" in csv


def test_the_form_takes_the_name_and_the_pages_show_it(client):
    page = client.get("/sheets/new").get_data(as_text=True)
    assert "Which game? (optional)" in page
    data = {"csrf_token": token_of(page), "game": "points", "points_wins": "lowest", "points_target": "20"}
    data.update({"game_name": "Hearts", "players-0": "Ana", "players-1": "Ben"})
    answer = client.post("/sheets/new", data=data)
    assert answer.status_code == 302, text(answer)
    url = answer.headers["Location"].split("#")[0]
    sheet = text(client.get(url))
    assert "<title>Hearts · Score sheet" in sheet and "<h1><bdi>Hearts</bdi>" in sheet
    assert "<bdi>Hearts</bdi></strong>" in text(client.get("/sheets/"))
    game_id = url.rstrip("/").rsplit("/", 1)[1]
    table = api(client, "get", f"/api/games/{game_id}").get_json()["table"]
    assert '<bdi class="game-name">Hearts</bdi>' in text(client.get(f"/tables/{table}"))


def test_the_picture_says_what_was_played(client):
    created = hearts(client)
    body = {"round": 1, "results": [{"player": p, "points": n} for p, n in (("Ana", 60), ("Ben", 10), ("Cy", 20))]}
    assert api(client, "post", f"/api/games/{created['id']}/rounds", body, created["edit_key"]).status_code == 201
    page = text(client.get(f"/sheets/{created['id']}"))
    picture = page[page.index('<template id="standings-picture">') :]
    assert 'class="pic-subtitle"' in picture and ">Hearts · " in picture
