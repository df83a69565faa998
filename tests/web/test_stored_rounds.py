"""Rounds stored before a check was added still load: the sheet replays them without the checks that protect new
input (typed totals checked together, app/engine/dealcheck.py), while a new round is still checked in full."""

from __future__ import annotations

import csv
import io
import re

import pytest
from api_helpers import create, p10_round, post

from app.database import db
from app.models import Game, Result, Round

IMPOSSIBLE = {"Ana": 230, "Ben": 230}
"""Each 230 needs all eight wilds: both cannot be true in one deal (but each one alone can)."""


def store_old_round(app, game_id: str, number: int) -> None:
    """Round ``number`` written straight to the database, as the app stored it before totals were checked
    together: Cy went out, Ana and Ben typed 230 each."""
    with app.app_context():
        game = db.session.get(Game, game_id)
        results = [
            Result(seat=seat, entry={"player": name, "completed": False, "points": points}, points=points)
            for seat, (name, points) in enumerate(IMPOSSIBLE.items())
        ]
        results.append(Result(seat=2, entry={"player": "Cy", "completed": True, "points": 0}, points=0))
        game.rounds.append(Round(number=number, went_out="Cy", results=results))
        game.version += 1
        db.session.commit()


def impossible_round(number: int) -> dict:
    return p10_round(number, "Cy", {name: {"points": points} for name, points in IMPOSSIBLE.items()})


@pytest.fixture
def old_sheet(app, client):
    """A Phase 10 sheet: round 1 saved through the API, round 2 an old stored round with impossible totals."""
    game_id, key, _ = create(client)
    assert post(client, f"/api/games/{game_id}/rounds", p10_round(1), key).status_code == 201
    store_old_round(app, game_id, 2)
    return game_id, key


def test_the_check_still_refuses_the_same_totals_as_new_input(client):
    game_id, key, _ = create(client)
    answer = post(client, f"/api/games/{game_id}/rounds", impossible_round(1), key)
    assert answer.status_code == 400
    assert "These totals cannot all be true in one deal: Ana (230) and Ben (230)." in answer.get_json()["error"]


def test_an_old_stored_round_loads_on_every_page(client, old_sheet):
    game_id, _ = old_sheet
    data = client.get(f"/api/games/{game_id}").get_json()
    assert [p["score"] for p in data["players"]] == [230, 280, 50]
    assert len(data["rounds"]) == 2
    page = client.get(f"/sheets/{game_id}")
    assert page.status_code == 200 and re.search(r">\s*280\s*<", page.get_data(as_text=True))
    rows = list(csv.reader(io.StringIO(client.get(f"/sheets/{game_id}/export.csv").get_data().decode("utf-8-sig"))))
    assert any(row[:1] == ["2"] and "230" in row for row in rows)
    assert client.get(f"/sheets/{game_id}/export.json").status_code == 200


def test_a_new_round_after_an_old_one_is_still_checked_with_its_reason(client, old_sheet):
    game_id, key = old_sheet
    answer = post(client, f"/api/games/{game_id}/rounds", impossible_round(3), key)
    assert answer.status_code == 400
    assert "cannot all be true in one deal" in answer.get_json()["error"]
    assert post(client, f"/api/games/{game_id}/rounds", p10_round(3), key).status_code == 201


def test_correcting_another_round_and_undo_keep_the_old_round(client, old_sheet):
    game_id, key = old_sheet
    fixed = p10_round(1, others={"Ben": {"points": 60}, "Cy": {"counts": {"low": 10}}})
    version = client.get(f"/api/games/{game_id}").get_json()["version"]
    answer = post(client, f"/api/games/{game_id}/rounds/1", fixed, key, {"If-Match": str(version)}, method="put")
    assert answer.status_code == 200, answer.get_json()
    assert [p["score"] for p in answer.get_json()["players"]] == [230, 290, 50]
    # Correcting the old round itself is new input: checked in full.
    version = answer.get_json()["version"]
    again = post(
        client, f"/api/games/{game_id}/rounds/2", impossible_round(2), key, {"If-Match": str(version)}, method="put"
    )
    assert again.status_code == 400 and "cannot all be true in one deal" in again.get_json()["error"]
    saved = post(client, f"/api/games/{game_id}/rounds", p10_round(3), key)
    assert saved.status_code == 201
    version = saved.get_json()["version"]
    undone = post(client, f"/api/games/{game_id}/rounds/3", None, key, {"If-Match": str(version)}, method="delete")
    assert undone.status_code == 200, undone.get_json()
    assert [p["score"] for p in undone.get_json()["players"]] == [230, 290, 50]
    assert client.get(f"/sheets/{game_id}").status_code == 200


def test_the_pages_of_an_editing_phone_work_with_an_old_round(client, old_sheet):
    game_id, key = old_sheet
    page = client.get(f"/sheets/{game_id}").get_data(as_text=True)
    token = re.search(r'data-csrf="([^"]+)"', page).group(1)
    assert client.post(f"/sheets/{game_id}/key", data={"key": key}, headers={"X-CSRFToken": token}).status_code == 204
    for number in (1, 2):  # the correction page of another round, and of the old round itself
        assert client.get(f"/sheets/{game_id}/rounds/{number}/edit").status_code == 200
    assert client.get(f"/sheets/{game_id}/rounds/new").status_code == 200
    page = client.get(f"/sheets/{game_id}").get_data(as_text=True)
    version = re.search(r'data-version="(\d+)"', page).group(1)
    csrf = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page).group(1)
    undone = client.post(
        f"/sheets/{game_id}/rounds/2/undo", data={"csrf_token": csrf, "version": version}, follow_redirects=True
    )
    assert "Round 2 was taken back." in undone.get_data(as_text=True)
    assert [p["score"] for p in client.get(f"/api/games/{game_id}").get_json()["players"]] == [0, 50, 50]
