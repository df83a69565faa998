"""Wake-ups for long polls: a commit in this process that changed a score sheet or a digital game lets
this process's held long polls look at the database at once, instead of at their next poll.

The database stays the only shared truth: a long poll still checks the stored version, and a change made
by another worker process is seen at the next poll (``LIVE_POLL_SECONDS``, ``PLAY_POLL_SECONDS``), as
before. What this adds is that a change made by the process holding the wait (every change, with one
worker) reaches the waiting phones in milliseconds rather than in half a poll on average.

A session that flushes a :class:`~app.models.Game` or :class:`~app.models.PlayGame` row notes it; when that
session commits, :func:`wait` returns in every thread of the process that sleeps in it. A rolled back
session wakes nobody.
"""

from __future__ import annotations

import threading

from sqlalchemy import event
from sqlalchemy.orm import Session

from .models import Game, PlayGame

_condition = threading.Condition()
_generation = 0
WATCHED = (Game, PlayGame)
FLAG = "deckside_changed"


def generation() -> int:
    """How many changing commits this process has made (compare with what :func:`wait` returns)."""
    with _condition:
        return _generation


def wait(seconds: float, seen: int) -> int:
    """Sleep up to ``seconds``, or until this process commits a change it had not made when ``seen``
    (a :func:`generation`) was read; the generation now."""
    with _condition:
        if _generation == seen:
            _condition.wait(seconds)
        return _generation


def _wake() -> None:
    global _generation
    with _condition:
        _generation += 1
        _condition.notify_all()


@event.listens_for(Session, "after_flush")
def _note_change(session, _flush_context) -> None:
    if any(isinstance(obj, WATCHED) for obj in (*session.new, *session.dirty, *session.deleted)):
        session.info[FLAG] = True


@event.listens_for(Session, "after_commit")
def _wake_after_commit(session) -> None:
    if session.info.pop(FLAG, False):
        _wake()


@event.listens_for(Session, "after_rollback")
def _forget_after_rollback(session) -> None:
    session.info.pop(FLAG, None)
