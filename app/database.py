"""Database set-up: SQLite pragmas, and bringing an empty database to the current schema."""

from __future__ import annotations

from flask import Flask, has_request_context, request
from sqlalchemy import event
from sqlalchemy.engine import Engine

from .extensions import db


WRITE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


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
    cursor.execute("PRAGMA busy_timeout=10000")
    try:
        cursor.execute("PRAGMA journal_mode=WAL")
    except Exception:  # an in-memory database has no WAL; nothing to do
        pass
    cursor.close()


@event.listens_for(Engine, "begin")
def _sqlite_begin(connection) -> None:
    """On SQLite, a request that writes takes the write lock when its transaction begins.

    A transaction that reads and then writes under a plain ``BEGIN`` can fail with "database
    is locked" without waiting; ``BEGIN IMMEDIATE`` waits (up to the busy timeout) instead.
    """
    if connection.dialect.name != "sqlite":
        return
    writes = has_request_context() and request.method in WRITE_METHODS
    connection.exec_driver_sql("BEGIN IMMEDIATE" if writes else "BEGIN")


def init_app(app: Flask) -> None:
    """Bind the database and create the tables of an empty database."""
    db.init_app(app)
    from . import models  # noqa: F401  (register the tables)

    with app.app_context():
        db.create_all()
