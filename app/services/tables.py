"""Tables: a rematch starts the next game of a table, and a table's record sums up its games.

A *table* is the games one group plays in a row. The first game opens it (``Game.table_id``);
``rematch`` makes the next one: the same kind, players and rules unless told otherwise, the deal
going on from where it stopped, and the same edit key (so every phone that could edit goes on
editing). The record's per-player figures come from the engine (:mod:`app.engine.table`), from
each game's sheet: nothing here knows a game's rules.
"""

from __future__ import annotations

from datetime import UTC
from typing import Any

from flask_babel import gettext as _
from sqlalchemy import inspect, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import selectinload

from ..engine.table import next_first_dealer, table_record
from ..errors import ApiError
from ..extensions import db
from ..keys import well_formed_id
from ..models import Game, Round
from . import crews, sheets
from .drafts import carried_keys

REMATCH_FIELDS = ("players", "rules")


def next_game_id(game: Game) -> str | None:
    """The id of the game played after ``game`` (its rematch), if any (a game not stored yet has none: no query)."""
    if not inspect(game).persistent:
        return None
    return db.session.execute(select(Game.id).where(Game.previous_id == game.id)).scalar_one_or_none()


def table_links(game: Game) -> dict[str, Any]:
    """What every sheet carries about its table: ``table``, ``previous`` and ``next``."""
    return {"table": game.table_id, "previous": game.previous_id, "next": next_game_id(game)}


def _rematch_body(body: Any) -> tuple[Any, Any]:
    if body is None:
        return None, None
    if not isinstance(body, dict):
        raise ApiError(_("The body must be a JSON object."))
    unknown = sorted(set(body) - set(REMATCH_FIELDS))
    if unknown:
        raise ApiError(_('Unknown field "{name}": a rematch takes only "players" and "rules".').format(name=unknown[0]))
    rules = body.get("rules")
    if rules is not None and not isinstance(rules, dict):
        raise ApiError(_('"rules" must be a JSON object of table rules, e.g. {"target": 300}.'))
    return body.get("players"), rules


def already_played_again(next_id: str) -> sheets.Conflict:
    """409: a game has one next game only."""
    return sheets.Conflict(_("This game has been played again already: its next game is {next}.").format(next=next_id))


def rematch(game: Game, body: Any, idempotency_key: str | None = None, *, edit_key: str) -> tuple[dict[str, Any], int]:
    """The next game of ``game``'s table (``201``, with ``edit_key`` echoed); ``game`` must be locked for
    writing and its edit key checked. ``body`` may replace the players and change some rules."""
    idempotency_key = sheets.check_idempotency_key(idempotency_key)
    replay = sheets.replay_reply(game, idempotency_key)
    if replay is not None:
        answer, status = replay
        return {**answer, "edit_key": edit_key}, status
    players, rule_changes = _rematch_body(body)
    existing = next_game_id(game)
    if existing is not None:
        raise already_played_again(existing)
    rules = {**game.rules, **(rule_changes or {})}
    new, _key = sheets.create_game(
        game.kind,
        players if players is not None else sheets.player_names(game),
        rules,
        commit=False,
        name=game.name,  # another game of Hearts
    )
    new.edit_key_hash = game.edit_key_hash  # the same key edits the next game
    new.player_keys = carried_keys(game, new)  # and each player's link works for the same name
    new.table_id = game.table_id
    new.previous_id = game.id
    new.first_dealer = next_first_dealer(sheets.build_sheet(game), sheets.player_names(new))
    game.version += 1  # the old game now shows its ``next``
    db.session.flush()
    crews.follow_rematch(game, new)  # a rematch stays in the game's crews
    answer = sheets.game_json(new)
    sheets._remember(game, idempotency_key, 201, new)
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        raise already_played_again(next_game_id(game) or "?") from None
    return {**answer, "edit_key": edit_key}, 201


# --- the record --------------------------------------------------------------------------------------------


def table_games(table_id: str) -> list[Game]:
    """The games of a table, oldest first, with their players and rounds; 404 when there is no such table."""
    games = []
    if well_formed_id(table_id):
        query = (
            select(Game)
            .where(Game.table_id == table_id)
            .order_by(Game.created_at, Game.id)
            .options(selectinload(Game.players), selectinload(Game.rounds).selectinload(Round.results))
        )
        games = list(db.session.execute(query).scalars())
    if not games:
        raise ApiError(_("There is no table with this id."), 404)
    return _in_playing_order(games)


def _in_playing_order(games: list[Game]) -> list[Game]:
    """Follow the rematch links from the first game (time order breaks ties; games out of the chain go last)."""
    by_previous = {g.previous_id: g for g in games if g.previous_id}
    ids = {g.id for g in games}
    ordered: list[Game] = []
    for start in (g for g in games if g.previous_id not in ids):
        current: Game | None = start
        while current is not None and current not in ordered:
            ordered.append(current)
            current = by_previous.get(current.id)
    return ordered + [g for g in games if g not in ordered]


def _created(game: Game) -> str:
    return game.created_at.replace(tzinfo=UTC).isoformat().replace("+00:00", "Z")


def record(table_id: str) -> dict[str, Any]:
    """``GET /api/tables/<id>``: the games in order and each player's record over them."""
    games = table_games(table_id)
    built = [sheets.build_sheet(game) for game in games]
    lines = []
    for game, sheet in zip(games, built):
        data = sheet.to_json()
        lines.append(
            {
                "id": game.id,
                "status": data["status"],
                "winner": data["winner"],
                "tied": data.get("tied"),
                "created": _created(game),
                "rounds": len(data["rounds"]),
                **({"name": game.name} if sheets.kind_of(game).named else {}),
            }
        )
    return {"id": table_id, "game": games[-1].kind, "games": lines, "players": table_record(built)}
