"""Long work runs before the write lock: replaying a sheet never happens while the request holds it.

Every replay of a sheet (and the engine's undo, which walks every round again) is instrumented: at that
moment another connection tries to take the lock the request will need — on SQLite the database's write
lock (``BEGIN IMMEDIATE``, no waiting), on PostgreSQL the game's row (``FOR UPDATE NOWAIT``). It must get
it. Right after the request has taken its lock, the same probe must fail (so the probe can tell).
Covered: a round save, a correction, undo, the tie-breaker recorded and taken back; the API and the forms.
"""

from __future__ import annotations

import re
import sqlite3

import pytest
from api_helpers import TIED_ROUNDS, create, post
from sqlalchemy import create_engine, text
from sqlalchemy.exc import OperationalError
from sqlalchemy.pool import NullPool

from app.engine.sheetbase import ScoreSheet
from app.games import registry
from app.services import sheets as sheet_service


class LockProbe:
    """Whether another connection can take, at once, the lock a write on ``game_id`` needs."""

    def __init__(self, url: str):
        self.url = url
        self.game_id: str | None = None
        self.armed = False
        self.during_replay: list[bool] = []
        self.under_lock: list[bool] = []

    def lock_is_free(self) -> bool:
        if self.url.startswith("sqlite"):
            connection = sqlite3.connect(self.url.removeprefix("sqlite:///"), timeout=0, isolation_level=None)
            try:
                connection.execute("BEGIN IMMEDIATE")
                connection.execute("ROLLBACK")
                return True
            except sqlite3.OperationalError as error:
                assert "locked" in str(error)
                return False
            finally:
                connection.close()
        engine = create_engine(self.url, poolclass=NullPool)
        try:
            with engine.connect() as connection, connection.begin():
                connection.execute(text("SELECT id FROM game WHERE id = :id FOR UPDATE NOWAIT"), {"id": self.game_id})
            return True
        except OperationalError as error:
            assert getattr(error.orig, "sqlstate", None) == "55P03"  # lock_not_available
            return False
        finally:
            engine.dispose()

    def replaying(self) -> None:
        if self.armed:
            self.during_replay.append(self.lock_is_free())

    def locked(self) -> None:
        if self.armed:
            self.under_lock.append(self.lock_is_free())


@pytest.fixture
def probe(app, monkeypatch):
    probe = LockProbe(app.config["SQLALCHEMY_DATABASE_URI"])
    replay = ScoreSheet.__dict__["replay"].__func__

    def probed_replay(cls, *args, **kwargs):
        probe.replaying()
        return replay(cls, *args, **kwargs)

    monkeypatch.setattr(ScoreSheet, "replay", classmethod(probed_replay))
    for sheet_class in {kind.sheet for kind in registry.all_games()}:
        undo = sheet_class.undo

        def probed_undo(self, _undo=undo):
            probe.replaying()
            return _undo(self)

        monkeypatch.setattr(sheet_class, "undo", probed_undo)
        check_round = sheet_class.check_round

        def probed_check_round(self, *args, _check_round=check_round, **kwargs):
            if not kwargs.get("stored"):  # a new round checked and scored (a replay's are stored ones)
                probe.replaying()
            return _check_round(self, *args, **kwargs)

        monkeypatch.setattr(sheet_class, "check_round", probed_check_round)
    unchanged = sheet_service.unchanged_since_read

    def probed_unchanged(game):
        answer = unchanged(game)
        probe.locked()
        return answer

    monkeypatch.setattr(sheet_service, "unchanged_since_read", probed_unchanged)
    return probe


def tied_game(client, probe, *, tiebreaker: str | None = None):
    game_id, key, _ = create(client, players=("Ana", "Ben", "Cy"), rules={"phases": [1, 2]})
    for body in TIED_ROUNDS:
        assert post(client, f"/api/games/{game_id}/rounds", body, key).status_code == 201
    if tiebreaker:
        assert post(client, f"/api/games/{game_id}/tiebreaker", {"winner": tiebreaker}, key).status_code == 200
    probe.game_id = game_id
    return game_id, key


def version_of(client, game_id: str) -> int:
    return client.get(f"/api/games/{game_id}").get_json()["version"]


def api_undo(client, game_id, key):
    answer = client.delete(f"/api/games/{game_id}/rounds/2", headers={"Authorization": f"Bearer {key}"})
    return answer.status_code == 200 and len(answer.get_json()["rounds"]) == 1


def api_save(client, game_id, key):
    client.delete(f"/api/games/{game_id}/rounds/2", headers={"Authorization": f"Bearer {key}"})
    return post(client, f"/api/games/{game_id}/rounds", TIED_ROUNDS[1], key).status_code == 201


def api_correct(client, game_id, key):
    body = {
        **TIED_ROUNDS[0],
        "results": [*TIED_ROUNDS[0]["results"][:2], {"player": "Cy", "completed": False, "points": 55}],
    }
    answer = post(client, f"/api/games/{game_id}/rounds/1", body, key, method="put")
    return answer.status_code == 200 and answer.get_json()["status"] == "tiebreaker"


def api_tiebreaker(client, game_id, key):
    answer = post(client, f"/api/games/{game_id}/tiebreaker", {"winner": "Ben"}, key)
    return answer.status_code == 200 and answer.get_json()["winner"] == "Ben"


def api_clear_tiebreaker(client, game_id, key):
    answer = client.delete(f"/api/games/{game_id}/tiebreaker", headers={"Authorization": f"Bearer {key}"})
    return answer.status_code == 200 and answer.get_json()["status"] == "tiebreaker"


def _form(client, game_id, key, path, **fields):
    """A small form on the sheet page, from a phone that holds the edit key (its cookie)."""
    client.get(f"/sheets/{game_id}?key={key}")  # an old-style edit link: the key moves into the sheet's cookie
    page = client.get(f"/sheets/{game_id}").get_data(as_text=True)
    token = re.search(r'<input[^>]*name="csrf_token"[^>]*value="([^"]+)"', page).group(1)
    version = re.search(r'data-version="(\d+)"', page).group(1)
    answer = client.post(f"/sheets/{game_id}{path}", data={"csrf_token": token, "version": version, **fields})
    return answer.status_code == 302


def page_save(client, game_id, key):
    """Round 2 taken back, and saved again with the round form (Ben out; Ana completed, 20; Cy 50)."""
    client.delete(f"/api/games/{game_id}/rounds/2", headers={"Authorization": f"Bearer {key}"})
    client.get(f"/sheets/{game_id}?key={key}")
    page = client.get(f"/sheets/{game_id}/rounds/new").get_data(as_text=True)
    fields = {
        name: re.search(rf'<input[^>]*name="{name}"[^>]*value="([^"]*)"', page).group(1)
        for name in ("csrf_token", "round", "version", "idempotency")
    }
    rows = {"players-0-completed": "y", "players-0-points": "20", "players-2-points": "50"}
    seats = {f"players-{seat}-seat": str(seat) for seat in range(3)}
    data = {**fields, **seats, **rows, "went_out": "1", "submit": "Save round"}
    answer = client.post(f"/sheets/{game_id}/rounds/new", data=data)
    return answer.status_code == 302 and version_of(client, game_id) == int(fields["version"]) + 1


def page_undo(client, game_id, key):
    return _form(client, game_id, key, "/rounds/2/undo")


def page_tiebreaker(client, game_id, key):
    return _form(client, game_id, key, "/tiebreaker", winner="Ben")


def page_clear_tiebreaker(client, game_id, key):
    return _form(client, game_id, key, "/tiebreaker/clear")


@pytest.mark.parametrize(
    ("action", "recorded"),
    [
        (api_undo, None),
        (api_save, None),
        (api_correct, None),
        (api_tiebreaker, None),
        (api_clear_tiebreaker, "Ana"),
        (page_save, None),
        (page_undo, None),
        (page_tiebreaker, None),
        (page_clear_tiebreaker, "Ana"),
    ],
)
def test_the_sheet_is_replayed_before_the_write_lock(client, probe, action, recorded):
    """Every replay, and every new round's check (a save's, a correction's), runs before the lock."""
    game_id, key = tied_game(client, probe, tiebreaker=recorded)
    before = version_of(client, game_id)
    probe.armed = True
    assert action(client, game_id, key)
    probe.armed = False
    assert version_of(client, game_id) > before  # the change was stored
    assert probe.during_replay, "the action replayed nothing: the probe saw no replay"
    assert all(probe.during_replay), f"a replay ran while the write lock was held: {probe.during_replay}"
    assert probe.under_lock and not any(probe.under_lock), "the probe did not see the lock the write held"


def test_a_bots_game_scores_its_finished_rounds_before_the_write_lock(client, app, probe, monkeypatch):
    """A request that lets bots finish hands scores them into the game's sheet before it takes the lock; the
    lock holds only their inserts. The first hands too, which create the sheet, and the game's creation
    itself (on PostgreSQL, no row is locked before the sheet exists: the probe is the SQLite one there)."""
    from app.extensions import db
    from app.models import PlayGame

    app.config["PLAY_BOT_BUDGET_MS"] = 5  # a few hands per request
    seats = [{"name": "A", "bot": "smart"}, {"name": "B", "bot": "random"}]
    probe.armed = True
    state = client.post("/api/play", json={"game": "uno", "seats": seats, "seed": 9, "rules": {"target": 500}})
    state = state.get_json()
    landed = 0
    for _ in range(2000):
        if state["status"] == "finished":
            break
        with app.app_context():
            play = db.session.get(PlayGame, state["id"])
            probe.game_id = play.sheet_id
            landed = len(play.sheet.rounds) if play.sheet is not None else 0
        state = client.get(f"/api/play/{state['id']}").get_json()
    probe.armed = False
    assert state["status"] == "finished" and landed >= 2
    assert probe.during_replay and all(probe.during_replay), probe.during_replay
