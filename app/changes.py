"""Wake-ups for long polls: a commit in this process that changed a score sheet or a digital game lets
this process's held long polls look at the database at once, instead of at their next poll.

The database stays the only shared truth: a long poll still checks the stored version. A change made by
the process holding the wait (every change, with one worker) reaches the waiting phones in milliseconds
rather than in half a poll on average. On PostgreSQL a change made by any other process or node does too:
the committing transaction says what changed with ``NOTIFY deckside_changes`` (delivered only if it commits),
and each process :func:`listen`\\ s on one connection of its own, waking its waiters as if it had committed
the change itself. On SQLite another process's change is seen at the next poll (``LIVE_POLL_SECONDS``,
``PLAY_POLL_SECONDS``), as before.

A session that flushes a :class:`~app.models.Game` or :class:`~app.models.PlayGame` row notes it; when that
session commits, the generation of what changed moves on and the threads waiting for it wake. A rolled back
session wakes nobody. Generations are counted for every score sheet together (``SHEETS``: one watcher thread
per process checks every waited-on sheet in one query, :mod:`app.services.live`) and for each digital game
that somebody in this process is :func:`watching` (nothing is kept for the others, so memory stays bounded).

A waiter registers first (:func:`watching`), then reads the :func:`generation`, then checks the database,
then :func:`wait`\\ s: a commit between the check and the wait has moved the generation, and the wait returns
at once.
"""

from __future__ import annotations

import contextlib
import logging
import os
import threading
import time
import uuid
from collections import Counter
from collections.abc import Callable, Iterator

from sqlalchemy import event, text
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session

from .models import Game, PlayGame

SHEETS = ("sheets", None)
"""Every score sheet: the key whose generation moves on with any changed sheet."""

_condition = threading.Condition()
_generations: Counter[tuple[str, str | None]] = Counter()
_interest: Counter[tuple[str, str | None]] = Counter()
FLAG = "deckside_changed"
NOTIFIED = "deckside_notified"
CHANNEL = "deckside_changes"
"""The PostgreSQL channel of the changes: payload ``<origin> sheets`` or ``<origin> play:<id>`` (:func:`_payload`)."""
log = logging.getLogger(__name__)


_open_waits: Counter[str] = Counter()
WAIT_RETRY_AFTER_SECONDS = 10


@contextlib.contextmanager
def open_wait(client: str, limit: int) -> Iterator[None]:
    """Count one long poll held for ``client`` (its address) while the block runs; past ``limit`` held by
    this process at once (``WAITS_PER_CLIENT``; 0: no limit) the request is refused with a 429 that says so.

    Under gevent a held poll costs a greenlet, not a thread; this cap keeps one client from opening thousands."""
    from .errors import ApiError
    from .i18n import ngettext

    with _condition:
        if limit > 0 and _open_waits[client] >= limit:
            raise ApiError(
                ngettext(
                    "This address already holds {count} live update open; close a page, or try again in a moment.",
                    "This address already holds {count} live updates open; close some pages, or try again in a moment.",
                    limit,
                ).format(count=limit),
                429,
                headers={"Retry-After": str(WAIT_RETRY_AFTER_SECONDS)},
            )
        _open_waits[client] += 1
    try:
        yield
    finally:
        with _condition:
            _open_waits[client] -= 1
            if _open_waits[client] <= 0:
                del _open_waits[client]


def open_waits(client: str) -> int:
    """How many long polls this process holds for ``client`` now."""
    with _condition:
        return _open_waits[client]


def play_key(play_id: str) -> tuple[str, str]:
    return ("play", play_id)


@contextlib.contextmanager
def watching(key: tuple[str, str | None]) -> Iterator[None]:
    """Count the changes of ``key`` while the block runs (a digital game's key is counted only meanwhile)."""
    with _condition:
        _interest[key] += 1
    try:
        yield
    finally:
        with _condition:
            _interest[key] -= 1
            if _interest[key] <= 0:
                del _interest[key]
                if key != SHEETS:
                    _generations.pop(key, None)


def generation(key: tuple[str, str | None]) -> int:
    """How many committed changes of ``key`` this process has counted."""
    with _condition:
        return _generations[key]


def wait(key: tuple[str, str | None], seconds: float, seen: int) -> int:
    """Sleep up to ``seconds``, or until the generation of ``key`` differs from ``seen``; the generation now."""
    with _condition:
        _condition.wait_for(lambda: _generations[key] != seen, seconds)
        return _generations[key]


def wait_until(predicate: Callable[[], bool], seconds: float) -> None:
    """Sleep up to ``seconds``, or until ``predicate()`` (looked at after every change and :func:`poke`)."""
    with _condition:
        _condition.wait_for(predicate, seconds)


def poke() -> None:
    """Let the sleepers of :func:`wait_until` look at their predicate again."""
    with _condition:
        _condition.notify_all()


def _changed(keys: set[tuple[str, str | None]]) -> None:
    with _condition:
        counted = [key for key in keys if key == SHEETS or key in _interest]
        if not counted:
            return
        for key in counted:
            _generations[key] += 1
        _condition.notify_all()


@event.listens_for(Session, "after_flush")
def _note_change(session, _flush_context) -> None:
    keys = session.info.setdefault(FLAG, set())
    for obj in (*session.new, *session.dirty, *session.deleted):
        if isinstance(obj, Game):
            keys.add(SHEETS)
        elif isinstance(obj, PlayGame):
            keys.add(play_key(obj.id))
    notified = session.info.setdefault(NOTIFIED, set())
    fresh = keys - notified
    if fresh and session.get_bind().dialect.name == "postgresql":
        # Part of the transaction: the other processes hear of it when (and only if) it commits.
        connection = session.connection()
        for key in sorted(fresh, key=str):
            connection.execute(
                text("SELECT pg_notify(:channel, :payload)"), {"channel": CHANNEL, "payload": _payload(key)}
            )
        notified.update(fresh)


@event.listens_for(Session, "after_commit")
def _wake_after_commit(session) -> None:
    session.info.pop(NOTIFIED, None)
    keys = session.info.pop(FLAG, None)
    if keys:
        _changed(keys)


@event.listens_for(Session, "after_rollback")
def _forget_after_rollback(session) -> None:
    session.info.pop(FLAG, None)
    session.info.pop(NOTIFIED, None)


_origins: dict[int, str] = {}


def _origin() -> str:
    """This process's name in its notifications (its own commits woke its waiters already)."""
    pid = os.getpid()
    if pid not in _origins:
        _origins[pid] = uuid.uuid4().hex[:16]
    return _origins[pid]


def _payload(key: tuple[str, str | None]) -> str:
    """``<origin> sheets`` or ``<origin> play:<id>``."""
    return f"{_origin()} {key[0]}" if key[1] is None else f"{_origin()} {key[0]}:{key[1]}"


def _key(payload: str) -> tuple[str, str | None] | None:
    """The key a notification names, or None for this process's own (or a payload it does not know)."""
    origin, _space, what = payload.partition(" ")
    kind, _colon, rest = what.partition(":")
    if origin == _origin() or kind not in (SHEETS[0], "play"):
        return None
    return (kind, rest or None)


# --- hearing other processes' changes (PostgreSQL) ---------------------------------------------------------

_listeners: dict[tuple[int, str], threading.Thread] = {}
RECONNECT_SECONDS = 2.0


def listen(app) -> None:
    """Start this process's listener for the changes other processes commit (once per process and database;
    PostgreSQL only: SQLite has no way to say, and its long polls poll)."""
    url = make_url(app.config["SQLALCHEMY_DATABASE_URI"])
    if url.get_backend_name() != "postgresql":
        return
    conninfo = url.set(drivername="postgresql").render_as_string(hide_password=False)
    ident = (os.getpid(), conninfo)  # a forked worker starts its own
    with _condition:
        thread = _listeners.get(ident)
        if thread is not None and thread.is_alive():
            return
        thread = threading.Thread(target=_hear, args=(conninfo,), name="deckside-listen", daemon=True)
        _listeners[ident] = thread
    thread.start()


def _hear(conninfo: str) -> None:
    """LISTEN on a connection of its own; every notification wakes this process's waiters for that key. After a
    lost connection it connects again (one log line per outage) and wakes every waiter once, so that what was
    said meanwhile is looked up."""
    import psycopg

    failing = False
    while True:
        try:
            with psycopg.connect(conninfo, autocommit=True) as connection:
                connection.execute(f"LISTEN {CHANNEL}")
                if failing:
                    log.warning("live updates: listening for other processes' changes again")
                    failing = False
                with _condition:
                    everything = {SHEETS, *_interest}
                _changed(everything)  # whatever happened while not listening: look again
                for note in connection.notifies():
                    key = _key(note.payload)
                    if key is not None:
                        _changed({key})
        except Exception as error:  # noqa: BLE001 - the database restarting, a network cut: polls still run meanwhile
            if not failing:
                log.warning("live updates: not hearing other processes' changes (%s); trying again", error)
                failing = True
        time.sleep(RECONNECT_SECONDS)
