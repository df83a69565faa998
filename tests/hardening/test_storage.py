"""Storage grows with rounds, not with their square (issue 21 §5, API.md "Operations"): an answered
Idempotency-Key keeps its status and the game it was about, not a copy of the answer; a replay answers that
game as it is now; old keys are pruned; a database that stored whole answers is converted by its migration."""

from __future__ import annotations

import json
from datetime import timedelta

from flask_migrate import upgrade
from sqlalchemy import create_engine, func, inspect, select, text
from sqlalchemy.pool import NullPool

from app import create_app
from app.database import MIGRATIONS
from app.extensions import db
from app.models import IdempotentReply, utcnow

ROUNDS = 50


def _round(number: int) -> dict:
    return {"round": number, "results": [{"player": "Ana", "points": 10 + number}, {"player": "Ben", "points": 3}]}


def _stored_bytes(app) -> list[int]:
    """The bytes each stored reply holds (every column's value as text)."""
    with app.app_context():
        rows = db.session.execute(select(IdempotentReply)).scalars().all()
        columns = [c.key for c in inspect(IdempotentReply).mapper.column_attrs]
        return [sum(len(str(getattr(row, name)).encode()) for name in columns) for row in rows]


def test_fifty_keyed_saves_keep_the_replies_small_and_a_replay_answers_the_game_as_it_is_now(app, client):
    made = client.post("/api/games", json={"game": "points", "players": ["Ana", "Ben"]}).get_json()
    game_id, auth = made["id"], {"Authorization": f"Bearer {made['edit_key']}"}
    for number in range(1, ROUNDS + 1):
        saved = client.post(
            f"/api/games/{game_id}/rounds", json=_round(number), headers={**auth, "Idempotency-Key": f"k{number}"}
        )
        assert saved.status_code == 201, saved.get_json()
    sizes = _stored_bytes(app)
    game = client.get(f"/api/games/{game_id}").get_json()
    assert len(sizes) == ROUNDS and max(sizes) < 200  # was the whole game: ~20 kB for the 50th round
    assert sum(sizes) < len(json.dumps(game))  # all fifty together take less than the game
    # The first round's key again: 201 again, with the game as it is now (50 rounds), nothing stored twice.
    again = client.post(f"/api/games/{game_id}/rounds", json=_round(1), headers={**auth, "Idempotency-Key": "k1"})
    assert again.status_code == 201 and again.get_json() == game
    assert len(client.get(f"/api/games/{game_id}").get_json()["rounds"]) == ROUNDS


def test_a_replayed_rematch_answers_the_new_game_and_its_key(client):
    made = client.post("/api/games", json={"game": "uno", "players": ["Ana", "Ben"]}).get_json()
    auth = {"Authorization": f"Bearer {made['edit_key']}", "Idempotency-Key": "again"}
    first = client.post(f"/api/games/{made['id']}/rematch", headers=auth)
    new_id = first.get_json()["id"]
    client.post(
        f"/api/games/{new_id}/rounds",
        json={"round": 1, "went_out": "Ana", "results": [{"player": "Ben", "points": 9}]},
        headers={"Authorization": f"Bearer {made['edit_key']}"},
    )
    second = client.post(f"/api/games/{made['id']}/rematch", headers=auth)
    now = client.get(f"/api/games/{new_id}").get_json()
    assert second.status_code == 201 and second.get_json() == {**now, "edit_key": made["edit_key"]}
    assert len(now["rounds"]) == 1


def test_old_keys_are_pruned_when_the_sheet_remembers_a_new_one_and_by_prune_games(app, client, runner):
    made = client.post("/api/games", json={"game": "points", "players": ["Ana", "Ben"]}).get_json()
    other = client.post("/api/games", json={"game": "points", "players": ["Ana", "Ben"]}).get_json()
    for game, key in ((made, "old"), (other, "other-old")):
        auth = {"Authorization": f"Bearer {game['edit_key']}", "Idempotency-Key": key}
        assert client.post(f"/api/games/{game['id']}/rounds", json=_round(1), headers=auth).status_code == 201
    with app.app_context():
        db.session.execute(IdempotentReply.__table__.update().values(created_at=utcnow() - timedelta(days=31)))
        db.session.commit()
    auth = {"Authorization": f"Bearer {made['edit_key']}", "Idempotency-Key": "new"}
    assert client.post(f"/api/games/{made['id']}/rounds", json=_round(2), headers=auth).status_code == 201
    with app.app_context():
        assert set(db.session.execute(select(IdempotentReply.key)).scalars()) == {"new", "other-old"}
    result = runner.invoke(args=["prune-games"])
    assert "1 idempotency keys older than 30 days deleted." in result.output
    with app.app_context():
        assert db.session.execute(select(func.count()).select_from(IdempotentReply)).scalar() == 1


def test_the_migration_turns_stored_answers_into_the_game_they_held(database_url):
    old = create_app(
        {"TESTING": True, "SQLALCHEMY_DATABASE_URI": database_url, "SECRET_KEY": "t", "AUTO_SCHEMA": False}
    )
    with old.app_context():
        upgrade(directory=str(MIGRATIONS), revision="0003_live")
        db.engine.dispose()
    engine = create_engine(database_url, poolclass=NullPool)
    with engine.begin() as connection:
        for game_id in ("g-1", "g-2"):
            connection.execute(
                text(
                    "INSERT INTO game (id, kind, rules, version, edit_key_hash, created_at, updated_at, table_id) "
                    "VALUES (:id, 'points', :rules, 1, :hash, '2026-01-01 10:00:00', '2026-01-01 10:00:00', :id)"
                ),
                {"id": game_id, "rules": json.dumps({"rounds": 12}), "hash": "0" * 64},
            )
            for seat, name in enumerate(["Ana", "Ben"]):
                connection.execute(
                    text("INSERT INTO player (game_id, seat, name) VALUES (:g, :s, :n)"),
                    {"g": game_id, "s": seat, "n": name},
                )
        connection.execute(text("UPDATE game SET previous_id = 'g-1', table_id = 'g-1' WHERE id = 'g-2'"))
        big = json.dumps({"id": "g-1", "version": 2, "rounds": [{"round": 1}] * 200})
        for key, body in (("round", big), ("rematch", json.dumps({"id": "g-2"})), ("odd", "[]")):
            connection.execute(
                text(
                    "INSERT INTO idempotent_reply (game_id, key, status, body, created_at) "
                    "VALUES ('g-1', :k, 201, :b, :t)"
                ),
                {"k": key, "b": body, "t": utcnow()},
            )
    engine.dispose()
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": database_url, "SECRET_KEY": "t"})
    with app.app_context():
        upgrade(directory=str(MIGRATIONS))
        found = dict(db.session.execute(select(IdempotentReply.key, IdempotentReply.answer_id)).all())
        assert "body" not in {c["name"] for c in inspect(db.engine).get_columns("idempotent_reply")}
        db.session.remove()  # its connection back to the pool before the pool is closed
        db.engine.dispose()
    assert found == {"round": "g-1", "rematch": "g-2", "odd": None}
