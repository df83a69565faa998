"""Every schema this project has shipped upgrades with ``flask db upgrade`` (issue 21 §4): a small SQLite dump
of each (tests/hardening/schemas/, made by make_dumps.py) is loaded, the app is started on it, ``flask db
upgrade`` runs, and the schema is then exactly the models' with the sheet and its answered key kept. The two
releases before migrations (tables made by ``create_all``, no ``alembic_version``) are among them."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory

from app import create_app
from app.database import MIGRATIONS
from app.extensions import db

SCHEMAS = Path(__file__).resolve().parent / "schemas"
DUMPS = sorted(path.name for path in SCHEMAS.glob("*.sql"))


def test_a_dump_is_kept_for_every_release_before_migrations_and_every_revision():
    revisions = {script.revision for script in ScriptDirectory(str(MIGRATIONS)).walk_revisions()}
    head = ScriptDirectory(str(MIGRATIONS)).get_current_head()
    assert {f"revision-{r}.sql" for r in revisions - {head}} | {"release-3694c3b.sql", "release-0b90ca6.sql"} <= set(
        DUMPS
    )


@pytest.mark.parametrize("dump", DUMPS)
def test_each_past_schema_upgrades_and_keeps_its_sheet(tmp_path, dump):
    path = tmp_path / "past.sqlite"
    connection = sqlite3.connect(path)
    connection.executescript((SCHEMAS / dump).read_text())
    connection.close()
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}", "SECRET_KEY": "t"})
    result = app.test_cli_runner().invoke(args=["db", "upgrade"])
    assert result.exit_code == 0, result.output + repr(result.exception)
    with app.app_context(), db.engine.connect() as connection:
        context = MigrationContext.configure(connection, opts={"compare_type": True})
        assert context.get_current_revision() == ScriptDirectory(str(MIGRATIONS)).get_current_head()
        assert compare_metadata(context, db.metadata) == []
    client = app.test_client()
    game = client.get("/api/games/past-game-00000000001").get_json()
    assert [{"name": p["name"], "score": p["score"]} for p in game["players"]] == [
        {"name": "Ana", "score": 32},
        {"name": "Ben", "score": 0},
    ]
    assert game["version"] == 2 and [r["round"] for r in game["rounds"]] == [1]
    # The round's Idempotency-Key, answered before the upgrade, is answered again: the game as it is now.
    resent = client.post(
        "/api/games/past-game-00000000001/rounds",
        json={"round": 1, "went_out": "Ana", "results": [{"player": "Ben", "points": 32}]},
        headers={"Authorization": "Bearer past-edit-key", "Idempotency-Key": "round-1"},
    )
    assert (resent.status_code, resent.get_json()) == (201, game)
    with app.app_context():
        db.engine.dispose()
