"""Write an SQLite dump of every database schema Deckside has shipped, each holding one UNO sheet (Ana and Ben,
one round: Ana went out, Ben kept 32 points) and an answered Idempotency-Key (test_past_schemas.py upgrades
each with ``flask db upgrade``). Run from the repository: ``.venv/bin/python tests/hardening/schemas/make_dumps.py``.

- ``release-3694c3b.sql``, ``release-0b90ca6.sql``: the releases before migrations, whose tables ``create_all``
  made from that release's app/models.py (taken from git) and which have no ``alembic_version``;
- ``revision-<id>.sql``: a database at each migration revision, as ``flask db upgrade <id>`` made it.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

from sqlalchemy import create_engine, inspect

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
RELEASES = ("3694c3b", "0b90ca6")  # the first web app; the last release before migrations (digital games)
REVISIONS = (
    "0001",
    "0002",
    "0003_prod",
    "0004_seats",
    "0003_live",
    "0005_decks",
    "0005_gamelife",
    "0005_crews",
    "0005_ops",
    "0005_tablesees",
    "0005_draft",
    "0006_seatclaim",
)


def _fill(path: Path) -> None:
    """One sheet with a round and an answered idempotency key, in whatever columns the schema has."""
    connection = sqlite3.connect(path)
    columns = [row[1] for row in connection.execute("PRAGMA table_info(game)")]
    game = {
        "id": "past-game-00000000001",
        "kind": "uno",
        "rules": json.dumps({"target": 500, "scoring": "winner_takes"}),
        "version": 2,
        "edit_key_hash": hashlib.sha256(b"past-edit-key").hexdigest(),  # the edit key is "past-edit-key"
        "created_at": "2025-01-01 10:00:00.000000",
        "updated_at": "2025-01-01 10:05:00.000000",
        "table_id": "past-game-00000000001",
    }
    game = {k: v for k, v in game.items() if k in columns}
    connection.execute(
        f"INSERT INTO game ({', '.join(game)}) VALUES ({', '.join('?' for _ in game)})", list(game.values())
    )
    for seat, name in enumerate(["Ana", "Ben"]):
        connection.execute("INSERT INTO player (game_id, seat, name) VALUES (?, ?, ?)", (game["id"], seat, name))
    connection.execute(
        "INSERT INTO round (game_id, number, went_out, created_at) VALUES (?, 1, 'Ana', '2025-01-01 10:05:00.000000')",
        (game["id"],),
    )
    round_id = connection.execute("SELECT id FROM round").fetchone()[0]
    connection.execute(
        "INSERT INTO result (round_id, seat, entry, points) VALUES (?, 1, ?, 32)",
        (round_id, json.dumps({"player": "Ben", "points": 32})),
    )
    reply = [row[1] for row in connection.execute("PRAGMA table_info(idempotent_reply)")]
    if "body" in reply:  # before 0005_ops: a copy of the answer
        connection.execute(
            "INSERT INTO idempotent_reply (game_id, key, status, body, created_at) "
            "VALUES (?, 'round-1', 201, ?, '2025-01-01 10:05:00.000000')",
            (game["id"], json.dumps({"id": game["id"], "version": 2})),
        )
    else:  # from 0005_ops: the status and the game the answer held
        connection.execute(
            "INSERT INTO idempotent_reply (game_id, key, status, answer_id, created_at) "
            "VALUES (?, 'round-1', 201, ?, '2025-01-01 10:05:00.000000')",
            (game["id"], game["id"]),
        )
    connection.commit()
    connection.close()


def _dump(path: Path, name: str) -> None:
    connection = sqlite3.connect(path)
    text = "\n".join(connection.iterdump()) + "\n"
    connection.close()
    (HERE / name).write_text(text)


def _release(commit: str, folder: Path) -> Path:
    """create_all of that release's models, in a package of its own (extensions and keys from the same commit)."""
    package = folder / f"past_{commit}"
    package.mkdir()
    (package / "__init__.py").write_text("")
    for name in ("models.py", "extensions.py", "keys.py"):
        source = subprocess.run(["git", "show", f"{commit}:app/{name}"], cwd=ROOT, capture_output=True, text=True)
        (package / name).write_text(source.stdout if source.returncode == 0 else "")
    sys.path.insert(0, str(folder))
    models = importlib.import_module(f"past_{commit}.models")
    path = folder / f"{commit}.sqlite"
    engine = create_engine(f"sqlite:///{path}")
    models.db.metadata.create_all(engine)
    assert "alembic_version" not in inspect(engine).get_table_names()
    engine.dispose()
    return path


def _revision(revision: str, folder: Path) -> Path:
    from flask_migrate import upgrade

    from app import create_app
    from app.database import MIGRATIONS
    from app.extensions import db

    path = folder / f"{revision}.sqlite"
    app = create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}", "SECRET_KEY": "x", "AUTO_SCHEMA": False})
    with app.app_context():
        upgrade(directory=str(MIGRATIONS), revision=revision)
        db.engine.dispose()
    return path


def main() -> None:
    sys.path.insert(0, str(ROOT))
    with tempfile.TemporaryDirectory() as folder:
        for commit in RELEASES:
            path = _release(commit, Path(folder))
            _fill(path)
            _dump(path, f"release-{commit}.sql")
        for revision in REVISIONS:
            path = _revision(revision, Path(folder))
            _fill(path)
            _dump(path, f"revision-{revision}.sql")


if __name__ == "__main__":
    main()
