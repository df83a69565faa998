"""A database that cannot be written (read-only, or its disk full) answers writes with 503 and a sentence;
reads keep working."""

from __future__ import annotations

from sqlalchemy import event, text

from app import create_app
from app.extensions import db
from tests.conftest import TEST_DATABASE_URL


def _with_sheet(database_url):
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": database_url, "SECRET_KEY": "t"})
    client = app.test_client()
    created = client.post("/api/games", json={"game": "uno", "players": ["Ana", "Ben"]}).get_json()
    return app, client, created


def _assert_503_and_reads(client, created):
    answer = client.post("/api/games", json={"game": "uno", "players": ["Ana", "Ben"]})
    assert answer.status_code == 503 and "cannot save" in answer.get_json()["error"]
    assert answer.headers["Retry-After"]
    round_ = {"round": 1, "went_out": "Ana", "results": [{"player": "Ben", "points": 12}]}
    url = f"/api/games/{created['id']}/rounds"
    refused = client.post(url, json=round_, headers={"Authorization": f"Bearer {created['edit_key']}"})
    assert refused.status_code == 503
    page = client.post("/sheets/new", data={})
    assert page.status_code in (400, 503)  # the form's CSRF check may answer first
    read = client.get(f"/api/games/{created['id']}")
    assert read.status_code == 200 and read.get_json()["rounds"] == []
    assert client.get(f"/sheets/{created['id']}").status_code == 200


def test_a_read_only_database_answers_503_and_reads_work(database_url):
    app, _client, created = _with_sheet(database_url)
    with app.app_context():
        db.engine.dispose()
    if TEST_DATABASE_URL:
        readonly = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": database_url, "SECRET_KEY": "t"})
        with readonly.app_context():

            @event.listens_for(db.engine, "connect")
            def _read_only(dbapi_connection, _record):
                with dbapi_connection.cursor() as cursor:
                    cursor.execute("SET default_transaction_read_only = on")
                dbapi_connection.commit()

            db.engine.dispose()
    else:
        # The file opened read-only (chmod is no use: the CI runs as root, which may write any file).
        path = database_url.removeprefix("sqlite:///")
        uri = f"sqlite:///file:{path}?mode=ro&uri=true"
        readonly = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": uri, "SECRET_KEY": "t"})
    _assert_503_and_reads(readonly.test_client(), created)
    with readonly.app_context():
        db.engine.dispose()


def _fill_the_disk(engine) -> None:
    """From now on the database has no room for one more page (SQLite) / fails to extend a file (PostgreSQL)."""
    if engine.dialect.name == "sqlite":

        @event.listens_for(engine, "connect")
        def _full(dbapi_connection, _record):
            pages = dbapi_connection.execute("PRAGMA page_count").fetchone()[0]
            dbapi_connection.execute(f"PRAGMA max_page_count = {pages}")

    else:
        import psycopg

        @event.listens_for(engine, "before_cursor_execute")
        def _full(_connection, _cursor, statement, *_args):
            if statement.lstrip().upper().startswith(("INSERT", "UPDATE")):
                raise psycopg.errors.DiskFull("could not extend file: No space left on device")

    engine.dispose()


def test_a_full_disk_answers_503_and_reads_work(database_url):
    app, client, created = _with_sheet(database_url)
    with app.app_context():
        _fill_the_disk(db.engine)
        with db.engine.connect() as connection:
            connection.execute(text("SELECT 1"))
    answers = [client.post("/api/games", json={"game": "uno", "players": ["Ana", "Ben"]}) for _ in range(40)]
    assert answers[-1].status_code == 503 and "disk is full" in answers[-1].get_json()["error"]
    assert all(a.status_code in (201, 503) for a in answers)
    assert client.get(f"/api/games/{created['id']}").status_code == 200
    assert client.get(f"/sheets/{created['id']}").status_code == 200
    with app.app_context():
        db.engine.dispose()


def test_a_write_that_waits_too_long_for_the_lock_answers_503_busy_and_the_resend_is_saved(tmp_path, monkeypatch):
    """SQLite's write lock held elsewhere past the busy timeout: 503 with Retry-After and a sentence, nothing
    half-written; once the lock is free, the same request (same idempotency key) is saved once."""
    import sqlite3

    from app import database

    monkeypatch.setattr(database, "SQLITE_BUSY_TIMEOUT_MS", 200)
    path = tmp_path / "busy.sqlite"
    app, client, created = _with_sheet(f"sqlite:///{path}")
    url = f"/api/games/{created['id']}/rounds"
    headers = {"Authorization": f"Bearer {created['edit_key']}", "Idempotency-Key": "busy-round-1"}
    round_ = {"round": 1, "went_out": "Ana", "results": [{"player": "Ben", "points": 12}]}
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another process holds the write lock
    try:
        busy = client.post(url, json=round_, headers=headers)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert busy.status_code == 503, busy.get_json()
    assert "too busy" in busy.get_json()["error"] and busy.headers["Retry-After"] == "2"
    assert client.get(f"/api/games/{created['id']}").get_json()["rounds"] == []
    saved = client.post(url, json=round_, headers=headers)
    again = client.post(url, json=round_, headers=headers)
    assert saved.status_code == 201 and again.status_code == 201
    assert [r["round"] for r in client.get(f"/api/games/{created['id']}").get_json()["rounds"]] == [1]
    with app.app_context():
        db.engine.dispose()
