"""A database that fails politely and recovers by itself (issue 21 §4, API.md "Operations"): a database that
cannot be reached, or fails mid-request, is answered 503 with Retry-After and a sentence (JSON for the API, a
page for the rest), never 500; the app starts without it; an outage is one log line per problem, not a
traceback per request; an SQLite file made read-only and writable again takes writes without a restart."""

from __future__ import annotations

import logging
import sqlite3

from sqlalchemy import event

from app import create_app
from app.extensions import db

UNREACHABLE = "The server cannot reach its database just now; nothing was changed. Try again in a moment."


def _app(url: str, **config):
    return create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": url, "SECRET_KEY": "t", **config})


def _dispose(app) -> None:
    with app.app_context():
        db.engine.dispose()


def _assert_unreachable(client) -> None:
    for answer in (
        client.get("/api/games/abcdefgh"),
        client.post("/api/games", json={"game": "uno", "players": ["Ana", "Ben"]}),
        client.get("/api/play/abcdefgh"),
    ):
        assert (answer.status_code, answer.get_json()) == (503, {"error": UNREACHABLE})
        assert int(answer.headers["Retry-After"]) > 0
    page = client.get("/sheets/abcdefgh")
    assert page.status_code == 503 and page.mimetype == "text/html" and int(page.headers["Retry-After"]) > 0
    assert "reach its database" in page.get_data(as_text=True)


def _lines(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]


def test_the_app_starts_while_its_postgresql_cannot_be_reached_and_answers_503(caplog):
    # Nothing listens on port 1: every connection is refused at once.
    app = _app("postgresql+psycopg://deckside@127.0.0.1:1/deckside")
    client = app.test_client()
    for _ in range(10):
        _assert_unreachable(client)
    lines = _lines(caplog)
    assert not [r for r in caplog.records if r.exc_info], "no traceback"
    assert len([line for line in lines if "cannot be reached" in line]) <= 3, lines  # at start, then once
    assert len(lines) <= 4, lines  # and Flask-Limiter's one line
    _dispose(app)


def test_an_sqlite_file_that_cannot_be_opened_is_503_until_it_can_and_then_everything_works(tmp_path, caplog):
    folder = tmp_path / "not-yet"
    app = _app(f"sqlite:///{folder}/deckside.sqlite")  # starts, though the file cannot be opened
    client = app.test_client()
    for _ in range(5):
        _assert_unreachable(client)
    assert not [r for r in caplog.records if r.exc_info]
    folder.mkdir()  # the disk is back: no restart
    made = client.post("/api/games", json={"game": "uno", "players": ["Ana", "Ben"]})
    assert made.status_code == 201, made.get_json()
    assert client.get(f"/api/games/{made.get_json()['id']}").status_code == 200
    assert any("answers again" in line for line in _lines(caplog))
    _dispose(app)


def test_a_database_that_fails_mid_request_is_503_and_nothing_is_half_written(tmp_path):
    app = _app(f"sqlite:///{tmp_path}/mid.sqlite")
    client = app.test_client()
    made = client.post("/api/games", json={"game": "uno", "players": ["Ana", "Ben"]}).get_json()
    auth = {"Authorization": f"Bearer {made['edit_key']}"}
    round_ = {"round": 1, "went_out": "Ana", "results": [{"player": "Ben", "points": 12}]}
    with app.app_context():

        @event.listens_for(db.engine, "before_cursor_execute")
        def _drop(_connection, _cursor, statement, *_args):
            if statement.lstrip().upper().startswith("INSERT INTO RESULT"):  # the round is in, its results not
                raise sqlite3.OperationalError("the connection to the database was lost")

    answer = client.post(f"/api/games/{made['id']}/rounds", json=round_, headers=auth)
    assert (answer.status_code, answer.get_json()) == (503, {"error": UNREACHABLE})
    assert answer.headers["Retry-After"]
    with app.app_context():
        event.remove(db.engine, "before_cursor_execute", _drop)
    assert client.get(f"/api/games/{made['id']}").get_json()["rounds"] == []  # nothing half-written
    again = client.post(f"/api/games/{made['id']}/rounds", json=round_, headers=auth)
    assert again.status_code == 201
    _dispose(app)


def test_sqlite_made_read_only_and_writable_again_takes_writes_without_a_restart(tmp_path):
    """SQLite opens a file it may not write read-only, and the connection stays so: the pool must not keep it.
    (As root no file is read-only to the process, so the test opens the connections read-only the way SQLite
    does when it finds the file unwritable.)"""
    path = tmp_path / "flip.sqlite"
    app = _app(f"sqlite:///{path}")
    client = app.test_client()
    made = client.post("/api/games", json={"game": "uno", "players": ["Ana", "Ben"]}).get_json()
    unwritable = {"on": True}
    with app.app_context():
        db.engine.dispose()

        @event.listens_for(db.engine, "do_connect")
        def _open(_dialect, _record, _cargs, _cparams):
            if unwritable["on"]:
                return sqlite3.connect(f"file:{path}?mode=ro", uri=True, check_same_thread=False)
            return None

    for _ in range(3):
        refused = client.post("/api/games", json={"game": "uno", "players": ["Ana", "Ben"]})
        assert refused.status_code == 503 and "cannot save" in refused.get_json()["error"]
        assert client.get(f"/api/games/{made['id']}").status_code == 200  # reading works meanwhile
    unwritable["on"] = False  # the file is writable again
    answers = [client.post("/api/games", json={"game": "uno", "players": ["Ana", "Ben"]}) for _ in range(3)]
    assert [a.status_code for a in answers] == [201, 201, 201]
    _dispose(app)


def test_a_connection_that_died_during_a_request_does_not_turn_its_answer_into_a_500(client, app, monkeypatch):
    """A database restart cuts the connection of a request that has its answer ready: ending the request's session
    sends a rollback on the dead connection. The connection is dropped and the answer stands (it was a 500)."""
    from sqlalchemy.exc import OperationalError
    from sqlalchemy.orm import Session

    created = client.post("/api/games", json={"game": "points", "players": ["Ana", "Ben"]}).get_json()
    failures = []
    close = Session.close

    def close_on_a_dead_connection(self):
        if not failures:
            failures.append(True)
            raise OperationalError("ROLLBACK", {}, sqlite3.OperationalError("server closed the connection"))
        return close(self)

    monkeypatch.setattr(Session, "close", close_on_a_dead_connection)
    answer = client.get(f"/api/games/{created['id']}")
    assert failures and answer.status_code == 200 and answer.get_json()["id"] == created["id"]
    monkeypatch.undo()
    assert client.get(f"/api/games/{created['id']}").status_code == 200  # the next request has a working one
