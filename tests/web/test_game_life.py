"""A game's life (API.md "A game's life around the table"): start and finish times, each round's saved time,
the note, in GET, the exports and the sheet page."""

from __future__ import annotations

import csv
import io

import pytest
from api_helpers import create, post, text, token_of

from app.services import sheets as sheet_service

GAME = "/api/games/{}"


@pytest.fixture
def clocked(monkeypatch, clock):
    """The app's clock stands still until the test moves it."""
    monkeypatch.setattr(sheet_service, "utcnow", clock)
    return clock


def _iso(moment) -> str:
    return moment.replace(microsecond=0).isoformat() + "Z"


def _uno_round(client, game_id, key, number, points):
    body = {"round": number, "went_out": "Ana", "results": [{"player": "Ben", "points": points}]}
    answer = post(client, f"{GAME.format(game_id)}/rounds", body, key)
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()


def _played_uno(client, clocked):
    """Ana and Ben: round 1 after 30 minutes, round 2 (Ana reaches 500) 42 minutes later."""
    start = clocked()
    game_id, key, created = create(client, game="uno", players=("Ana", "Ben"))
    clocked.advance(30 * 60)
    first = clocked()
    _uno_round(client, game_id, key, 1, 20)
    clocked.advance(42 * 60)
    done = _uno_round(client, game_id, key, 2, 480)
    return game_id, key, created, done, (start, first, clocked())


def test_times_are_kept_shown_and_an_undo_that_reopens_clears_the_finish(client, clocked):
    game_id, key, created, done, (start, first, last) = _played_uno(client, clocked)
    assert created["started"] == _iso(start) and created["finished"] is None and created["notes"] is None
    assert done["status"] == "finished" and done["finished"] == _iso(last)
    assert [r["saved"] for r in done["rounds"]] == [_iso(first), _iso(last)]
    assert client.get(GAME.format(game_id)).get_json()["started"] == _iso(start)
    assert "1 h 12 min, 2 rounds" in text(client.get(f"/sheets/{game_id}"))
    undone = client.delete(f"{GAME.format(game_id)}/rounds/2", headers={"Authorization": f"Bearer {key}"})
    assert undone.status_code == 200 and undone.get_json()["finished"] is None
    assert "30 min, 1 round" in text(client.get(f"/sheets/{game_id}"))
    clocked.advance(60)
    again = _uno_round(client, game_id, key, 2, 480)
    assert again["finished"] == _iso(clocked())


def test_a_correction_that_reopens_the_game_clears_its_finish(client, clocked):
    game_id, key, *_ = _played_uno(client, clocked)
    body = {"round": 2, "went_out": "Ana", "results": [{"player": "Ben", "points": 10}]}
    answer = post(client, f"{GAME.format(game_id)}/rounds/2", body, key, method="put").get_json()
    assert answer["status"] == "playing" and answer["finished"] is None


def test_export_and_import_keep_the_times_and_the_note(client, clocked):
    game_id, key, _, _done, (start, first, last) = _played_uno(client, clocked)
    post(client, f"{GAME.format(game_id)}/notes", {"notes": "At Cy's; skips stack"}, key, method="put")
    exported = client.get(f"/sheets/{game_id}/export.json").get_json()
    assert (exported["started"], exported["finished"], exported["notes"]) == (
        _iso(start),
        _iso(last),
        "At Cy's; skips stack",
    )
    assert [r["saved"] for r in exported["rounds"]] == [_iso(first), _iso(last)]
    clocked.advance(3600)  # imported an hour later: the times are the file's, not the import's
    imported = client.post("/api/games/import", json=exported)
    assert imported.status_code == 201, imported.get_json()
    again = client.get(f"/sheets/{imported.get_json()['id']}/export.json").get_json()
    assert again == exported
    # An older file without times: the rounds' times are not known (null), the game starts on import.
    for item in exported["rounds"]:
        del item["saved"]
    for field in ("started", "finished", "notes"):
        del exported[field]
    old = client.post("/api/games/import", json=exported).get_json()
    assert [r["saved"] for r in old["rounds"]] == [None, None]
    assert old["started"] == _iso(clocked()) and old["finished"] is None and old["notes"] is None
    assert (
        "2 rounds" in text(client.get(f"/sheets/{old['id']}"))
        and " min" not in text(client.get(f"/sheets/{old['id']}")).split("<h1>")[1].split("</h1>")[0]
    )


def test_import_refuses_a_time_that_is_not_one(client):
    game_id, _key, _ = create(client, game="uno", players=("Ana", "Ben"))
    exported = client.get(f"/sheets/{game_id}/export.json").get_json()
    exported["started"] = "yesterday"
    answer = client.post("/api/games/import", json=exported)
    assert answer.status_code == 400 and '"started" must be an ISO 8601 time' in answer.get_json()["error"]


def test_csv_has_the_times_and_the_note(client, clocked):
    game_id, key, _, _done, (start, first, last) = _played_uno(client, clocked)
    post(client, f"{GAME.format(game_id)}/notes", {"notes": "=1+1 at Cy's"}, key, method="put")
    rows = list(csv.reader(io.StringIO(client.get(f"/sheets/{game_id}/export.csv").get_data(as_text=True))))
    assert rows[0][-1] == "saved" and rows[1][-1] == _iso(first) and rows[2][-1] == _iso(last)
    assert ["started", _iso(start)] in rows and ["finished", _iso(last)] in rows
    assert ["notes", "'=1+1 at Cy's"] in rows  # a spreadsheet does not read it as a formula


# --- notes ---------------------------------------------------------------------------------------------


def test_notes_are_kept_cleared_and_need_the_edit_key(client):
    game_id, key, created = create(client)
    url = f"{GAME.format(game_id)}/notes"
    assert post(client, url, {"notes": "x"}, method="put").status_code == 401
    assert post(client, url, {"notes": "x"}, "wrong-key", method="put").status_code == 403
    assert post(client, "/api/games/nope/notes", {"notes": "x"}, key, method="put").status_code == 404
    answer = post(client, url, {"notes": "  Phase 10 at Ana's\nBen brought snacks  "}, key, method="put")
    assert answer.status_code == 200
    data = answer.get_json()
    assert data["notes"] == "Phase 10 at Ana's\nBen brought snacks" and data["version"] == created["version"] + 1
    assert client.get(GAME.format(game_id)).get_json()["notes"] == data["notes"]
    assert post(client, url, {"notes": ""}, key, method="put").get_json()["notes"] is None
    assert post(client, url, {"notes": None}, key, method="put").get_json()["notes"] is None


@pytest.mark.parametrize(
    ("body", "fragment"),
    [
        ({"notes": "x" * 2001}, "2001 characters long; a note holds at most 2000"),
        ({"notes": 5}, '"notes"'),
        ({}, '"notes"'),
        ({"notes": "a", "colour": "red"}, "colour"),
        ({"notes": "bell \x07"}, "control character"),
        ({"notes": "turn \u202e around"}, "control character"),
    ],
)
def test_bad_notes_are_refused_with_the_reason_and_nothing_changes(client, body, fragment):
    game_id, key, created = create(client)
    answer = post(client, f"{GAME.format(game_id)}/notes", body, key, method="put")
    assert answer.status_code == 400 and fragment in answer.get_json()["error"]
    data = client.get(GAME.format(game_id)).get_json()
    assert data["notes"] is None and data["version"] == created["version"]


def test_a_note_of_2000_characters_is_kept(client):
    game_id, key, _ = create(client)
    answer = post(client, f"{GAME.format(game_id)}/notes", {"notes": "é" * 2000}, key, method="put")
    assert answer.status_code == 200 and len(answer.get_json()["notes"]) == 2000


def test_the_sheet_shows_the_note_and_an_editing_phone_changes_it(client):
    form = client.get("/sheets/new")
    assert form.status_code == 200
    game_id, key, _ = create(client)
    client.post(f"/sheets/{game_id}/key", data={"key": key, "csrf_token": token_of(text(form))})
    page = text(client.get(f"/sheets/{game_id}"))
    assert 'name="notes"' in page
    saved = client.post(f"/sheets/{game_id}/notes", data={"notes": "Ana <deals> first", "csrf_token": token_of(page)})
    assert saved.status_code == 302
    page = text(client.get(f"/sheets/{game_id}"))
    assert "Ana <deals> first" in page and "The notes are saved." in page
    viewer = client.application.test_client()
    assert "Ana <deals> first" in text(viewer.get(f"/sheets/{game_id}"))
    assert 'name="notes"' not in text(viewer.get(f"/sheets/{game_id}"))
