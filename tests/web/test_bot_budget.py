"""API.md "Long work in a request": at most about 100 ms of bot moves per request; a game of bots goes on as
it is read."""

from __future__ import annotations

import time

import pytest

from app import create_app
from app.extensions import db

TEN_BOTS = [{"name": f"Bot {i}", "bot": "smart" if i % 2 else "random"} for i in range(10)]


@pytest.fixture
def budget_app(database_url):
    app = create_app(
        {"TESTING": True, "SQLALCHEMY_DATABASE_URI": database_url, "SECRET_KEY": "t", "PLAY_BOT_BUDGET_MS": 100}
    )
    yield app
    with app.app_context():
        db.engine.dispose()


def test_ten_bots_to_ten_thousand_answer_within_the_budget_and_advance_as_read(budget_app):
    client = budget_app.test_client()
    body = {"game": "uno", "seats": TEN_BOTS, "seed": 4, "rules": {"target": 10000}}
    started = time.perf_counter()
    created = client.post("/api/play", json=body)
    took = time.perf_counter() - started
    state = created.get_json()
    assert created.status_code == 201 and state["status"] == "playing"
    assert took < 2.0  # 100 ms of moves, plus storing them (a loaded test machine is slow)
    versions = [state["version"]]
    while state["status"] == "playing" and len(versions) < 4:
        started = time.perf_counter()
        answer = client.get(f"/api/play/{state['id']}")
        assert time.perf_counter() - started < 2.0
        state = answer.get_json()
        assert answer.status_code == 200 and answer.headers["ETag"] == f'"{state["version"]}"'
        versions.append(state["version"])
    assert len(versions) >= 2 and versions == sorted(set(versions))  # every read moved the bots on, and stored it


def test_a_game_waiting_for_a_person_is_not_changed_by_reading(budget_app):
    client = budget_app.test_client()
    seats = [{"name": "Ana"}, {"name": "Bot", "bot": "smart"}]
    created = client.post("/api/play", json={"game": "phase10", "seats": seats, "seed": 2}).get_json()
    again = client.get(f"/api/play/{created['id']}").get_json()
    assert again["version"] == created["version"]


def test_a_game_of_bots_ends_when_read_often_enough(budget_app):
    client = budget_app.test_client()
    seats = [{"name": "A", "bot": "smart"}, {"name": "B", "bot": "random"}]
    state = client.post("/api/play", json={"game": "uno", "seats": seats, "seed": 9, "rules": {"target": 100}})
    state = state.get_json()
    for _ in range(200):
        if state["status"] == "finished":
            break
        state = client.get(f"/api/play/{state['id']}").get_json()
    assert state["status"] == "finished" and state["winner"] in ("A", "B") and state["sheet"]
    sheet = client.get(f"/api/games/{state['sheet']}").get_json()
    assert sheet["status"] == "finished" and sheet["winner"] == state["winner"]
