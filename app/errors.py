"""Error answers: JSON ``{"error": ...}`` under /api/, a friendly page elsewhere; never a bare 500."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterable

from flask import Flask, current_app, jsonify, make_response, render_template, request
from flask_babel import gettext as _
from flask_wtf.csrf import CSRFError
from sqlalchemy.exc import (
    DBAPIError,
    DisconnectionError,
    InterfaceError,
    OperationalError,
    PendingRollbackError,
    SQLAlchemyError,
)
from sqlalchemy.exc import TimeoutError as PoolTimeout
from werkzeug.exceptions import HTTPException, MethodNotAllowed

from .engine.errors import EngineError
from .extensions import db


class ApiError(Exception):
    """An API refusal with its status: raised by views, answered as ``{"error": message}``."""

    def __init__(
        self,
        message: str,
        status: int = 400,
        player: str | None = None,
        headers: dict | None = None,
        refusals: tuple[EngineError, ...] = (),
    ):
        super().__init__(message)
        self.message = message
        self.status = status
        self.player = player  # the player a refused round entry is about, to show next to their row
        self.headers = headers or {}  # e.g. Retry-After on a 429
        self.refusals = refusals
        """The engine's refusals behind a 400 about a round (the first is ``message``): a form words each one
        for the player's row (:func:`app.forms.entry_messages`)."""


def wants_json() -> bool:
    """JSON for the API, and for a page's form sent by a script that asks for JSON (a round kept offline)."""
    return request.path.startswith("/api/") or request.accept_mimetypes.best == "application/json"


_HTTP_MESSAGES = {
    400: lambda: _("The request was not understood."),
    401: lambda: _("This needs the game's edit key."),
    403: lambda: _("The edit key is not right for this game."),
    404: lambda: _("There is nothing at this address."),
    405: lambda: _("This address does not accept that method."),
    409: lambda: _("The game has changed since you loaded it."),
    413: lambda: _("The request is too large."),
    415: lambda: _("Send the request as JSON."),
    429: lambda: _("Too many attempts; wait a moment and try again."),
}


def allowed_methods(path: str, matched: Iterable[str]) -> str:
    """The ``Allow`` header for ``path``: the methods of the route written exactly as ``path`` when there is
    one (``/api/games/import`` is a route of its own, not a game called "import"), else all that matched."""
    exact = [rule.methods or () for rule in current_app.url_map.iter_rules() if rule.rule == path]
    methods = set().union(*exact) if exact else set(matched)
    return ", ".join(sorted(methods))


UNWRITABLE_SQLITE = ("SQLITE_READONLY", "SQLITE_FULL", "SQLITE_IOERR")
UNWRITABLE_POSTGRES = frozenset({"25006", "53100"})
"""SQLSTATEs: read_only_sql_transaction (a standby, default_transaction_read_only), disk_full."""
BUSY_SQLITE = ("SQLITE_BUSY", "SQLITE_LOCKED")
CONFLICT_POSTGRES = frozenset({"40001", "40P01"})
"""SQLSTATEs: serialization_failure, deadlock_detected: two writes met, the later one lost."""
BUSY_POSTGRES = CONFLICT_POSTGRES | {"55P03", "57014"}
"""... and lock_not_available (a lock timeout), query_canceled (a statement timeout)."""
UNREACHABLE = (OperationalError, InterfaceError, DisconnectionError, PendingRollbackError, PoolTimeout)
"""What a database that cannot be reached, or dropped the connection mid-request, raises: a refused or lost
connection, a server shutting down or starting up, no connection free in the pool in time, a session whose
connection failed under it."""


def _refused_as(error: DBAPIError, sqlite_names: tuple[str, ...], postgres_states: frozenset[str]) -> bool:
    """Whether the driver's error behind ``error`` is one of these SQLite error names or PostgreSQL SQLSTATEs."""
    original = error.orig
    name = getattr(original, "sqlite_errorname", "") or ""
    return name.startswith(sqlite_names) or getattr(original, "sqlstate", None) in postgres_states


def cannot_write(error: DBAPIError) -> bool:
    """Whether the database refused a write because it is read-only or its disk is full."""
    return _refused_as(error, UNWRITABLE_SQLITE, UNWRITABLE_POSTGRES)


def too_busy(error: DBAPIError) -> bool:
    """Whether the write waited for the database's lock longer than it may (SQLite's busy timeout) or lost a
    deadlock: nothing was written, and the same request may be sent again in a moment."""
    return _refused_as(error, BUSY_SQLITE, BUSY_POSTGRES)


def unreachable(error: Exception) -> bool:
    """Whether ``error`` says the database cannot be reached (or went away mid-request) rather than refusing
    something: answered 503 with Retry-After, never 500."""
    return isinstance(error, UNREACHABLE) or (isinstance(error, DBAPIError) and error.connection_invalidated)


class ProblemLog:
    """One log line per problem, not a traceback per request: the same problem again within ``window``
    seconds is only counted, and said with the next line about it. The first request that succeeds after a
    database problem logs that the database answers again."""

    def __init__(self, window: float = 30.0) -> None:
        self.window = window
        self.lock = threading.Lock()
        self.seen: dict[str, list[float]] = {}  # problem: [when last logged, how many since]
        self.down = False

    def admit(self, problem: str) -> int | None:
        """``None`` when ``problem`` was logged less than ``window`` seconds ago (it is counted), else how many
        times it came since it was last logged."""
        now = time.monotonic()
        with self.lock:
            self.down = True
            entry = self.seen.get(problem)
            if entry is not None and now - entry[0] < self.window:
                entry[1] += 1
                return None
            self.seen[problem] = [now, 0]
            return int(entry[1]) if entry is not None else 0

    def report(self, logger: logging.Logger, level: int, problem: str) -> None:
        more = self.admit(problem)
        if more is not None:
            logger.log(level, "%s%s", problem, f" ({more} more since it was last logged)" if more else "")

    def recovered(self, logger: logging.Logger) -> None:
        if not self.down:
            return
        with self.lock:
            if not self.down:
                return
            self.down = False
            failed = sum(int(count) for _when, count in self.seen.values()) + len(self.seen)
            self.seen.clear()
        logger.warning("The database answers again (about %s requests met a problem before).", failed)


def describe(error: BaseException) -> str:
    """The first line of the driver's message (no traceback, no SQL statement)."""
    original = getattr(error, "orig", None) or error
    text = str(original).strip().splitlines()
    return f"{type(original).__name__}: {text[0][:200] if text else ''}"


def safe_rollback() -> None:
    """Roll the request's session back; on a connection that is gone, drop the session instead (never raises)."""
    try:
        db.session.rollback()
    except SQLAlchemyError:
        try:
            db.session.close()
        except SQLAlchemyError:
            db.session.remove()


def error_response(message: str, status: int):
    if wants_json():
        return jsonify(error=message), status
    return render_template("error.html", message=message, status=status), status


class OneLinePerProblem(logging.Filter):
    """A logging filter for libraries that log a traceback for every request during an outage (Flask-Limiter
    swallowing a failing storage): one line per problem, with the exception's first line, then silence for
    the problem's window."""

    def __init__(self) -> None:
        super().__init__()
        self.problems = ProblemLog()

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and record.exc_info[1] is not None:
            record.msg = f"{record.getMessage()}: {describe(record.exc_info[1])}"
            record.args = None
            record.exc_info = None
            record.exc_text = None
        more = self.problems.admit(record.getMessage())
        if more is None:
            return False
        if more:
            record.msg = f"{record.getMessage()} ({more} more since it was last logged)"
            record.args = None
        return True


def problem_log(app: Flask) -> ProblemLog:
    """The app's :class:`ProblemLog`."""
    return app.extensions.setdefault("deckside_problems", ProblemLog())


def init_app(app: Flask) -> None:
    problems = problem_log(app)

    @app.errorhandler(ApiError)
    def api_error(error: ApiError):
        safe_rollback()
        extra = getattr(error, "extra", None)
        if extra and wants_json():  # e.g. the stored round beside a late draft row's 409
            return jsonify(error=error.message, **extra), error.status, error.headers
        body, status = error_response(error.message, error.status)
        return body, status, error.headers

    @app.errorhandler(EngineError)
    def engine_refusal(error: EngineError):
        # A rule the engine enforces, reached without a more specific answer: a 400 with its sentence.
        safe_rollback()
        return error_response(str(error), 400)

    @app.errorhandler(CSRFError)
    def csrf_error(error: CSRFError):
        safe_rollback()
        return error_response(
            _("This form has expired or was sent from elsewhere. Reload the page and enter it again."), 400
        )

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException):
        safe_rollback()
        status = error.code or 500
        message = _HTTP_MESSAGES.get(status, lambda: error.description or error.name)()
        response = make_response(error_response(message, status))
        if isinstance(error, MethodNotAllowed) and error.valid_methods:
            response.headers["Allow"] = allowed_methods(request.path, error.valid_methods)  # RFC 9110
        return response

    def unreachable_database(error: Exception):
        problems.report(app.logger, logging.ERROR, f"The database cannot be reached: {describe(error)}")
        body, status = error_response(
            _("The server cannot reach its database just now; nothing was changed. Try again in a moment."), 503
        )
        return body, status, {"Retry-After": "5"}

    @app.errorhandler(SQLAlchemyError)
    def database_error(error: SQLAlchemyError):
        safe_rollback()
        if unreachable(error) and not (isinstance(error, DBAPIError) and (too_busy(error) or cannot_write(error))):
            return unreachable_database(error)
        if not isinstance(error, DBAPIError):
            return unexpected(error)
        if too_busy(error):
            problems.report(app.logger, logging.WARNING, f"The database was too busy: {describe(error)}")
            body, status = error_response(
                _("The server is too busy to save this just now; nothing was changed. Try again in a moment."), 503
            )
            return body, status, {"Retry-After": "2"}
        if not cannot_write(error):
            return unexpected(error)
        problems.report(app.logger, logging.ERROR, f"The database cannot be written: {describe(error)}")
        body, status = error_response(
            _(
                "The server cannot save anything right now (its database is read-only or its disk is full); "
                "nothing was changed. Reading still works: try again later."
            ),
            503,
        )
        return body, status, {"Retry-After": "60"}

    @app.after_request
    def database_answers_again(response):
        if problems.down and response.status_code < 500:
            problems.recovered(app.logger)
        return response

    @app.errorhandler(Exception)
    def unexpected(error: Exception):
        safe_rollback()
        app.logger.exception("Unhandled error on %s", request.path)
        return error_response(_("Something went wrong on our side; nothing was saved. Please try again."), 500)
