"""A round entered together (API.md "A round entered together", "Player links"): the next round of a sheet as
a shared draft that several phones fill in row by row, and the player keys that may fill in one row each.

The draft is a JSON column of the game (``{"round": n, "went_out": null | name, "rows": {name: row}}``, each
row as the engine reads it back, plus ``"by"``). Every rule is the engine's: a row is read and checked on its
own by the sheet (:meth:`~app.engine.sheetbase.ScoreSheet.read_row`), the rows so far by
:meth:`~app.engine.sheetbase.ScoreSheet.check_rows`, and a commit is :func:`app.services.sheets.record_round`
with the round body the draft makes. Every change moves the game's version on (long polls and ETags see it).
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _

from ..engine.errors import EngineError, RoundError
from ..engine.players import match_player
from ..errors import ApiError
from ..extensions import db
from ..keys import hash_key, key_matches, new_edit_key
from ..models import Game
from ..security import refuse_wrong_key
from . import sheets

EDITOR = None
"""Who writes with the edit key (a player key's writer is the player's name)."""


# --- who writes --------------------------------------------------------------------------------------------


def player_of_key(game: Game, key: str | None) -> str | None:
    """The player whose player key ``key`` is (``None`` when it is none of them)."""
    if not key:
        return None
    for name, hashed in (game.player_keys or {}).items():
        if key_matches(key, hashed):
            return name
    return None


def writer(game: Game, key: str | None) -> str | None:
    """Who sends ``key``: :data:`EDITOR` for the edit key, the player's name for a player key; 401 without a
    key, 403 (counted as a wrong key) for any other."""
    if not key:
        raise ApiError(_("Changing this game needs its edit key (Authorization: Bearer <edit key>)."), 401)
    if key_matches(key, game.edit_key_hash):
        return EDITOR
    player = player_of_key(game, key)
    if player is None:
        refuse_wrong_key(game.id)
    return player


def refuse_player() -> ApiError:
    """403 for a player key used beyond its own row."""
    return ApiError(_("A player link may change only its own player's row of the round being filled in."), 403)


def refuse_correction() -> ApiError:
    """403 for a player key that would correct a stored round (only the edit key corrects one)."""
    return ApiError(_("Only the edit link may correct a stored round: ask the scorekeeper to correct it."), 403)


def new_player_key(game: Game, name: str) -> tuple[str, str]:
    """A new player key for the player ``name`` names (404 for no such player): ``(player, key)``; the player's
    previous key stops working. The caller checked the edit key and commits."""
    player = require_player(game, name)
    key = new_edit_key()
    game.player_keys = {**(game.player_keys or {}), player: hash_key(key)}
    return player, key


def carried_keys(old: Game, new: Game) -> dict[str, str] | None:
    """The player keys of ``old`` for the players of ``new`` with the same names (a rematch)."""
    if not old.player_keys:
        return None
    names = sheets.player_names(new)
    kept = {}
    for name, hashed in old.player_keys.items():
        same = match_player(name, names)
        if same is not None:
            kept[same] = hashed
    return kept or None


def require_player(game: Game, name: str) -> str:
    """The game's spelling of the player ``name`` names, or 404."""
    player = match_player(name.strip(), sheets.player_names(game)) if isinstance(name, str) else None
    if player is None:
        raise ApiError(_("{name} is not a player of this game.").format(name=name), 404)
    return player


# --- reading -------------------------------------------------------------------------------------------------


def current_draft(game: Game) -> dict[str, Any] | None:
    """The stored draft when it is of the game's next round (one left by an undo is not)."""
    draft = game.draft
    if not draft or draft.get("round") != len(game.rounds) + 1:
        return None
    return draft


def round_body(game: Game, draft: dict[str, Any]) -> dict[str, Any]:
    """The round body (as ``POST /rounds`` takes it) that the draft makes: the rows filled, in seating order, as
    the game makes a round of them (the side a hand of UNO Flip ended on, a No Mercy hand's winner); 400 when the
    rows cannot make one round."""
    rows = draft.get("rows") or {}
    results = [
        {"player": name, **{k: v for k, v in rows[name].items() if k != "by"}}
        for name in sheets.player_names(game)
        if name in rows
    ]
    went_out = draft.get("went_out")
    body = {"round": draft["round"], **({"went_out": went_out} if went_out else {}), "results": results}
    try:
        return sheets.kind_of(game).sheet.round_of_rows(body)
    except EngineError as error:
        raise sheets.refusal(error) from error


def draft_json(game: Game, sheet) -> dict[str, Any] | None:
    """``"draft"`` of ``GET /api/games/<id>``: the round being filled in, each row's points now, what stops it
    (in the request's language) and whether it is complete; ``None`` without one. ``sheet`` is the game's."""
    draft = current_draft(game)
    if draft is None or len(sheet.rounds) + 1 != draft["round"]:
        return None
    players = sheets.player_names(game)
    stored = draft.get("rows") or {}
    went_out = draft.get("went_out")
    problems: list[dict[str, Any]] = []
    read = {}
    for name in players:
        if name in stored:
            row = {k: v for k, v in stored[name].items() if k != "by"}
            try:
                read[name] = sheet.read_row(name, row, name == went_out)
            except RoundError as error:  # no longer holds on its own (an earlier round was corrected)
                problems.append({"player": error.player or name, "error": str(error)})
    check = sheet.check_rows(went_out, read)
    problems.extend({"player": e.player, "error": str(e)} for e in check.problems)
    complete = check.ready and not problems
    if complete:
        try:  # the whole round, exactly as a commit checks it
            sheets.preview_round(game, round_body(game, draft), sheet)
        except ApiError as error:
            problems.append({"player": error.player, "error": error.message})
            complete = False
    return {
        "round": draft["round"],
        "went_out": went_out,
        "rows": {name: stored.get(name) for name in players},
        "points": check.points,
        "problems": problems,
        "complete": complete,
    }


def row_points(sheet, player: str, row: dict[str, Any], went_out: bool) -> int | None:
    """What ``player``'s row would count now, on its own (``None`` while it is possible only as the one who went
    out and they did not say so); 400 with what stops it, as ``PUT /draft/rows`` would answer."""
    try:
        result = sheet.read_row(player, row, went_out)
    except EngineError as error:
        raise sheets.refusal(error) from error
    return sheet.check_rows(player if went_out else None, {player: result}).points[player]


# --- writing -------------------------------------------------------------------------------------------------


class LateRow(ApiError):
    """409 for a draft write about a round already stored: the answer holds the stored round."""

    def __init__(self, message: str, stored: dict[str, Any]):
        super().__init__(message, 409)
        self.extra = {"round": stored}


def _check_round(game: Game, body: Any) -> int:
    """The draft's round number from ``body``, checked as ``POST /rounds`` checks it (400 without one, 409 for
    another than the next, holding the stored round when it is one); then 409 when no draft of it is open."""
    try:
        sheets.check_next_round(game, body)
    except sheets.Conflict as error:
        number = body.get("round")
        if isinstance(number, int) and 1 <= number <= len(game.rounds):
            raise LateRow(error.message, sheets.round_json(game, sheets.build_sheet(game), number)) from None
        raise
    return body["round"]


def _require_draft(game: Game, body: Any) -> dict[str, Any]:
    number = _check_round(game, body)
    draft = current_draft(game)
    if draft is None or draft["round"] != number:
        raise sheets.Conflict(
            _("No round {number} is being filled in: start it first (PUT /api/games/<id>/draft).").format(number=number)
        )
    return draft


def _changed(game: Game, draft: dict[str, Any] | None) -> None:
    game.draft = draft
    game.version += 1


def _went_out(game: Game, value: Any) -> str | None:
    """The player a ``went_out`` value names (``None`` for ``null``); 400 when it names nobody of the game."""
    if value is None:
        return None
    kind = sheets.kind_of(game)
    if not kind.sheet.goes_out:
        raise ApiError(kind.went_out_refusal())
    if not isinstance(value, str) or not value.strip():
        raise ApiError(_("went_out must be the name of the player who went out."))
    player = match_player(value.strip(), sheets.player_names(game))
    if player is None:
        raise ApiError(
            _("{name} is not a player of this game, so {name} cannot have gone out.").format(name=value.strip())
        )
    return player


def _open_sheet(game: Game):
    kind = sheets.kind_of(game)
    if not kind.together:
        raise ApiError(
            _(
                "A round of {game} is entered on one phone for now: the round entered together does not read its cards."
            ).format(game=kind.name)
        )
    sheet = sheets.build_sheet(game)
    try:
        sheet.check_open()
    except EngineError as error:
        raise ApiError(str(error)) from error
    return sheet


def put_draft(game: Game, body: Any, who: str | None) -> dict[str, Any]:
    """``PUT /draft``: start or update the draft of the next round; the game as GET shows it."""
    number = _check_round(game, body)
    unknown = sorted(set(body) - {"round", "went_out"})
    if unknown:
        raise ApiError(_('The round has an unknown key "{key}".').format(key=unknown[0]))
    sheet = _open_sheet(game)
    draft = current_draft(game) or {"round": number, "went_out": None, "rows": {}}
    went_out = _went_out(game, body["went_out"]) if "went_out" in body else draft.get("went_out")
    if who is not EDITOR and went_out not in (None, who) and went_out != draft.get("went_out"):
        raise refuse_player()
    _changed(game, {**draft, "went_out": went_out})
    db.session.commit()
    return sheets.game_json(game, sheet)


def put_row(game: Game, name: str, body: Any, who: str | None) -> dict[str, Any]:
    """``PUT /draft/rows/<player>``: set one row (400, not kept, when it is wrong on its own)."""
    player = require_player(game, name)
    if who is not EDITOR and who != player:
        raise refuse_player()
    draft = _require_draft(game, body)
    if "player" in body:
        raise ApiError(_("The row's player is named in the address, not in the body."), player=player)
    sheet = _open_sheet(game)
    item = {k: v for k, v in body.items() if k != "round"}
    try:
        result = sheet.read_row(player, item, player == draft.get("went_out"))
    except EngineError as error:
        raise sheets.refusal(error) from error
    row = {k: v for k, v in result.to_json().items() if k != "player"}
    row["by"] = "editor" if who is EDITOR else "player"
    _changed(game, {**draft, "rows": {**(draft.get("rows") or {}), player: row}})
    db.session.commit()
    return sheets.game_json(game, sheet)


def delete_row(game: Game, name: str, body: Any, who: str | None) -> dict[str, Any]:
    """``DELETE /draft/rows/<player>``: clear one row (the body may name the round)."""
    player = require_player(game, name)
    if who is not EDITOR and who != player:
        raise refuse_player()
    draft = _require_draft(game, body) if body is not None else current_draft(game)
    if draft is None:
        raise sheets.Conflict(
            _("No round {number} is being filled in: start it first (PUT /api/games/<id>/draft).").format(
                number=len(game.rounds) + 1
            )
        )
    rows = {k: v for k, v in (draft.get("rows") or {}).items() if k != player}
    _changed(game, {**draft, "rows": rows})
    db.session.commit()
    return sheets.game_json(game)


def delete_draft(game: Game, who: str | None) -> dict[str, Any]:
    """``DELETE /draft``: drop the draft (edit key only)."""
    if who is not EDITOR:
        raise refuse_player()
    if game.draft is not None:
        _changed(game, None)
        db.session.commit()
    return sheets.game_json(game)


def commit_draft(game: Game, body: Any, idempotency_key: str | None, who: str | None) -> tuple[dict[str, Any], int]:
    """``POST /draft/commit``: store the draft as its round, exactly as ``POST /rounds`` would (which clears it)."""
    idempotency_key = sheets.check_idempotency_key(idempotency_key)
    replay = sheets.replay_reply(game, idempotency_key)
    if replay is not None:
        return replay
    draft = _require_draft(game, body)
    return sheets.record_round(game, round_body(game, draft), idempotency_key)


# --- a row that arrives after its round was stored -----------------------------------------------------------


def _stored_went_out(game: Game, number: int) -> str | None:
    return sheets.stored_rounds(game)[number - 1].get("went_out") or None


def read_late_row(game: Game, number: int, name: str, body: Any, who: str | None) -> tuple[str, dict[str, Any], bool]:
    """A row for round ``number``, stored already: ``(player, row, went_out)``, the row read on its own as a draft
    row is (400 when it is wrong on its own). ``body`` is the row, with an optional ``"went_out": true | false``
    (whether the player went out; left out: as the stored round says). A player key may send only its own row."""
    player = require_player(game, name)
    if who is not EDITOR and who != player:
        raise refuse_player()
    sheets.require_round(game, number)
    if not isinstance(body, dict):
        raise ApiError(_("The body must be a JSON object."))
    given = body.get("round")
    if given is not None and (isinstance(given, bool) or not isinstance(given, int) or given != number):
        raise ApiError(
            _('"round" in the body ({given}) must be the round being replaced ({number}).').format(
                given=given, number=number
            )
        )
    if "player" in body:
        raise ApiError(_("The row's player is named in the address, not in the body."), player=player)
    went_out = body.get("went_out", _stored_went_out(game, number) == player)
    if not isinstance(went_out, bool):
        raise ApiError(_('"went_out" of a row must be true or false.'), player=player)
    item = {k: v for k, v in body.items() if k not in ("round", "went_out")}
    sheet = sheets.build_sheet(game)
    try:
        result = sheet.read_row(player, item, went_out)
    except EngineError as error:
        raise sheets.refusal(error) from error
    return player, {k: v for k, v in result.to_json().items() if k != "player"}, went_out


def with_row(game: Game, number: int, player: str, row: dict[str, Any], went_out: bool) -> dict[str, Any]:
    """Stored round ``number`` as it was entered, with ``player``'s row replaced by ``row`` (and the player as the
    one who went out when ``went_out``): the body ``PUT /api/games/<id>/rounds/<n>`` takes."""
    stored = sheets.stored_rounds(game)[number - 1]
    rows = {item["player"]: item for item in stored["results"]}
    rows[player] = {"player": player, **{k: v for k, v in row.items() if k != "by"}}
    body = {k: v for k, v in stored.items() if k != "results"}
    if went_out:
        body["went_out"] = player
    body["results"] = [rows[name] for name in sheets.player_names(game) if name in rows]
    try:  # as the game makes a round of rows (the row's side of an UNO Flip hand is the round's)
        return sheets.kind_of(game).sheet.round_of_rows(body)
    except EngineError as error:
        raise sheets.refusal(error) from error


def _row_words(game: Game, data: dict[str, Any], player: str) -> str:
    """What ``player``'s row of a scored round (its JSON) counts, in words: "went out", or the points."""
    if sheets.kind_of(game).round_winner(data) == player:
        return _("went out")
    for item in data["results"]:
        if item["player"] == player:
            return str(item.get("points", 0))
    return "–"


def late_row(game: Game, number: int, player: str, row: dict[str, Any], went_out: bool) -> dict[str, Any]:
    """Round ``number``, stored before ``player``'s row for it arrived, beside that row: ``stored`` (the round as
    ``GET`` shows it), ``compare`` (``{"stored": "35", "yours": "40"}``: the player's row in words, in the stored
    round and in the round corrected with this row; ``yours`` is ``None`` when the correction is not possible,
    ``problem`` says why) and ``same``: the stored round already holds this row (the phone's own row, sent
    before; nothing to do)."""
    sheet = sheets.build_sheet(game)
    stored = sheet.rounds[number - 1].to_json()
    shown = sheets.round_json(game, sheet, number)
    yours, problem = None, None
    try:
        yours = sheets.preview_replacement(game, number, with_row(game, number, player, row, went_out)).to_json()
    except ApiError as error:
        problem = error.message
    return {
        "stored": shown,
        "same": yours is not None and yours == stored,
        "compare": {
            "stored": _row_words(game, stored, player),
            "yours": _row_words(game, yours, player) if yours is not None else None,
        },
        "problem": problem,
    }


def correct_row(game: Game, number: int, name: str, body: Any, who: str | None) -> dict[str, Any]:
    """``PUT /api/games/<id>/rounds/<n>/rows/<player>``: round ``number``, stored already, corrected with this
    player's row (a row that arrived too late for it): checked as ``PUT /rounds/<n>`` checks it (every later round
    again). Only the edit key may: a player key grants only its own row of the round being filled in (API.md
    "Player links": everything else is 403). The game as GET shows it."""
    if who is not EDITOR:
        raise refuse_correction()
    player, row, went_out = read_late_row(game, number, name, body, who)
    return sheets.replace_round(game, number, with_row(game, number, player, row, went_out))
