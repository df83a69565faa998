"""Storage: score-sheet games, their players, rounds and per-player results.

Standings are never stored: the engine computes them from the rounds (one source of truth).
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, ClassVar

from sqlalchemy import JSON, Float, ForeignKey, Index, Integer, LargeBinary, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from .extensions import Model
from .keys import new_id


def utcnow() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None)


class Game(Model):
    """A score sheet: which game, its table rules, the players, and a version every change increases."""

    __tablename__ = "game"
    __table_args__ = (Index("uq_game_previous_id", "previous_id", unique=True),)

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    kind: Mapped[str] = mapped_column(String(20))  # kind ids may be longer than ten characters (uno_no_mercy)
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
    # A game's life (API.md "A game's life around the table"): when it started (its creation, or the time an
    # imported file states), when it finished (cleared when an undo or a correction reopens it), a note, and
    # the players who joined or left (``[{"round": n, "join" | "leave": name}, ...]``, in order; ``None``: none).
    started_at: Mapped[datetime | None] = mapped_column(nullable=True, default=utcnow)
    finished_at: Mapped[datetime | None] = mapped_column(nullable=True)
    notes: Mapped[str | None] = mapped_column(Text, nullable=True)
    lineup: Mapped[list[dict[str, Any]] | None] = mapped_column(JSON, nullable=True)
    name: Mapped[str | None] = mapped_column(String(40), nullable=True)
    """The game played, for a kind that keeps the score of any game (``GameType.named``): "Hearts"."""
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


class Player(Model):
    """A player of a game, in seating order."""

    __tablename__ = "player"
    __table_args__ = (UniqueConstraint("game_id", "seat"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(40))

    game: Mapped[Game] = relationship(back_populates="players")


class Round(Model):
    """One recorded round: its number and who went out; the per-player entries are :class:`Result` rows."""

    __tablename__ = "round"
    __table_args__ = (UniqueConstraint("game_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    went_out: Mapped[str] = mapped_column(String(40))
    # What a game's round carries besides who went out: the game's own round keys (GameType.round_fields).
    extra: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    saved_at: Mapped[datetime | None] = mapped_column(nullable=True)
    """When the round was saved (``None``: not known, as for a round imported from a file without times)."""

    game: Mapped[Game] = relationship(back_populates="rounds")
    results: Mapped[list[Result]] = relationship(
        back_populates="round", order_by="Result.seat", cascade="all, delete-orphan"
    )


class Result(Model):
    """What was entered for one player in one round (as JSON), and the points the engine computed."""

    __tablename__ = "result"
    __table_args__ = (UniqueConstraint("round_id", "seat"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("round.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    entry: Mapped[dict[str, Any]] = mapped_column(JSON)
    points: Mapped[int] = mapped_column(Integer)

    round: Mapped[Round] = relationship(back_populates="results")


class IdempotentReply(Model):
    """A write carrying an ``Idempotency-Key`` that was answered: when the key comes again, the answer is the
    same status with the game it was about as that game is now (API.md "Operations"). Only that is kept, not
    a copy of the answer: ``answer_id`` is the game the answer held (the game itself for a round, the new game
    for a rematch). Rows older than ``IDEMPOTENCY_DAYS`` are pruned (:mod:`app.services.retention`)."""

    __tablename__ = "idempotent_reply"
    __table_args__ = (UniqueConstraint("game_id", "key"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    key: Mapped[str] = mapped_column(String(100))
    status: Mapped[int] = mapped_column(Integer)
    answer_id: Mapped[str | None] = mapped_column(String(40), nullable=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow, index=True)


class KeyFailure(Model):
    """One wrong edit key sent for a game (a sheet or a digital game) from an address: the wrong-key limit
    counts these rows, so every worker process sees the same counts. Rows older than the window are deleted."""

    __tablename__ = "key_failure"

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[str] = mapped_column(String(40), index=True)
    address: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(default=utcnow, index=True)


class RateLimit(Model):
    """A fixed-window counter of Flask-Limiter (``app.ratelimits``): shared by every worker process."""

    __tablename__ = "rate_limit"

    name: Mapped[str] = mapped_column(String(255), primary_key=True)
    hits: Mapped[int] = mapped_column(Integer)
    expires_at: Mapped[float] = mapped_column(Float, index=True)


class PlayGame(Model):
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
    kind: Mapped[str] = mapped_column(String(20))
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

    # DeclarativeBase declares __mapper_args__ as an instance variable, though the mapper reads it from the class.
    __mapper_args__: ClassVar[dict[str, Any]] = {"version_id_col": version}  # type: ignore[misc]


class MoveClaim(Model):
    """A phone's games on their way to another phone (API "Move my games to another phone"): the list, sealed
    with a key derived from the claim's code, which only the link holds (the server keeps the code's hash)."""

    __tablename__ = "move_claim"

    code_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    payload: Mapped[bytes] = mapped_column(LargeBinary)
    expires_at: Mapped[datetime] = mapped_column(index=True)


class Crew(Model):
    """The people who play together, over any number of tables, games and kinds (API.md "crews").

    ``key_hash`` is the crew key's hash, as a game's edit key is kept; ``version`` counts the crew's own
    changes (the version its GET shows adds its games' versions, so a round played there changes it too)."""

    __tablename__ = "crew"

    id: Mapped[str] = mapped_column(String(40), primary_key=True)
    name: Mapped[str] = mapped_column(String(60))
    key_hash: Mapped[str] = mapped_column(String(128))
    version: Mapped[int] = mapped_column(Integer, default=1)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    people: Mapped[list[CrewPerson]] = relationship(
        back_populates="crew", order_by="CrewPerson.id", cascade="all, delete-orphan"
    )
    games: Mapped[list[CrewGame]] = relationship(back_populates="crew", cascade="all, delete-orphan")


class CrewPerson(Model):
    """A person of a crew: the name the crew shows, and every name (``CrewAlias``) games may call them by."""

    __tablename__ = "crew_person"

    id: Mapped[int] = mapped_column(primary_key=True)
    crew_id: Mapped[str] = mapped_column(ForeignKey("crew.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(40))

    crew: Mapped[Crew] = relationship(back_populates="people")
    aliases: Mapped[list[CrewAlias]] = relationship(
        back_populates="person", order_by="CrewAlias.id", cascade="all, delete-orphan"
    )


class CrewAlias(Model):
    """A name that means a person in a crew: the current one, and every old one (renames, merges). ``key`` is
    the name as players are matched (NFC, case folded); one key means one person per crew."""

    __tablename__ = "crew_alias"
    __table_args__ = (UniqueConstraint("crew_id", "key"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    crew_id: Mapped[str] = mapped_column(ForeignKey("crew.id", ondelete="CASCADE"), index=True)
    person_id: Mapped[int] = mapped_column(ForeignKey("crew_person.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(40))
    key: Mapped[str] = mapped_column(String(160))

    person: Mapped[CrewPerson] = relationship(back_populates="aliases")


class CrewGame(Model):
    """A game (a score sheet) of a crew."""

    __tablename__ = "crew_game"
    __table_args__ = (UniqueConstraint("crew_id", "game_id"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    crew_id: Mapped[str] = mapped_column(ForeignKey("crew.id", ondelete="CASCADE"), index=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    crew: Mapped[Crew] = relationship(back_populates="games")
    game: Mapped[Game] = relationship()


class Claim(Model):
    """A hand-over link's code (API.md "Hand-over links that expire"): ``POST /api/claims/<code>`` exchanges it
    for the key it hands over, for ``CLAIM_MINUTES`` minutes (a seat code once). Only the code's hash is kept
    (``id``), and the key is kept masked with the code (:mod:`app.services.claims`): the table alone gives no
    key away."""

    __tablename__ = "claim"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    game_id: Mapped[str] = mapped_column(String(40))
    right: Mapped[str] = mapped_column(String(60))
    masked_key: Mapped[str] = mapped_column(String(256))
    once: Mapped[bool] = mapped_column(default=False)
    used_at: Mapped[datetime | None] = mapped_column(nullable=True)
    used_by: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The hash of the Idempotency-Key a seat code was claimed with: the same phone asking again (its answer was
    lost on the way) is answered again; any other phone gets 410."""
    expires_at: Mapped[datetime] = mapped_column(index=True)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
