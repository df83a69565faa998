"""Import a whole score sheet from its JSON export (``export.json``) as a new game with a new edit key.

The file is read as what was entered (players, rules, each round's entries, the tie-breaker
result) and every round goes through the same checks as a round saved at the table. The points,
totals and outcome the file states are then compared with those the engine computes: a file
that was damaged or edited by hand so that they disagree is refused, and nothing is stored
unless the whole file holds (one transaction).
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from sqlalchemy import insert

from ..database import lock_for_write
from ..engine.errors import EngineError
from ..errors import ApiError
from ..extensions import db
from ..games import registry
from ..games.registry import ResultField
from ..models import Game, Player
from . import sheets

FORMAT = "deckside-sheet"
FORMAT_VERSION = 1


class ImportRefused(ApiError):
    """A file that cannot be imported (400), with the reason."""

    def __init__(self, reason: str):
        super().__init__(_("This file cannot be imported: {reason}").format(reason=reason), 400)


def _round_body(
    item: Any, number: int, round_keys: tuple[str, ...] = (), result_fields: tuple[ResultField, ...] = ()
) -> dict[str, Any]:
    """The round as it was entered (the body ``POST /api/games/<id>/rounds`` takes): the game's own round keys, and
    the result fields the games declare (read as declared; a key the game does not know is refused by its engine)."""
    if not isinstance(item, dict):
        raise ImportRefused(_("round {number} is not a JSON object.").format(number=number))
    if item.get("round") != number:
        raise ImportRefused(
            _("the rounds must be numbered 1, 2, 3… in order; entry {number} is not round {number}.").format(
                number=number
            )
        )
    results = item.get("results")
    if not isinstance(results, list) or not all(isinstance(r, dict) for r in results):
        raise ImportRefused(_("round {number} has no list of results.").format(number=number))
    own = tuple(f.name for f in result_fields if not f.entered)
    ways = ("cards", *(f.name for f in result_fields if f.entered), "points")
    body_results = []
    for result in results:
        entry: dict[str, Any] = {"player": result.get("player")}
        entry.update((k, result[k]) for k in own if k in result)
        # A field that replaces the entry (a knock-out) leaves nothing else entered: the points are the sheet's.
        entered = not any(result.get(f.name) for f in result_fields if f.replaces_entry)
        # What was entered is the cards (or a way the game declares, such as a keypad's counts) when present;
        # "points" then is what the sheet computed from them (checked below), else it is what was entered (unless the
        # sheet set them).
        for source in ways:
            if source in result and entered:
                entry[source] = result[source]
                break
        body_results.append(entry)
    body = {"round": number, "results": body_results}
    for key in ("went_out", *round_keys):
        if key in item:
            body[key] = item[key]
    return body


def _stated_points(item: dict[str, Any]) -> dict[str, Any]:
    return {r.get("player"): r.get("points") for r in item["results"] if "points" in r}


def _first_dealer(data: dict[str, Any], players: list[str]) -> str | None:
    """Who dealt round 1 (a rematch goes on with the deal); older exports leave it out (the last player)."""
    dealer = data.get("first_dealer")
    if dealer is not None and dealer not in players:
        raise ImportRefused(_('"first_dealer" must be the name of one of its players.'))
    return dealer


def _time(value: Any, where: str):
    """A time the file states (ISO 8601, or null); refused naming ``where`` when it is not one."""
    try:
        return sheets.read_time(value)
    except ValueError:
        raise ImportRefused(_('"{where}" must be an ISO 8601 time or null.').format(where=where)) from None


def _life(data: dict[str, Any], game: Game) -> None:
    """The game's start and finish times and its note, as the file states them (older files have none: the
    game then starts on import, and its finish time is not known)."""
    if "started" in data:
        game.started_at = _time(data["started"], "started")
    game.finished_at = _time(data.get("finished"), "finished")
    notes = data.get("notes")
    if notes is not None:
        game.notes = sheets.check_notes(notes)


def _lineup(data: dict[str, Any]) -> list[dict[str, Any]]:
    """The file's players who joined or left (older files have none), checked for shape."""
    lineup = data.get("lineup") or []
    shaped = isinstance(lineup, list) and all(
        isinstance(change, dict)
        and set(change) <= {"round", "join", "leave"}
        and ("join" in change) != ("leave" in change)
        and isinstance(change.get("round"), int)
        and not isinstance(change.get("round"), bool)
        for change in lineup
    )
    if not shaped:
        raise ImportRefused(_('"lineup" must be a list of {"round": n, "join" or "leave": name}.'))
    return list(lineup)


def _apply_lineup(game: Game, sheet: Any, pending: list[dict[str, Any]], number: int) -> None:
    """Make the file's joins and leaves that take effect from round ``number``, with the engine's checks."""
    while pending and pending[0]["round"] <= number:
        change = pending.pop(0)
        if change["round"] != number:
            raise ImportRefused(
                _("a player joins or leaves from round {number}, which is out of order.").format(number=change["round"])
            )
        try:
            made = sheet.change_lineup(change.get("join"), change.get("leave"))
        except EngineError as error:
            raise ImportRefused(_("round {number}: {reason}").format(number=number, reason=str(error))) from None
        game.lineup = [*(game.lineup or []), made]


def import_game(data: Any) -> tuple[Game, str]:
    """A new game holding everything the export ``data`` records, and its new edit key.

    Raises :class:`ImportRefused` (400) saying why when the file is not an export, a round breaks
    the rules, or the points and standings it states are not the ones its entries make.
    """
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ImportRefused(_("it is not a Deckside score sheet (export.json)."))
    if data.get("format_version") != FORMAT_VERSION:
        raise ImportRefused(
            _("it is in a format this version does not read ({version}).").format(
                version=str(data.get("format_version"))[:20]
            )
        )
    rounds = data.get("rounds", [])
    if not isinstance(rounds, list):
        raise ImportRefused(_('"rounds" must be a list.'))
    if len(rounds) > sheets.MAX_ROUNDS:
        raise ImportRefused(
            _("it holds {count} rounds; a sheet holds at most {maximum}.").format(
                count=len(rounds), maximum=sheets.MAX_ROUNDS
            )
        )
    tiebreaker = data.get("tiebreaker_winner")
    if tiebreaker is not None and not isinstance(tiebreaker, str):
        raise ImportRefused(_('"tiebreaker_winner" must be a player\'s name or null.'))
    try:
        game, key = sheets.create_game(
            data.get("game"), data.get("players"), data.get("rules"), commit=False, name=data.get("name")
        )
        game.first_dealer = _first_dealer(data, sheets.player_names(game))
        replayed = sheets.build_sheet(game)  # each round is added to it: one replay for the whole import
        pending = _lineup(data)
        for number, item in enumerate(rounds, start=1):
            _apply_lineup(game, replayed, pending, number)
            body = _round_body(item, number, sheets.kind_of(game).round_keys, registry.result_fields())
            try:
                sheets.record_round(game, body, commit=False, sheet=replayed, answer=False)
            except ApiError as error:
                raise ImportRefused(_("round {number}: {reason}").format(number=number, reason=error.message)) from None
            # A round's time is the file's; an older file has none (not known: null, not the import's time).
            game.rounds[-1].saved_at = _time(item.get("saved"), f"rounds[{number - 1}].saved")
            computed = _stated_points(replayed.rounds[-1].to_json())
            for player, points in _stated_points(item).items():
                if computed.get(player) != points:
                    raise ImportRefused(
                        _("round {number} says {player} scored {stated}, but the entries make {computed}.").format(
                            number=number,
                            player=str(player)[:40],
                            stated=str(points)[:20],
                            computed=computed.get(player),
                        )
                    )
        _apply_lineup(game, replayed, pending, len(rounds) + 1)
        if pending:
            raise ImportRefused(
                _("a player joins or leaves from round {number}, after the next round.").format(
                    number=pending[0]["round"]
                )
            )
        if tiebreaker is not None:
            try:
                tied = sheets.prepare_tiebreaker(game, {"winner": tiebreaker}, sheet=replayed)
                sheets.record_tiebreaker(game, {"winner": tiebreaker}, commit=False, prepared=tied, answer=False)
            except ApiError as error:
                raise ImportRefused(_("tie-breaker: {reason}").format(reason=error.message)) from None
        _life(data, game)  # an older file, without times: its finish is not known (null)
        if replayed.status != "finished":
            game.finished_at = None
        stated = data.get("standings")
        if stated is not None and stated != sheets.export_game(game)["standings"]:
            raise ImportRefused(_("the standings it states are not the ones its rounds make."))
    except ImportRefused:
        db.session.rollback()
        raise
    except ApiError as error:
        db.session.rollback()
        raise ImportRefused(error.message) from None
    _store(game)
    return game, key


def _store(game: Game) -> None:
    """Write the checked game in a few statements (one per table), under the write lock, which is taken only
    now: the unit of work's bookkeeping for hundreds of rows would hold it far longer. The game object is
    left as built (not attached to the session): the answer is made from it."""
    game_row = {
        c: getattr(game, c)
        for c in (
            "id",
            "kind",
            "rules",
            "version",
            "edit_key_hash",
            "tiebreaker_winner",
            "first_dealer",
            "started_at",
            "finished_at",
            "notes",
            "lineup",
        )
    }
    player_rows = [{"game_id": game.id, "seat": p.seat, "name": p.name} for p in game.players]
    rounds = [
        {
            "number": r.number,
            "went_out": r.went_out,
            "extra": r.extra,
            "saved_at": r.saved_at,
            "results": [{"seat": x.seat, "entry": x.entry, "points": x.points} for x in r.results],
        }
        for r in game.rounds
    ]
    db.session.expunge(game)
    lock_for_write()
    db.session.execute(insert(Game), [game_row])
    db.session.execute(insert(Player), player_rows)
    sheets.insert_rounds(game.id, rounds)
    db.session.commit()
