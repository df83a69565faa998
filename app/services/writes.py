"""The write protocol of a score sheet, one for the JSON API and the pages: compute first, lock last.

A write replays the sheet and checks the change (the long part: every later round, for a correction) on the
game as read, holding no lock; only then does it take the write lock (:func:`app.database.begin_write`) and
check that the stored game is still the version it read (:func:`app.services.sheets.unchanged_since_read`).
If so, the prepared work is stored as it is; if another request changed the game meanwhile, the game is read
again under the lock, the caller checks that it may still write to it (its key may have been replaced), and
the write works the change out again. The lock is so held for the version check and the inserts only.

The view that calls :func:`write_late` is marked :func:`app.database.writes_late` (its transaction begins
without the write lock).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from .. import heavy
from ..database import begin_write
from ..extensions import db
from ..models import Game
from . import sheets

Prepared = TypeVar("Prepared")
Answer = TypeVar("Answer")


@dataclass(frozen=True)
class Written(Generic[Answer]):
    """What :func:`write_late` did: ``answer`` is what the write answered, ``game`` the game written (read
    again under the lock when another request had changed it), and ``as_read`` whether the game was still the
    version read, so that the work done before the lock was stored as it was."""

    answer: Answer
    game: Game
    as_read: bool


def write_late(
    game: Game,
    prepare: Callable[[Game], Prepared],
    write: Callable[[Game, Prepared | None], Answer],
    may_write: Callable[[Game], None],
) -> Written[Answer]:
    """Compute first, lock last: ``prepare(game)`` runs on the game as read, without the write lock (in a slot
    for long work when replaying its rounds is long: :func:`app.heavy.run_for_replay`); then the lock is
    taken and ``write(game, prepared)`` stores it. When the game changed meanwhile, it is read again under
    the lock, ``may_write(game)`` raises (an :class:`~app.errors.ApiError`) if the writer may no longer change
    it, and ``write`` gets ``None`` for ``prepared``: it works the change out again.

    ``game`` was read without locking its row (the row is locked, and its version checked, under the write
    lock); the caller has checked the writer's key on it before reading the request's body."""
    game_id = game.id
    prepared = heavy.run_for_replay(len(game.rounds), prepare, game)
    begin_write()
    if sheets.unchanged_since_read(game):
        return Written(write(game, prepared), game, as_read=True)
    db.session.expire_all()
    game = sheets.get_game(game_id, lock=True)
    may_write(game)
    return Written(write(game, None), game, as_read=False)
