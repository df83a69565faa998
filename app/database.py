"""Database set-up: SQLite pragmas, migrations, and bringing an empty database to the current schema.

Alembic (Flask-Migrate, ``migrations/``) owns the schema. An existing database is upgraded by
``flask db upgrade``, never by ``create_all``; an empty one is created from the models and stamped
at the head revision when the app starts, so that a later ``upgrade`` starts from the right place.
"""

from __future__ import annotations

import fcntl
import logging
import sqlite3
import threading
import time
from pathlib import Path

from flask import Flask, current_app, has_request_context, request
from flask_migrate import Migrate
from sqlalchemy import event, inspect, text
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import DBAPIError, OperationalError, SQLAlchemyError
from sqlalchemy.pool import Pool

from .extensions import db

MIGRATIONS = Path(__file__).resolve().parent.parent / "migrations"
BASELINE = "0001"
"""The first revision: the score-sheet tables, before digital games were stored."""

migrate = Migrate()
log = logging.getLogger(__name__)

WRITE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
SQLITE_BUSY_TIMEOUT_MS = 10_000
"""How long a write waits for SQLite's write lock before it is answered 503 "too busy" (with Retry-After)."""


@event.listens_for(Engine, "connect")
def _sqlite_pragmas(dbapi_connection, connection_record) -> None:
    """WAL, foreign keys and a busy timeout on every SQLite connection.

    The driver's own transaction handling is turned off (``isolation_level = None``) so that
    :func:`_sqlite_begin` decides how each transaction begins.
    """
    if not type(dbapi_connection).__module__.startswith("sqlite3"):
        return
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute(f"PRAGMA busy_timeout={int(SQLITE_BUSY_TIMEOUT_MS)}")
    try:
        cursor.execute("PRAGMA journal_mode=WAL")
    except sqlite3.Error as error:  # an in-memory database has no WAL; nothing to do
        logging.getLogger(__name__).debug("no WAL journal: %s", error)
    cursor.close()


@event.listens_for(Engine, "handle_error")
def _read_only_sqlite_connection(context) -> None:
    """SQLite opens a file it may not write read-only, and such a connection stays read-only when the file
    becomes writable again: a write refused so (``SQLITE_READONLY``) is treated like a lost connection, so the
    pool drops its connections and the next request opens the file anew (writable again without a restart)."""
    original = context.original_exception
    if (getattr(original, "sqlite_errorname", "") or "").startswith("SQLITE_READONLY"):
        context.is_disconnect = True
        context.invalidate_pool_on_disconnect = True
    if context.is_disconnect and context.connection is not None:
        _end_write_turn(_info(context.connection))  # the connection is about to be dropped: let its turn go


STATEMENT_TIMEOUT_MS = 15_000
"""PostgreSQL: the longest a statement may run (a request's statements take milliseconds)."""
LOCK_TIMEOUT_MS = 5_000
"""PostgreSQL: the longest a statement waits for a row or table lock before the request is answered 503 busy."""
CONNECT_TIMEOUT_S = 5
"""PostgreSQL: how long opening a connection may take before the request is answered 503."""


def engine_options(url: str, configured: dict) -> dict:
    """The engine options: the configured ones over these defaults. Every connection is checked before use
    (``pool_pre_ping``: a connection the server dropped while pooled is replaced, not handed to a request);
    on PostgreSQL, connecting, statements and lock waits have time limits."""
    options: dict = {"pool_pre_ping": True}
    if url.startswith("postgresql"):
        options["connect_args"] = {
            "connect_timeout": CONNECT_TIMEOUT_S,
            "options": f"-c statement_timeout={STATEMENT_TIMEOUT_MS} -c lock_timeout={LOCK_TIMEOUT_MS}",
        }
    return {**options, **configured}


@event.listens_for(Engine, "begin")
def _sqlite_begin(connection) -> None:
    """On SQLite, a request that writes takes the write lock when its transaction begins.

    A transaction that reads and then writes under a plain ``BEGIN`` can fail with "database
    is locked" without waiting; ``BEGIN IMMEDIATE`` waits (up to the busy timeout) instead.
    """
    if connection.dialect.name != "sqlite":
        return
    chosen = connection.get_execution_options().get("sqlite_immediate")  # True/False: the caller decided
    writes = (
        chosen
        if chosen is not None
        else (has_request_context() and request.method in WRITE_METHODS and not _read_only_view())
    )
    if not writes:
        connection.exec_driver_sql("BEGIN")
        return
    _take_write_turn(connection)
    try:
        connection.exec_driver_sql("BEGIN IMMEDIATE")
    except BaseException:
        _end_write_turn(connection.info)
        raise


WRITE_TURN_POLL_SECONDS = 0.001
"""How often a write waiting for its turn looks again (SQLite's own busy handler sleeps up to 100 ms)."""


def _take_write_turn(connection) -> None:
    """Wait for this database file's write turn (an ``flock`` on ``<file>-writer.lock``) before ``BEGIN
    IMMEDIATE``, for at most the busy timeout.

    SQLite's busy handler retries a locked database after sleeps that grow to 100 ms, so a save that waits
    behind a long write sleeps on well after the lock is free. Waiting here looks every millisecond, and
    every worker process shares the lock file: the next write begins about as soon as the last one ends.
    After the busy timeout the write goes on to ``BEGIN IMMEDIATE`` (and its own 503 "too busy")."""
    database = connection.engine.url.database
    if not database or database == ":memory:" or database.startswith("file:"):
        return
    handle = open(f"{database}-writer.lock", "a")  # noqa: SIM115 (held until the transaction ends)
    deadline = time.monotonic() + SQLITE_BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            if time.monotonic() < deadline:
                time.sleep(WRITE_TURN_POLL_SECONDS)
                continue
            handle.close()
            return
        connection.info["write_turn"] = handle
        return


def _end_write_turn(info) -> None:
    handle = info.pop("write_turn", None)
    if handle is not None:
        try:
            fcntl.flock(handle, fcntl.LOCK_UN)
        finally:
            handle.close()


def _info(connection) -> dict:
    """The connection's ``info``; empty for a connection that was dropped (a lost database: its ``info`` raises,
    and its write turn was let go when it was dropped)."""
    try:
        return connection.info
    except SQLAlchemyError:
        return {}


@event.listens_for(Engine, "commit")
def _write_turn_after_commit(connection) -> None:
    _end_write_turn(_info(connection))


@event.listens_for(Engine, "rollback")
def _write_turn_after_rollback(connection) -> None:
    _end_write_turn(_info(connection))


@event.listens_for(Pool, "checkin")
def _write_turn_at_checkin(dbapi_connection, connection_record) -> None:
    """A connection going back to the pool never keeps a write turn (whatever ended its transaction)."""
    if connection_record is not None:
        _end_write_turn(connection_record.info)


def begin_write() -> None:
    """End the request's read transaction and begin the one that writes (``BEGIN IMMEDIATE`` on SQLite).

    For requests that do long work (bots' moves, replaying a sheet): they read and compute first, in a
    transaction that takes no lock, and hold the write lock only for the version check and the writes.
    Nothing may be pending in the session. The objects read stay loaded as they were read (they are not
    reloaded): the caller checks, under the lock, that the version it read is still the stored one.
    """
    commit_keeping_loaded()  # nothing to write: this only ends the read transaction
    db.session.connection(execution_options={"sqlite_immediate": True})


def commit_keeping_loaded() -> None:
    """Commit the session's transaction; the objects loaded stay as they are (they are not read again), so
    an answer built from them afterwards needs no new transaction (on SQLite, no write lock for it)."""
    session = db.session()
    session.expire_on_commit = False
    try:
        session.commit()
    finally:
        session.expire_on_commit = True


def lock_for_write() -> None:
    """Begin the session's transaction with the write lock (``BEGIN IMMEDIATE`` on SQLite) after work that
    read nothing from the database (an import): the lock is held for the inserts only."""
    db.session.connection(execution_options={"sqlite_immediate": True})


def writes_late(view):
    """Mark a view that computes before it writes: its transaction begins without the write lock, and the
    view calls :func:`begin_write` once it is ready to write."""
    view.writes_late = True
    return view


def read_only(view):
    """Mark a POST view that never writes (a preview, a check): its transaction does not take the write lock."""
    view.read_only = True
    return view


def _view_says(mark: str) -> bool:
    view = current_app.view_functions.get(request.endpoint) if request.endpoint else None
    return bool(getattr(view, mark, False))


def in_writes_late_view() -> bool:
    """Whether the request's view is marked :func:`writes_late` (it takes the write lock itself, late)."""
    return has_request_context() and _view_says("writes_late")


def _read_only_view() -> bool:
    return _view_says("read_only") or _view_says("writes_late")


def init_app(app: Flask) -> None:
    """Bind the database and the migrations; bring an empty database to the current schema.

    The app starts while its database cannot be reached: the schema is then prepared by the first request
    that reaches it, and until then every request that needs the database is answered 503 (app.errors)."""
    app.config["SQLALCHEMY_ENGINE_OPTIONS"] = engine_options(
        app.config["SQLALCHEMY_DATABASE_URI"], dict(app.config.get("SQLALCHEMY_ENGINE_OPTIONS") or {})
    )
    db.init_app(app)
    from . import models  # noqa: F401  (register the tables)

    @app.teardown_appcontext  # runs before Flask-SQLAlchemy's own (registered first): teardowns run in reverse
    def _end_session(_error: BaseException | None) -> None:
        """End the request's session; when its connection died meanwhile (the database restarted), the rollback
        that ending it sends fails: the connection is dropped (the pool makes a new one) and the answer already
        made stands, rather than turning into a 500 after the fact."""
        try:
            db.session.remove()
        except DBAPIError as error:
            if not error.connection_invalidated and not isinstance(error, OperationalError):
                raise
            app.logger.warning("A dead database connection was dropped at the end of a request: %s", error.orig)
            db.session.registry().invalidate()
            db.session.remove()

    migrate.init_app(app, db, directory=str(MIGRATIONS), render_as_batch=True, compare_type=True)
    if not app.config.get("AUTO_SCHEMA", True):
        return
    pending = threading.Lock()
    state = {"ready": False}
    try:
        with app.app_context():
            prepare_schema()
        state["ready"] = True
    except SQLAlchemyError as error:
        from .errors import describe

        app.logger.error(
            "The database cannot be reached at start; the app answers 503 until it can: %s", describe(error)
        )

    @app.before_request
    def schema_when_reachable() -> None:
        if state["ready"] or request.endpoint == "static":
            return
        with pending:
            if not state["ready"]:
                prepare_schema()  # raises while the database is unreachable: a 503 (app.errors)
                state["ready"] = True


def _script():
    from alembic.script import ScriptDirectory

    return ScriptDirectory(str(MIGRATIONS))


def _stamp(connection: Connection, revision: str) -> None:
    from alembic.runtime.migration import MigrationContext

    MigrationContext.configure(connection).stamp(_script(), revision)


def _lock(connection: Connection) -> None:
    """Serialise schema set-up between workers starting at the same moment.

    SQLite: the transaction began ``IMMEDIATE`` (it holds the write lock). PostgreSQL: an
    advisory lock held until the transaction ends.
    """
    if connection.dialect.name == "postgresql":
        connection.execute(text("SELECT pg_advisory_xact_lock(4242104242)"))


def prepare_schema() -> str:
    """Create the tables of an empty database and stamp it at the head revision.

    Returns what was found: ``"created"`` (the database was empty), ``"versioned"`` (it is under
    migrations: left to ``flask db upgrade``), ``"stamped"`` (tables made before migrations existed,
    recognised and stamped so that ``upgrade`` can take over) or ``"unknown"`` (tables that match no
    revision: left alone, with a warning).
    """
    with db.engine.connect().execution_options(sqlite_immediate=True) as connection, connection.begin():
        _lock(connection)
        tables = set(inspect(connection).get_table_names())
        if "alembic_version" in tables:
            return "versioned"
        if not tables:
            db.metadata.create_all(connection)
            _stamp(connection, "head")
            return "created"
        if set(db.metadata.tables) <= tables:
            _stamp(connection, "head")
            return "stamped"
        for revision, made in BEFORE_MIGRATIONS:
            if tables >= made:
                _stamp(connection, revision)
                return "stamped"
    log.warning("The database has tables that match no migration; run `flask db stamp` by hand.")
    return "unknown"


BASELINE_TABLES = frozenset({"game", "player", "round", "result", "idempotent_reply"})
BEFORE_MIGRATIONS = (
    ("0002", BASELINE_TABLES | {"play_game"}),
    (BASELINE, BASELINE_TABLES),
)
"""The releases before migrations, newest first: the tables their ``create_all`` made, and the revision whose
schema is theirs (the score sheets: 0001; with digital games: 0002). Tests keep a dump of each
(tests/hardening/schemas/)."""
