"""Migrations own the schema: they make exactly the models' tables, keep data through upgrades, and
``create_app`` on an empty database leaves it where a later ``flask db upgrade`` can take over.
Run against SQLite and, under ``make test-postgres``, PostgreSQL (``database_url``)."""

from __future__ import annotations

import multiprocessing
import os

from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from flask_migrate import downgrade, upgrade
from sqlalchemy import create_engine, inspect, text
from sqlalchemy.pool import NullPool

from app import create_app
from app.config import load_secret_key
from app.database import MIGRATIONS, prepare_schema
from app.extensions import db


def _app(database_url, auto_schema=True):
    return create_app(
        {
            "TESTING": True,
            "SQLALCHEMY_DATABASE_URI": database_url,
            "SECRET_KEY": "test-only",
            "AUTO_SCHEMA": auto_schema,
        }
    )


def _differences(app) -> list:
    with app.app_context(), db.engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        return compare_metadata(context, db.metadata)


def _revision(app) -> str | None:
    with app.app_context(), db.engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def _dispose(app) -> None:
    with app.app_context():
        db.engine.dispose()


def test_migrations_make_exactly_the_models_schema(database_url):
    app = _app(database_url, auto_schema=False)
    with app.app_context():
        assert inspect(db.engine).get_table_names() == []
        upgrade(directory=str(MIGRATIONS))
    head = ScriptDirectory(str(MIGRATIONS)).get_current_head()
    assert _revision(app) == head
    assert _differences(app) == []
    _dispose(app)


def test_create_app_on_an_empty_database_stamps_head_and_upgrade_then_does_nothing(database_url):
    app = _app(database_url)
    head = ScriptDirectory(str(MIGRATIONS)).get_current_head()
    assert _revision(app) == head
    assert _differences(app) == []
    with app.app_context():
        upgrade(directory=str(MIGRATIONS))  # must not try to create the tables again
        assert prepare_schema() == "versioned"
    assert _revision(app) == head
    _dispose(app)


def test_downgrade_to_base_and_upgrade_again(database_url):
    app = _app(database_url)
    with app.app_context():
        downgrade(directory=str(MIGRATIONS), revision="base")
        assert set(inspect(db.engine).get_table_names()) <= {"alembic_version"}
        upgrade(directory=str(MIGRATIONS))
    assert _differences(app) == []
    _dispose(app)


def test_a_database_made_by_the_first_migration_keeps_its_games_through_upgrade(database_url):
    old = _app(database_url, auto_schema=False)
    with old.app_context():
        upgrade(directory=str(MIGRATIONS), revision="0001")
        assert "play_game" not in inspect(db.engine).get_table_names()
    _dispose(old)
    # A game as the first release stored it, written with plain SQL (no model of today involved).
    engine = create_engine(database_url, poolclass=NullPool)
    with engine.begin() as connection:
        connection.execute(
            text(
                "INSERT INTO game (id, kind, rules, version, edit_key_hash, created_at, updated_at) VALUES "
                "('old-game-0000000000001', 'uno', :rules, 2, :hash, '2025-01-01 10:00:00', '2025-01-01 10:05:00')"
            ),
            {"rules": '{"target": 500, "scoring": "winner_takes"}', "hash": "0" * 64},
        )
        for seat, name in enumerate(["Ana", "Ben"]):
            connection.execute(
                text("INSERT INTO player (game_id, seat, name) VALUES ('old-game-0000000000001', :s, :n)"),
                {"s": seat, "n": name},
            )
        connection.execute(
            text(
                "INSERT INTO round (game_id, number, went_out, created_at) "
                "VALUES ('old-game-0000000000001', 1, 'Ana', '2025-01-01 10:05:00')"
            )
        )
        round_id = connection.execute(text("SELECT id FROM round")).scalar()
        connection.execute(
            text("INSERT INTO result (round_id, seat, entry, points) VALUES (:r, 1, :e, 32)"),
            {"r": round_id, "e": '{"player": "Ben", "points": 32}'},
        )
    engine.dispose()

    app = _app(database_url)  # finds a versioned database: leaves it to upgrade
    assert _revision(app) == "0001"
    with app.app_context():
        upgrade(directory=str(MIGRATIONS))
    assert _differences(app) == []
    game = app.test_client().get("/api/games/old-game-0000000000001").get_json()
    assert [(p["name"], p["score"]) for p in game["players"]] == [("Ana", 32), ("Ben", 0)]
    assert [r["round"] for r in game["rounds"]] == [1] and game["version"] == 2
    # A game's life (0005): it started when it was created; its round keeps the time its row was written.
    assert game["started"] == "2025-01-01T10:00:00Z" and game["finished"] is None and game["notes"] is None
    assert game["rounds"][0]["saved"] == "2025-01-01T10:05:00Z" and game["lineup"] == []
    _dispose(app)


def test_tables_made_before_migrations_are_recognised_and_stamped(database_url):
    app = _app(database_url, auto_schema=False)
    with app.app_context():
        db.create_all()  # what create_app did before migrations existed
        assert prepare_schema() == "stamped"
    assert _revision(app) == ScriptDirectory(str(MIGRATIONS)).get_current_head()
    _dispose(app)


def _write_key(instance: str, barrier, keys) -> None:
    barrier.wait()
    keys.put(load_secret_key(instance))


def test_secret_key_is_created_once_when_workers_start_together(tmp_path, monkeypatch):
    monkeypatch.delenv("SECRET_KEY", raising=False)
    instance = str(tmp_path / "instance")
    workers = 8
    context = multiprocessing.get_context("fork")
    barrier, keys = context.Barrier(workers), context.Queue()
    processes = [context.Process(target=_write_key, args=(instance, barrier, keys)) for _ in range(workers)]
    for process in processes:
        process.start()
    found = [keys.get(timeout=30) for _ in processes]
    for process in processes:
        process.join(30)
        assert process.exitcode == 0
    assert len(set(found)) == 1 and len(found[0]) == 64
    assert os.listdir(instance) == ["secret_key"]  # no temporary file left behind
    assert oct(os.stat(os.path.join(instance, "secret_key")).st_mode & 0o777) == "0o600"
