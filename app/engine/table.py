"""A table: the games one group plays one after the other (a rematch continues the table).

Pure functions over the engine's sheets, no I/O: who deals first in the next game, and each
player's record over the table's games. What a game adds to a player's record (Phase 10's phases,
UNO's hands gone out) comes from that game's sheet (``ScoreSheet._record_extras``); this module
only adds the games' lines together.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .players import name_key
from .sheetbase import ScoreSheet


def same_player(name: str) -> str:
    """The key players are matched by across games: Unicode NFC and case folding (as within a game)."""
    return name_key(name)


def next_first_dealer(sheet: ScoreSheet, players: Sequence[str]) -> str | None:
    """Who deals round 1 of the next game: the player left of the last dealer of ``sheet``, or, when that
    player does not play on (``players`` is the next game's list), the next one to the left who does.

    Before any round the deal has not moved: the player who would have dealt round 1 deals it.
    ``None`` when nobody of the old seating plays on (the new game starts with its own default)."""
    upcoming = sheet.dealer(len(sheet.rounds) + 1)
    staying = {same_player(p): p for p in players}
    old = list(sheet.players)
    start = old.index(upcoming)
    for step in range(len(old)):
        candidate = staying.get(same_player(old[(start + step) % len(old)]))
        if candidate is not None:
            return candidate
    return None


def _add(total: Any, more: Any) -> Any:
    """Add one game's line to the table's: numbers are summed, dicts key by key, ``None`` stays unknown."""
    if isinstance(more, dict):
        merged = dict(total or {})
        for key, value in more.items():
            merged[key] = _add(merged[key], value) if key in merged else value
        return merged
    if total is None or more is None:
        return None
    return total + more


def add_lines(total: dict[str, Any], more: dict[str, Any]) -> dict[str, Any]:
    """Two record lines of one player added together, as a table's record adds its games' lines (numbers
    summed, dicts key by key, ``None`` stays unknown): a crew's statistics add lines from many tables."""
    return _add(total, more)


def table_record(sheets: Sequence[ScoreSheet]) -> list[dict[str, Any]]:
    """Each player's record over ``sheets`` (oldest first): ``name`` as spelled in the newest game,
    ``games``, ``wins`` (finished games won; a tie-breaker win counts, a tie counts for nobody),
    ``rounds``, ``points_per_round`` (one decimal; ``None`` without rounds), and the game's extras.

    Players come in the newest game's seating order, then those who left, newest first."""
    order: list[str] = []
    names: dict[str, str] = {}
    for sheet in reversed(sheets):
        for player in sheet.players:
            key = same_player(player)
            if key not in names:
                names[key] = player
                order.append(key)
    lines: dict[str, dict[str, Any]] = {}
    for sheet in sheets:
        for player, line in sheet.record().items():
            key = same_player(player)
            counted = {"games": 1, **line}
            lines[key] = _add(lines[key], counted) if key in lines else counted
    record = []
    for key in order:
        line = dict(lines[key])
        rounds, points, wins = line.pop("rounds"), line.pop("points"), line.pop("won")
        record.append(
            {
                "name": names[key],
                "games": line.pop("games"),
                "wins": wins,
                "rounds": rounds,
                "points_per_round": round(points / rounds, 1) if rounds else None,
                **line,
            }
        )
    return record
