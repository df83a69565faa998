"""Storage: score-sheet games, their players, rounds and per-player results.

Standings are never stored: the engine computes them from the rounds (one source of truth).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, ClassVar

from sqlalchemy import JSON, Float, ForeignKey, Index, Integer, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .extensions import db
from .keys import new_id


def utcnow() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


class Game(db.Model):
    """A score sheet: which game, its table rules, the players, and a version every change increases."""

    __tablename__ = "game"
    __table_args__ = (Index("uq_game_previous_id", "previous_id", unique=True),)

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    kind: Mapped[str] = mapped_column(String(10))
    rules: Mapped[dict[str, Any]] = mapped_column(JSON)
    version: Mapped[int] = mapped_column(Integer, default=1)
    edit_key_hash: Mapped[str] = mapped_column(String(128))
    tiebreaker_winner: Mapped[str | None] = mapped_column(String(40), nullable=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)
    # The table: the games one group plays in a row. A rematch is the next game of the same table;
    # ``previous_id`` is unique, so a game has at most one next game (a second rematch is refused). It is
    # not a foreign key: SQLite adds one only by copying the game table, whose cascades would take the
    # rounds along; the service alone sets it, to a game it has just read, and games are never deleted.
    table_id: Mapped[str] = mapped_column(String(40), index=True, default=new_id)  # a new game opens a table
    previous_id: Mapped[str | None] = mapped_column(String(40), nullable=True)
    first_dealer: Mapped[str | None] = mapped_column(String(40), nullable=True)
    # The next round as it is being filled in by several phones (API.md "A round entered together"):
    # ``{"round": n, "went_out": null | name, "rows": {name: row}}`` (rows as sent, without ``player``, with
    # ``by``), or ``None``. ``player_keys``: ``{name: hash of the player key}`` (API.md "Player links").
    draft: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    player_keys: Mapped[dict[str, str] | None] = mapped_column(JSON, nullable=True)

    players: Mapped[list[Player]] = relationship(
        back_populates="game", order_by="Player.seat", cascade="all, delete-orphan"
    )
    rounds: Mapped[list[Round]] = relationship(
        back_populates="game", order_by="Round.number", cascade="all, delete-orphan"
    )


class Player(db.Model):
    """A player of a game, in seating order."""

    __tablename__ = "player"
    __table_args__ = (UniqueConstraint("game_id", "seat"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(40))

    game: Mapped[Game] = relationship(back_populates="players")


class Round(db.Model):
    """One recorded round: its number and who went out; the per-player entries are :class:`Result` rows."""

    __tablename__ = "round"
    __table_args__ = (UniqueConstraint("game_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    went_out: Mapped[str] = mapped_column(String(40))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    game: Mapped[Game] = relationship(back_populates="rounds")
    results: Mapped[list[Result]] = relationship(
        back_populates="round", order_by="Result.seat", cascade="all, delete-orphan"
    )


class Result(db.Model):
    """What was entered for one player in one round (as JSON), and the points the engine computed."""

    __tablename__ = "result"
    __table_args__ = (UniqueConstraint("round_id", "seat"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("round.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    entry: Mapped[dict[str, Any]] = mapped_column(JSON)
    points: Mapped[int] = mapped_column(Integer)

    round: Mapped[Round] = relationship(back_populates="results")


class IdempotentReply(db.Model):
    """The answer given to a write carrying an ``Idempotency-Key``, replayed when the key comes again."""

    __tablename__ = "idempotent_reply"
    __table_args__ = (UniqueConstraint("game_id", "key"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    key: Mapped[str] = mapped_column(String(100))
    status: Mapped[int] = mapped_column(Integer)
    body: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class KeyFailure(db.Model):
    """One wrong edit key sent for a game (a sheet or a digital game) from an address: the wrong-key limit
    counts these rows, so every worker process sees the same counts. Rows older than the window are deleted."""

    __tablename__ = "key_failure"

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[str] = mapped_column(String(40), index=True)
    address: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(default=utcnow, index=True)


class RateLimit(db.Model):
    """A fixed-window counter of Flask-Limiter (``app.ratelimits``): shared by every worker process."""

    __tablename__ = "rate_limit"

    name: Mapped[str] = mapped_column(String(255), primary_key=True)
    hits: Mapped[int] = mapped_column(Integer)
    expires_at: Mapped[float] = mapped_column(Float, index=True)


class PlayGame(db.Model):
    """A digital game: the engine's whole state as JSON, its edit key (hashed) and a version.

    ``version`` is SQLAlchemy's version counter: every save is ``UPDATE ... WHERE version = <read>``,
    so of two writes made from the same version one wins and the other is refused (409), whole.
    ``sheet`` is the score sheet the finished rounds land in (created with the first one);
    ``sheet_error`` says why landing stopped, should the sheet ever refuse a round.

    Several phones (API.md "Digital games on several phones"): ``seat_info`` holds one
    ``{"remote": bool, "key": <hash of the seat key> | null}`` per seat (``null`` for a game made before
    remote seats: none remote); ``turn_since`` is when the seat to play began its turn; ``next_id`` the
    rematch; ``recent_keys`` the latest ``Idempotency-Key`` values acted on (``"<seat>:<key>"``).
    """

    __tablename__ = "play_game"

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    kind: Mapped[str] = mapped_column(String(10))
    state: Mapped[dict[str, Any]] = mapped_column(JSON)
    version: Mapped[int] = mapped_column(Integer, nullable=False)
    edit_key_hash: Mapped[str] = mapped_column(String(128))
    sheet_id: Mapped[str | None] = mapped_column(ForeignKey("game.id", ondelete="SET NULL"), nullable=True)
    sheet_error: Mapped[str | None] = mapped_column(String(500), nullable=True)
    seat_info: Mapped[list[dict[str, Any]] | None] = mapped_column(JSON, nullable=True)
    turn_since: Mapped[datetime | None] = mapped_column(nullable=True)
    next_id: Mapped[str | None] = mapped_column(String(40), nullable=True)
    recent_keys: Mapped[list[str] | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow, onupdate=utcnow)

    sheet: Mapped[Game | None] = relationship()

    __mapper_args__: ClassVar[dict[str, Any]] = {"version_id_col": version}
