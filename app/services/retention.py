"""Retention: digital games played by bots alone are deleted once nobody has touched them for a while.

A game whose every seat is a bot is a demonstration or a headless run started through the API: nobody
at a table recorded it. Once it has not changed for ``PLAY_RETENTION_DAYS`` days it is deleted with the
score sheet its rounds landed in (that sheet's edit key was thrown away when it was made, so nobody
could have written in it). Nothing else is ever deleted: score sheets made by people, and digital games
with a person seat, stay until someone deletes the database.

The idempotency keys a sheet has answered are kept ``IDEMPOTENCY_DAYS`` days (a phone's queue resends a write
long before that); older ones are deleted whenever the sheet remembers a new one, and by ``flask prune-games``.
"""

from __future__ import annotations

from datetime import timedelta

from flask import current_app
from sqlalchemy import select

from ..extensions import db
from ..models import Game, PlayGame, utcnow


def bots_only(play: PlayGame) -> bool:
    """Whether every seat of the stored game is played by a bot."""
    seats = (play.state or {}).get("seats") or []
    return bool(seats) and all(isinstance(seat, dict) and seat.get("bot") for seat in seats)


def abandoned_bot_games(days: float) -> list[PlayGame]:
    """The bots-only digital games unchanged for ``days`` days."""
    cutoff = utcnow() - timedelta(days=days)
    old = db.session.execute(select(PlayGame).where(PlayGame.updated_at < cutoff)).scalars()
    return [play for play in old if bots_only(play)]


def prune_bot_games(days: float, dry_run: bool = False) -> int:
    """Delete the abandoned bots-only games and their landed sheets; returns how many games."""
    games = abandoned_bot_games(days)
    if not dry_run:
        for play in games:
            sheet_id = play.sheet_id
            db.session.delete(play)
            if sheet_id is not None:
                db.session.flush()
                sheet = db.session.get(Game, sheet_id)
                if sheet is not None:
                    db.session.delete(sheet)
        db.session.commit()
    return len(games)


def reply_cutoff():
    """The time before which an answered idempotency key is forgotten."""
    return utcnow() - timedelta(days=float(current_app.config["IDEMPOTENCY_DAYS"]))
