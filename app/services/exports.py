"""A sheet as a file to keep: the CSV a spreadsheet opens, and the names the downloads are given.

The JSON export is :func:`app.services.sheets.export_game`, the BG Stats play :mod:`app.services.bgstats`. The
CSV's columns after "round" and "went out" are the game's own (:meth:`~app.games.registry.GameType.csv_columns`),
so no game is named here.
"""

from __future__ import annotations

import re
from typing import Any

from flask_babel import gettext as _

from ..models import Game
from . import sheets

FORMULA_STARTS = "=+-@\t\r"
"""What makes a spreadsheet read a field as a formula (or a command, in older ones)."""
INNER_FORMULA = re.compile(r'([,;][\s"]*)(?=[=+\-@\t\r])')
"""A separator inside a cell followed (after spaces or quotes) by a formula's first character: a spreadsheet that
splits the file on that separator (a German or Romanian one splits on ``;``) would start a field there."""
CSV_QUOTED = re.compile(r'[",;\r\n]|^\s|\s$')


def file_name(game: Game, extension: str) -> str:
    """The name a download of the game is saved under: ``deckside-<game>-<first 8 characters of its id>.<ext>``."""
    return f"deckside-{game.kind}-{game.id[:8]}.{extension}"


def sheet_rows(game: Game) -> list[list[Any]]:
    """The sheet as rows of cells, in the page's language: a heading, one row per round (each player's points
    in the game's columns, and when it was saved), the totals, then the tie-breaker, the winner, the game
    played, when it started and finished, and the notes."""
    kind = sheets.kind_of(game)
    sheet = sheets.build_sheet(game)
    data = sheets.game_json(game, sheet)
    names = [p["name"] for p in data["players"]]
    rows: list[list[Any]] = [[_("round"), _("went out"), *kind.csv_columns(names, sheet), _("saved")]]
    for item in data["rounds"]:
        rows.append([item["round"], kind.round_winner(item), *kind.csv_cells(item, names, sheet), item["saved"] or ""])
    rows.append([_("total"), "", *kind.csv_totals(data, names)])
    tie = data.get("tiebreaker") or {}
    if tie.get("winner"):
        rows.append([_("tie-breaker"), tie["winner"]])
    if data.get("winner"):
        rows.append([_("winner"), data["winner"]])
    if game.name:
        rows.append([_("game played"), game.name])
    rows.append([_("started"), data["started"] or ""])
    rows.append([_("finished"), data["finished"] or ""])
    if data["notes"]:
        rows.append([_("notes"), data["notes"]])
    return rows


def sheet_csv(game: Game) -> bytes:
    """The sheet as a CSV file (UTF-8, lines ended ``\\r\\n``), every cell neutralised for spreadsheets."""
    rows = sheet_rows(game)
    # A byte-order mark first: spreadsheets then read the file as UTF-8 (accented names).
    body = "\ufeff" + "".join(",".join(csv_cell(cell) for cell in row) + "\r\n" for row in rows)
    return body.encode("utf-8")


def csv_cell(value: Any) -> str:
    """One CSV cell, neutralised for spreadsheets: a quote mark goes before any formula character that would
    start a field, at the start of the cell (after spaces) or after a ``,`` or ``;`` inside it (``;=1+1`` is
    written ``;'=1+1``), whichever separator the spreadsheet splits on; a cell holding a separator, a quote or
    a line break is quoted. Numbers (a negative score included) stay numbers."""
    if not isinstance(value, str):
        return str(value)
    if value.lstrip(" ")[:1] and value.lstrip(" ")[0] in FORMULA_STARTS:
        value = "'" + value
    value = INNER_FORMULA.sub(r"\1'", value)
    if CSV_QUOTED.search(value):
        value = '"' + value.replace('"', '""') + '"'
    return value
