"""Wake-ups for long polls: a commit in this process that changed a score sheet or a digital game lets
this process's held long polls look at the database at once, instead of at their next poll.

The database stays the only shared truth: a long poll still checks the stored version, and a change made
by another worker process is seen at the next poll (``LIVE_POLL_SECONDS``, ``PLAY_POLL_SECONDS``), as
before. What this adds is that a change made by the process holding the wait (every change, with one
worker) reaches the waiting phones in milliseconds rather than in half a poll on average.

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
import threading
from collections import Counter
from collections.abc import Callable, Iterator

from sqlalchemy import event
from sqlalchemy.orm import Session

from .models import Game, PlayGame

SHEETS = ("sheets", None)
"""Every score sheet: the key whose generation moves on with any changed sheet."""

_condition = threading.Condition()
_generations: Counter[tuple[str, str | None]] = Counter()
_interest: Counter[tuple[str, str | None]] = Counter()
FLAG = "deckside_changed"


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


@event.listens_for(Session, "after_commit")
def _wake_after_commit(session) -> None:
    keys = session.info.pop(FLAG, None)
    if keys:
        _changed(keys)


@event.listens_for(Session, "after_rollback")
def _forget_after_rollback(session) -> None:
    session.info.pop(FLAG, None)
