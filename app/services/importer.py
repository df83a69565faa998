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
from ..errors import ApiError
from ..extensions import db
from ..models import Game, Player
from . import sheets

FORMAT = "deckside-sheet"
FORMAT_VERSION = 1
ENTRY_KEYS = ("completed", "laid_down")
"""What a round's result carries besides the player and one of cards/counts/points."""


class ImportRefused(ApiError):
    """A file that cannot be imported (400), with the reason."""

    def __init__(self, reason: str):
        super().__init__(_("This file cannot be imported: {reason}").format(reason=reason), 400)


def _round_body(item: Any, number: int) -> dict[str, Any]:
    """The round as it was entered (the body ``POST /api/games/<id>/rounds`` takes)."""
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
    body_results = []
    for result in results:
        entry: dict[str, Any] = {"player": result.get("player")}
        entry.update((k, result[k]) for k in ENTRY_KEYS if k in result)
        # What was entered is the cards or the counts when present; "points" then is what the
        # sheet computed from them (checked below), else it is what was entered.
        for source in ("cards", "counts", "points"):
            if source in result:
                entry[source] = result[source]
                break
        body_results.append(entry)
    body = {"round": number, "results": body_results}
    if "went_out" in item:
        body["went_out"] = item["went_out"]
    return body


def _stated_points(item: dict[str, Any]) -> dict[str, Any]:
    return {r.get("player"): r.get("points") for r in item["results"] if "points" in r}


def _first_dealer(data: dict[str, Any], players: list[str]) -> str | None:
    """Who dealt round 1 (a rematch goes on with the deal); older exports leave it out (the last player)."""
    dealer = data.get("first_dealer")
    if dealer is not None and dealer not in players:
        raise ImportRefused(_('"first_dealer" must be the name of one of its players.'))
    return dealer


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
        for number, item in enumerate(rounds, start=1):
            body = _round_body(item, number)
            try:
                sheets.record_round(game, body, commit=False, sheet=replayed, answer=False)
            except ApiError as error:
                raise ImportRefused(_("round {number}: {reason}").format(number=number, reason=error.message)) from None
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
        if tiebreaker is not None:
            try:
                tied = sheets.prepare_tiebreaker(game, {"winner": tiebreaker}, sheet=replayed)
                sheets.record_tiebreaker(game, {"winner": tiebreaker}, commit=False, prepared=tied, answer=False)
            except ApiError as error:
                raise ImportRefused(_("tie-breaker: {reason}").format(reason=error.message)) from None
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
    rows = {
        "game": {
            c: getattr(game, c)
            for c in ("id", "kind", "rules", "version", "edit_key_hash", "tiebreaker_winner", "first_dealer")
        },
        "players": [{"game_id": game.id, "seat": p.seat, "name": p.name} for p in game.players],
    }
    rounds = [
        {
            "number": r.number,
            "went_out": r.went_out,
            "results": [{"seat": x.seat, "entry": x.entry, "points": x.points} for x in r.results],
        }
        for r in game.rounds
    ]
    db.session.expunge(game)
    lock_for_write()
    db.session.execute(insert(Game), [rows["game"]])
    db.session.execute(insert(Player), rows["players"])
    sheets.insert_rounds(game.id, rounds)
    db.session.commit()
