"""A score sheet as a play BG Stats imports (``GET /api/games/<id>/export.bgstats``).

BG Stats reads a play from a ``.bgsplay`` file: one JSON object with ``about`` (a sentence for whoever opens
the file by hand), ``games``, ``players``, ``locations`` and ``plays``, the play naming its game and players by
reference (``gameRefId``, ``playerRefId``).
Field names as BG Stats writes and reads them: a game's ``name``, ``bggId``, ``highestWins``,
``noPoints``, ``cooperative``, ``usesTeams``; a player's ``name``, ``isAnonymous``; each game's and player's
``modificationDate``; a play's ``playDate`` (``YYYY-MM-DD hh:mm:ss``; this file gives UTC) and ``playDateYmd``
(the same day as the number ``YYYYMMDD``), ``durationMin``, ``comments``, ``rounds``, ``ignored``,
``manualWinner``, ``usesTeams`` and ``playerScores``, each with ``playerRefId``, ``score`` (text),
``winner``, ``seatOrder``, ``startPlayer``, ``newPlayer`` and ``role``. Ids are stable: the same game
exported twice is the same play (``uuid``), so importing it again does not count it twice.

No description of the file by BG Stats could be found from here; the fields are those of the play files BG Stats
writes, as they are published (a shared play file, other exporters' notes). tests/web/data/bgstats-example.bgsplay
is a file of that shape, names and ids made up, and the schema this file is checked against takes it too.
"""

from __future__ import annotations

import uuid
from typing import Any

from flask_babel import gettext as _

from ..models import Game
from . import sheets

ABOUT = (
    "This is a Play file that can be read by Board Game Stats. If you see this text, try to use a share, export "
    "or open-in function to open it with Board Game Stats."
)
"""The sentence BG Stats' own play files open with (English in every language, as BG Stats writes it)."""

NAMESPACE = uuid.UUID("6f1d2c4e-8b7a-4e43-9a55-0d6b3c1e7f20")
"""Deckside's namespace for the file's uuids (version 5: the same game always gives the same uuids)."""


def _stamp(value: str | None) -> str:
    """An API time (ISO 8601, UTC) as BG Stats writes dates: ``YYYY-MM-DD hh:mm:ss``."""
    moment = sheets.read_time(value)
    return moment.strftime("%Y-%m-%d %H:%M:%S") if moment else ""


def winners(data: dict[str, Any]) -> set[str]:
    """Who won: the winner, or every tied player of a game that ended level (none while it goes on)."""
    if data["status"] != "finished":
        return set()
    if data["winner"]:
        return {data["winner"]}
    outcome = data.get("outcome") or {}
    return set(outcome.get("tied") or outcome.get("players") or [])


def play_file(game: Game) -> dict[str, Any]:
    """The game as a ``.bgsplay`` file's JSON (see the module's description)."""
    kind = sheets.kind_of(game)
    sheet = sheets.build_sheet(game)
    data = sheets.game_json(game, sheet)
    won = winners(data)
    left = {p["name"]: p.get("left") for p in data["players"]}
    joined = {p["name"]: p.get("joined") for p in data["players"]}
    stamp = _stamp(data["finished"] or data["started"])
    players = []
    scores = []
    start_player = sheet.dealer(1) if data["players"] else None
    seating = [p["name"] for p in data["players"]]
    if start_player in seating:  # the player to the dealer's left starts
        start_player = seating[(seating.index(start_player) + 1) % len(seating)]
    for seat, standing in enumerate(data["players"]):
        name = standing["name"]
        players.append(
            {
                "id": seat + 1,
                "uuid": str(uuid.uuid5(NAMESPACE, f"{game.id}/player/{name}")),
                "name": name,
                "isAnonymous": False,
                "modificationDate": stamp,
            }
        )
        role = ""
        if left.get(name):
            role = _("left before round %(number)s", number=left[name])
        elif joined.get(name):
            role = _("joined in round %(number)s", number=joined[name])
        scores.append(
            {
                "playerRefId": seat + 1,
                "score": str(standing["score"]),
                "winner": name in won,
                "seatOrder": seat + 1,
                "startPlayer": name == start_player,
                "newPlayer": False,
                "role": role,
            }
        )
    minutes = sheets.played_minutes(data)
    play_game = {
        "id": 1,
        "uuid": str(uuid.uuid5(NAMESPACE, f"kind/{kind.id}")),
        "name": str(kind.name),
        "bggId": kind.bgg_id or 0,
        "highestWins": not sheet.lowest_wins,
        "noPoints": False,
        "cooperative": False,
        "usesTeams": False,
        "modificationDate": stamp,
    }
    play_date = _stamp(data["started"])
    play = {
        "uuid": str(uuid.uuid5(NAMESPACE, f"{game.id}/play")),
        "gameRefId": 1,
        "playDate": play_date,
        "playDateYmd": int(play_date[:10].replace("-", "")) if play_date else 0,
        "entryDate": stamp,
        "modificationDate": stamp,
        "durationMin": minutes or 0,
        "rounds": len(data["rounds"]),
        "ignored": False,
        "manualWinner": False,
        "usesTeams": False,
        "bggId": kind.bgg_id or 0,
        "comments": data["notes"] or "",
        "playerScores": scores,
    }
    return {"about": ABOUT, "games": [play_game], "players": players, "locations": [], "plays": [play]}
