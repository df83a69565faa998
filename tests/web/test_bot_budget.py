"""API.md "Long work in a request": at most about 100 ms of bot moves per request; a game of bots goes on as
it is read."""

from __future__ import annotations

import pytest

from app import create_app
from app.extensions import db
from app.services import play

TEN_BOTS = [{"name": f"Bot {i}", "bot": "smart" if i % 2 else "random"} for i in range(10)]


@pytest.fixture
def budget_app(database_url):
    app = create_app(
        {"TESTING": True, "SQLALCHEMY_DATABASE_URI": database_url, "SECRET_KEY": "t", "PLAY_BOT_BUDGET_MS": 100}
    )
    yield app
    with app.app_context():
        db.engine.dispose()


class SteppingClock:
    """A clock that moves on 30 ms each time it is read: the bots' loop reads it once per step of moves."""

    def __init__(self) -> None:
        self.now = 0.0
        self.readings = 0

    def __call__(self) -> float:
        self.readings += 1
        self.now += 0.030
        return self.now


def test_ten_bots_to_ten_thousand_stop_at_the_budget_and_advance_as_read(budget_app, monkeypatch):
    """A request lets the bots move in steps until its 100 ms are used (read on an injected clock, so a slow
    machine cannot change the count), stores what they did, and the next read goes on from there."""
    clock = SteppingClock()
    monkeypatch.setattr(play, "clock", clock)
    client = budget_app.test_client()
    body = {"game": "uno", "seats": TEN_BOTS, "seed": 4, "rules": {"target": 10000}}
    created = client.post("/api/play", json=body)
    state = created.get_json()
    assert created.status_code == 201 and state["status"] == "playing"
    # deadline read at 30 ms (so 130 ms), then steps end at 60, 90, 120, 150: four steps, five readings
    assert clock.readings == 5
    versions = [state["version"]]
    while state["status"] == "playing" and len(versions) < 4:
        clock.readings = 0
        answer = client.get(f"/api/play/{state['id']}")
        assert clock.readings == 5  # the same budget on every read
        state = answer.get_json()
        assert answer.status_code == 200 and answer.headers["ETag"] == f'"{state["version"]}"'
        versions.append(state["version"])
    assert len(versions) == 4 and versions == sorted(set(versions))  # every read moved the bots on, and stored it


def test_a_longer_budget_lets_the_bots_take_more_steps(budget_app, monkeypatch):
    clock = SteppingClock()
    monkeypatch.setattr(play, "clock", clock)
    budget_app.config["PLAY_BOT_BUDGET_MS"] = 300
    body = {"game": "uno", "seats": TEN_BOTS, "seed": 4, "rules": {"target": 10000}}
    assert budget_app.test_client().post("/api/play", json=body).status_code == 201
    assert clock.readings == 11  # 30 ms a step until 330 ms: ten steps


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
