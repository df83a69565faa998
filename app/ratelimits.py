"""Per-client rate limits on what creates stored things (sheets, imports, digital games): Flask-Limiter.

``RATELIMIT_CREATE`` (``DECKSIDE_CREATE_LIMIT`` in the environment; Flask-Limiter's notation, e.g.
``"30 per minute;300 per day"``) is one budget per client address shared by ``POST /api/games``,
``POST /api/games/import``, ``POST /api/play`` and the new-sheet form. Past it the answer is ``429``
with ``Retry-After`` (and the ``X-RateLimit-*`` headers).

The counters must be shared by every worker process. The default storage, ``deckside+db://``, is
:class:`DatabaseStorage`: fixed-window counters in the app's own database (table ``rate_limit``),
so no other service is needed. ``RATELIMIT_STORAGE_URI`` (``DECKSIDE_RATELIMIT_STORAGE``) may name
any storage of the ``limits`` library instead, e.g. ``redis://localhost:6379`` or
``memcached://localhost:11211``; ``memory://`` counts per process (fine for one worker only).
"""

from __future__ import annotations

import logging
import time

from flask import Flask, current_app
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from limits.storage import Storage
from sqlalchemy import delete, select, text
from sqlalchemy.exc import SQLAlchemyError

from .extensions import db
from .models import RateLimit

limiter = Limiter(key_func=get_remote_address)

_INCREMENT = text(
    "INSERT INTO rate_limit (name, hits, expires_at) VALUES (:name, :amount, :expires) "
    "ON CONFLICT (name) DO UPDATE SET "
    "hits = CASE WHEN rate_limit.expires_at <= :now THEN :amount ELSE rate_limit.hits + :amount END, "
    "expires_at = CASE WHEN rate_limit.expires_at <= :now THEN :expires ELSE rate_limit.expires_at END "
    "RETURNING hits"
)


class DatabaseStorage(Storage):
    """Fixed-window counters in the app's database (SQLite 3.35+ or PostgreSQL), one row per key.

    Every increment is one statement in its own short transaction (``INSERT … ON CONFLICT … RETURNING``),
    outside the request's; expired rows are deleted as new ones are counted.
    """

    STORAGE_SCHEME = ["deckside+db"]  # noqa: RUF012  (the limits library registers storages by this list)

    def __init__(self, uri: str | None = None, wrap_exceptions: bool = False, **options) -> None:
        super().__init__(uri, wrap_exceptions, **options)

    @property
    def base_exceptions(self) -> type[Exception]:
        return SQLAlchemyError

    @staticmethod
    def _connect():
        return db.engine.connect().execution_options(sqlite_immediate=True)

    def incr(self, key: str, expiry: float, amount: int = 1) -> int:
        """Count ``amount`` hits on ``key``; a window that has ended starts again. Returns the count."""
        now = time.time()
        with self._connect() as connection, connection.begin():
            connection.execute(delete(RateLimit).where(RateLimit.expires_at <= now, RateLimit.name != key))
            hits = connection.execute(
                _INCREMENT, {"name": key[:255], "amount": amount, "expires": now + expiry, "now": now}
            ).scalar_one()
        return int(hits)

    def _row(self, key: str):
        with db.engine.connect().execution_options(sqlite_immediate=False) as connection:
            return connection.execute(
                select(RateLimit.hits, RateLimit.expires_at).where(
                    RateLimit.name == key[:255], RateLimit.expires_at > time.time()
                )
            ).first()

    def get(self, key: str) -> int:
        row = self._row(key)
        return int(row.hits) if row else 0

    def get_expiry(self, key: str) -> float:
        row = self._row(key)
        return float(row.expires_at) if row else time.time()

    def check(self) -> bool:
        try:
            with db.engine.connect().execution_options(sqlite_immediate=False) as connection:
                connection.execute(select(RateLimit.name).limit(1))
        except SQLAlchemyError:
            return False
        return True

    def reset(self) -> int | None:
        with self._connect() as connection, connection.begin():
            return connection.execute(delete(RateLimit)).rowcount

    def clear(self, key: str) -> None:
        with self._connect() as connection, connection.begin():
            connection.execute(delete(RateLimit).where(RateLimit.name == key[:255]))


def create_limit() -> str:
    """The creation budget from the config (read on every request, so tests can change it)."""
    return current_app.config["RATELIMIT_CREATE"]


creation = limiter.shared_limit(create_limit, scope="create", methods=["POST"])
"""Decorator for every view that creates a sheet or a game: one shared budget per client."""


LIMITER_LOG = logging.getLogger("flask-limiter")


def init_app(app: Flask) -> None:
    """Bind Flask-Limiter with the configured storage. A storage that fails (the database is down) is passed
    over (``RATELIMIT_SWALLOW_ERRORS``) and logged one line per problem, not a traceback per request."""
    from .errors import OneLinePerProblem

    if not any(isinstance(f, OneLinePerProblem) for f in LIMITER_LOG.filters):
        LIMITER_LOG.addFilter(OneLinePerProblem())
    limiter.init_app(app)
