"""Score sheets: create, read, record, correct, undo and settle tie-breakers, with the engine's checks.

Views (pages and JSON API) call these functions and never touch a rule themselves. Every write
runs in one transaction: on SQLite it begins ``IMMEDIATE`` (see :mod:`app.database`), elsewhere
the game row is locked first, so two phones saving the same round are serialised and the second
is told the round was taken (409). Standings are always replayed from the stored rounds.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from flask_babel import gettext as _
from sqlalchemy import insert, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import joinedload, selectinload

from ..engine.errors import EngineError
from ..engine.players import name_key
from ..errors import ApiError
from ..extensions import db
from ..games import registry
from ..games.registry import GameType
from ..keys import hash_key, key_matches, new_edit_key, new_id, well_formed_id
from ..models import Game, IdempotentReply, Player, Result, Round
from ..security import refuse_wrong_key

MAX_ROUNDS = 200
"""Rounds a sheet holds at most (a real game has far fewer; every save replays them all)."""

BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Direction controls: in a name they could turn the rest of a line around (pages isolate names with <bdi>)."""


def check_name_characters(names: Any) -> None:
    """400 when a name holds a control character (a line break, a NUL, a direction override) or half of a
    surrogate pair (text that cannot be stored as UTF-8)."""
    if not isinstance(names, (list, tuple)):
        return
    for name in names:
        if isinstance(name, str) and any(unicodedata.category(c) in ("Cc", "Cs") or c in BIDI_CONTROLS for c in name):
            raise ApiError(_("A player's name can hold letters, digits, spaces and signs, but no control characters."))


class Conflict(ApiError):
    """A write that lost a race or was made on a stale version (409)."""

    def __init__(self, message: str):
        super().__init__(message, 409)


def kind_of(game: Game) -> GameType:
    """The registered game a stored game is one of."""
    return registry.require(game.kind)


# --- reading -------------------------------------------------------------------------------------


def get_game(game_id: str, lock: bool = False) -> Game:
    """The game with this id, or a 404 (before any credential check)."""
    # The game, its rounds and their results in one statement: under PostgreSQL's READ COMMITTED each
    # statement sees its own snapshot, so rounds and results read apart could straddle another request's
    # commit (an undo's round without its results). Players (never changed once created) in a second one.
    query = (
        select(Game)
        .where(Game.id == game_id)
        .options(selectinload(Game.players), joinedload(Game.rounds).joinedload(Round.results))
    )
    if lock and db.session.get_bind().dialect.name != "sqlite":
        query = query.with_for_update(of=Game)
    # Ids are URL-safe base64; anything else is not looked up (PostgreSQL refuses a NUL in a query).
    game = db.session.execute(query).unique().scalar_one_or_none() if well_formed_id(game_id) else None
    if game is None:
        raise ApiError(_("There is no game with this id."), 404)
    return game


def stored_rounds(game: Game) -> list[dict[str, Any]]:
    """The rounds as the engine stored them, in order."""
    # A game where nobody goes out (points) stores an empty went_out.
    return [
        {
            "round": r.number,
            **({"went_out": r.went_out} if r.went_out else {}),
            "results": [res.entry for res in r.results],
        }
        for r in game.rounds
    ]


def player_names(game: Game) -> list[str]:
    return [p.name for p in game.players]


def rules_of(game: Game):
    return kind_of(game).make_rules(game.rules)


def build_sheet(game: Game, *, tiebreaker: bool = True):
    """The engine's sheet for a stored game, replayed from its rounds (``tiebreaker=False``: without the
    recorded tie-breaker result)."""
    winner = game.tiebreaker_winner if tiebreaker else None
    return kind_of(game).replay(
        rules_of(game), player_names(game), stored_rounds(game), winner, first_dealer=game.first_dealer
    )


def game_json(game: Game, sheet=None) -> dict[str, Any]:
    """``GET /api/games/<id>``: the id, the version, and the engine's standings."""
    from .tables import table_links  # the table's service builds on this one

    sheet = sheet if sheet is not None else build_sheet(game)
    from .drafts import draft_json

    body = {"id": game.id, "version": game.version, **table_links(game)}
    body.update(sheet.to_json())
    body["draft"] = draft_json(game, sheet)
    return body


def export_game(game: Game) -> dict[str, Any]:
    """The whole game as JSON: what was created and entered (rounds as entered, with computed points)."""
    data = game_json(game)
    return {
        "format": "deckside-sheet",
        "format_version": 1,
        "game": game.kind,
        "players": player_names(game),
        "first_dealer": data["first_dealer"],
        "rules": data["rules"],
        "rounds": data["rounds"],
        "tiebreaker_winner": game.tiebreaker_winner,
        "standings": {"status": data["status"], "winner": data["winner"], "players": data["players"]},
    }


# --- credentials ---------------------------------------------------------------------------------


def check_edit_key(game: Game, key: str | None) -> None:
    """401 without an edit key, 403 with a wrong one."""
    if not key:
        raise ApiError(_("Changing this game needs its edit key (Authorization: Bearer <edit key>)."), 401)
    if not key_matches(key, game.edit_key_hash):
        from .drafts import player_of_key, refuse_player

        if player_of_key(game, key) is not None:  # a player link: its own row of a draft only (not counted)
            raise refuse_player()
        refuse_wrong_key(game.id)  # 403, counted; 429 past the limit


def unchanged_since_read(game: Game) -> bool:
    """Under the write lock: whether the stored game still has the version and the edit key it was read with
    (on PostgreSQL the row is locked until the transaction ends). The loaded objects are left as read."""
    query = select(Game.version, Game.edit_key_hash).where(Game.id == game.id)
    if db.session.get_bind().dialect.name != "sqlite":
        query = query.with_for_update()
    stored = db.session.execute(query).one_or_none()
    return stored is not None and tuple(stored) == (game.version, game.edit_key_hash)


def replace_edit_key(game: Game) -> str:
    """A new edit key for ``game`` (the caller checked the current one): the old key stops working at once."""
    key = new_edit_key()
    game.edit_key_hash = hash_key(key)
    _commit()
    return key


def check_version(game: Game | Any, if_match: str | None) -> None:
    """409 when ``If-Match`` names another version than the game's current one (a sheet or a digital game)."""
    if if_match is None:
        return
    value = if_match.strip().strip('"').removeprefix("W/").strip('"')
    if value != str(game.version):
        raise Conflict(
            _(
                "The game has changed since you loaded it (version {current} now, not {sent}): "
                "reload it and make your change again."
            ).format(current=game.version, sent=value[:20])
        )


# --- writing -------------------------------------------------------------------------------------


def new_game(kind_name: Any, players: Any, rules: Any) -> tuple[Game, str]:
    """A new game, not yet in the session (nothing is stored), and its edit key (shown once; only its hash
    is kept). 400 naming what is wrong with the game, the players or the rules."""
    kind = registry.get(kind_name)
    if kind is None:
        raise ApiError(_('"game" must be one of: {kinds}.').format(kinds=", ".join(f'"{k}"' for k in registry.ids())))
    check_name_characters(players)
    try:
        names = kind.check_players(players)
        ruleset = kind.make_rules(rules)
    except EngineError as error:
        raise ApiError(str(error)) from error
    key = new_edit_key()
    game = Game(id=new_id(), kind=kind.id, rules=ruleset.to_dict(), version=1, edit_key_hash=hash_key(key))
    game.players = [Player(seat=seat, name=name) for seat, name in enumerate(names)]
    return game, key


def create_game(kind_name: Any, players: Any, rules: Any, *, commit: bool = True) -> tuple[Game, str]:
    """A new game (:func:`new_game`) added to the session, and its edit key.

    ``commit=False`` leaves the transaction open for the caller to commit.
    """
    game, key = new_game(kind_name, players, rules)
    db.session.add(game)
    if commit:
        db.session.commit()
    return game, key


def _result_values(game: Game, data: dict[str, Any]) -> list[dict[str, Any]]:
    """The columns of one :class:`Result` row per player in a scored round's JSON (what was entered, the points)."""
    seats = {name_key(name): seat for seat, name in enumerate(player_names(game))}
    return [
        {"seat": seats[name_key(item["player"])], "entry": item, "points": int(item.get("points") or 0)}
        for item in data["results"]
    ]


def round_values(game: Game, scored) -> dict[str, Any]:
    """A scored round of ``game`` as the columns of its :class:`Round` row, with its ``results`` rows."""
    data = scored.to_json()
    return {"number": data["round"], "went_out": data.get("went_out") or "", "results": _result_values(game, data)}


def _store_round(game: Game, scored) -> Round:
    values = round_values(game, scored)
    return Round(number=values["number"], went_out=values["went_out"], results=[Result(**r) for r in values["results"]])


def insert_rounds(game_id: str, rounds: list[dict[str, Any]]) -> None:
    """Insert rounds given as :func:`round_values` makes them, in three statements under the caller's write
    lock (the unit of work's bookkeeping for hundreds of rows would hold the lock far longer): the rounds
    (one ``executemany``), their ids read back by number, and their results (one ``executemany``). Reading
    the ids back works alike everywhere: SQLite would send an ``INSERT … RETURNING`` per row."""
    if not rounds:
        return
    rows = [{"game_id": game_id, "number": r["number"], "went_out": r["went_out"]} for r in rounds]
    db.session.execute(insert(Round), rows)
    numbers = [r["number"] for r in rounds]
    query = select(Round.number, Round.id).where(Round.game_id == game_id, Round.number.in_(numbers))
    ids = {row.number: row.id for row in db.session.execute(query)}
    db.session.execute(insert(Result), [{"round_id": ids[r["number"]], **row} for r in rounds for row in r["results"]])


def store_rounds(game: Game, rounds: list[dict[str, Any]]) -> None:
    """Add the next rounds of a game in the session (made by :func:`round_values` from rounds that
    :func:`score_round` checked), as recording them one by one would: the version moves on by one a round.
    ``game.rounds`` is read again when next used."""
    if not rounds:
        return
    db.session.flush()  # the game row (a new game's, with its players) before its rounds
    insert_rounds(game.id, rounds)
    game.version += len(rounds)
    db.session.expire(game, ["rounds"])


def refusal(error: EngineError) -> ApiError:
    """A 400 carrying the engine's sentence (and the player it is about, when it says), with every refusal
    of the same body for a form to show (``ApiError.refusals``)."""
    return ApiError(str(error), 400, getattr(error, "player", None), refusals=(error, *getattr(error, "also", ())))


def _entry(game: Game, body: Any):
    try:
        return kind_of(game).parse_round(body, rules_of(game))
    except EngineError as error:
        raise refusal(error) from error


def _bump(game: Game) -> None:
    game.version += 1


def _remember(game: Game, idempotency_key: str | None, status: int, body: dict[str, Any]) -> None:
    if idempotency_key:
        db.session.add(IdempotentReply(game_id=game.id, key=idempotency_key, status=status, body=body))


def replay_reply(game: Game, idempotency_key: str | None) -> tuple[dict[str, Any], int] | None:
    """The answer already given to this idempotency key on this game, if any."""
    if not idempotency_key:
        return None
    found = db.session.execute(
        select(IdempotentReply).where(IdempotentReply.game_id == game.id, IdempotentReply.key == idempotency_key)
    ).scalar_one_or_none()
    return (found.body, found.status) if found else None


def check_idempotency_key(value: str | None) -> str | None:
    if value is None:
        return None
    if not value or len(value) > 100:
        raise ApiError(_("An Idempotency-Key is a string of 1 to 100 characters."))
    return value


def _commit() -> None:
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        raise Conflict(_("Someone else saved this round at the same moment: reload the sheet.")) from None


def score_round(game: Game, body: Any, sheet) -> Any:
    """Round ``body`` scored and added to ``sheet`` (the game's sheet, in memory; nothing is stored): the
    scored round, or :class:`ApiError` with the reason."""
    try:
        sheet.check_open()
    except EngineError as error:
        raise ApiError(str(error)) from error
    entry = _entry(game, body)
    try:
        return sheet.add_round(entry)
    except EngineError as error:
        raise refusal(error) from error


def check_next_round(game: Game, body: Any, expected: int | None = None) -> None:
    """400/409 unless ``body`` is an object naming the game's next round (the checks that need no replay);
    ``expected``: that round's number when rounds not yet stored come before it (default: the next one)."""
    if not isinstance(body, dict):
        raise ApiError(_("The body must be a JSON object."))
    expected = len(game.rounds) + 1 if expected is None else expected
    number = body.get("round")
    if number is None:
        raise ApiError(
            _('"round" is missing: send the number of the round you are recording ({expected}).').format(
                expected=expected
            )
        )
    if isinstance(number, bool) or not isinstance(number, int):
        raise ApiError(_('"round" must be a whole number.'))
    if number != expected:
        raise Conflict(
            _(
                "Round {number} was already saved, perhaps from another phone: reload the sheet "
                "(the next round is {expected})."
            ).format(number=number, expected=expected)
            if number < expected
            else _("The next round is {expected}, not {number}: reload the sheet.").format(
                number=number, expected=expected
            )
        )
    if number > MAX_ROUNDS:
        raise ApiError(
            _("A sheet holds at most {maximum} rounds: start a new sheet to go on.").format(maximum=MAX_ROUNDS)
        )


def prepare_round(game: Game, body: Any, idempotency_key: str | None = None, sheet=None) -> tuple[Any, Any] | None:
    """The long part of recording a round, before the write lock: the sheet replayed and the round checked
    and scored in it, ``(sheet, scored)`` for :func:`record_round`; 400/409 with the reason, as recording it
    would answer. ``None`` when the idempotency key was answered already (recording it answers that again).
    ``sheet`` is the game's sheet when the caller has built it already (the round is added to it)."""
    idempotency_key = check_idempotency_key(idempotency_key)
    if replay_reply(game, idempotency_key) is not None:
        return None
    check_next_round(game, body)
    sheet = sheet if sheet is not None else build_sheet(game)
    return sheet, score_round(game, body, sheet)


def record_round(
    game: Game,
    body: Any,
    idempotency_key: str | None = None,
    *,
    commit: bool = True,
    sheet=None,
    answer: bool = True,
    prepared: tuple[Any, Any] | None = None,
) -> tuple[dict[str, Any], int]:
    """Record the next round; the answer (the whole game) and its status, 201.

    ``commit=False`` leaves the transaction open (an import adds its rounds and commits once). ``sheet`` is
    the game's sheet when the caller has built it already. ``answer=False`` skips building the answer
    (``{}``) when the caller has no use for it. ``prepared`` is what :func:`prepare_round` answered for this
    game at its current version (before the write lock was taken)."""
    idempotency_key = check_idempotency_key(idempotency_key)
    replay = replay_reply(game, idempotency_key)
    if replay is not None:
        return replay
    check_next_round(game, body)
    if prepared is not None:
        sheet, scored = prepared
    else:
        sheet = sheet if sheet is not None else build_sheet(game)
        scored = score_round(game, body, sheet)
    game.rounds.append(_store_round(game, scored))
    game.draft = None  # the round being filled in together is stored (API.md "A round entered together")
    _bump(game)
    reply = game_json(game, sheet) if answer or idempotency_key else {}
    _remember(game, idempotency_key, 201, reply)
    if commit:
        _commit()
    return reply, 201


def preview_round(game: Game, body: Any, sheet=None):
    """The round as it would be saved as the next one, without saving; raises ApiError with the reason."""
    entry = _entry(game, body)
    try:
        return (sheet if sheet is not None else build_sheet(game)).check_round(entry)
    except EngineError as error:
        raise refusal(error) from error


def preview_replacement(game: Game, number: int, body: Any, sheet=None):
    """Round ``number`` corrected as ``body`` says (every later round checked again), without saving.

    ``sheet`` (the game's sheet, if built already) is changed: do not use it afterwards."""
    entry = _entry(game, body)
    sheet = sheet if sheet is not None else build_sheet(game)
    try:
        sheet.replace_round(number, entry)
    except EngineError as error:
        raise refusal(error) from error
    return sheet.rounds[number - 1]


def require_round(game: Game, number: int) -> Round:
    """Round ``number`` of the game; 404 when it has none (checked before a body about it is read)."""
    for row in game.rounds:
        if row.number == number:
            return row
    raise ApiError(_("There is no round {number} in this game.").format(number=number), 404)


def replace_round(
    game: Game, number: int, body: Any, if_match: str | None = None, sheet=None, corrected=None
) -> dict[str, Any]:
    """Replace round ``number``; every later round is checked again (400 naming the one that fails).

    ``corrected`` is what :func:`correct_round` answered for this game at its current version, computed
    before the write lock was taken (the long part: every later round checked again)."""
    check_version(game, if_match)
    row = require_round(game, number)
    sheet, correction = corrected if corrected is not None else correct_round(game, number, body, sheet)
    if correction.tiebreaker_dropped:
        game.tiebreaker_winner = None
    data = sheet.rounds[number - 1].to_json()
    row.went_out = data.get("went_out") or ""
    row.results.clear()
    db.session.flush()
    row.results.extend(Result(**values) for values in _result_values(game, data))
    _bump(game)
    answer = game_json(game, sheet)
    _commit()
    return answer


def correct_round(game: Game, number: int, body: Any, sheet=None) -> tuple[Any, Any]:
    """Round ``number`` of the game's sheet replaced as ``body`` says, every later round checked again, in
    memory: ``(sheet, correction)``; 400 saying why it cannot be. Reads only (no lock needed)."""
    require_round(game, number)
    if not isinstance(body, dict):
        raise ApiError(_("The body must be a JSON object."))
    given = body.get("round")
    if given is not None and (isinstance(given, bool) or not isinstance(given, int)):
        raise ApiError(_('"round" must be a whole number.'))
    if given is not None and given != number:
        raise ApiError(
            _('"round" in the body ({given}) must be the round being replaced ({number}).').format(
                given=given, number=number
            )
        )
    entry = _entry(game, body)
    sheet = sheet if sheet is not None else build_sheet(game)
    try:
        correction = sheet.replace_round(number, entry)
    except EngineError as error:
        raise refusal(error) from error
    return sheet, correction


def prepare_undo(game: Game, number: int, if_match: str | None = None) -> tuple[Any, Any]:
    """The game's sheet without its last round ``number``, in memory: ``(sheet, correction)``; 409 when round
    ``number`` is not the last one. Reads only (the replay runs before the write lock is taken)."""
    check_version(game, if_match)
    require_round(game, number)
    if number != len(game.rounds):
        raise Conflict(
            _("Only the last round ({last}) can be undone; correct round {number} instead.").format(
                last=len(game.rounds), number=number
            )
        )
    sheet = build_sheet(game)
    return sheet, sheet.undo()


def undo_round(game: Game, number: int, if_match: str | None = None, prepared=None) -> dict[str, Any]:
    """Remove round ``number`` when it is the last one (409 otherwise).

    ``prepared`` is what :func:`prepare_undo` answered for this game at its current version, computed before
    the write lock was taken; without it the sheet is replayed here."""
    sheet, correction = prepared if prepared is not None else prepare_undo(game, number, if_match)
    check_version(game, if_match)
    row = require_round(game, number)
    if correction.tiebreaker_dropped:
        game.tiebreaker_winner = None
    game.rounds.remove(row)
    _bump(game)
    answer = game_json(game, sheet)
    _commit()
    return answer


def prepare_tiebreaker(game: Game, body: Any, if_match: str | None = None, sheet=None):
    """The game's sheet with the tie-breaker result ``body`` names, in memory; 409 when no tie-breaker is
    pending, 400 for a winner who did not tie. Reads only (the replay runs before the write lock is taken).
    ``sheet`` is the game's sheet when the caller has built it already (it is changed)."""
    check_version(game, if_match)
    if not isinstance(body, dict):
        raise ApiError(_("The body must be a JSON object."))
    winner = body.get("winner")
    kind = kind_of(game)
    if not kind.has_tiebreaker:
        raise Conflict(_("{game} has no tie-breaker round.").format(game=kind.name))
    sheet = sheet if sheet is not None else build_sheet(game)
    tie = sheet.tiebreaker
    if tie is None or tie.get("winner") is not None:
        raise Conflict(_("No tie-breaker is waiting for a result in this game."))
    if not isinstance(winner, str):
        raise ApiError(_('"winner" must be the name of the player who laid the tie-breaker phase down first.'))
    try:
        sheet.record_tiebreaker(winner)
    except EngineError as error:
        raise ApiError(str(error)) from error
    return sheet


def record_tiebreaker(
    game: Game, body: Any, if_match: str | None = None, *, commit: bool = True, prepared=None, answer: bool = True
) -> dict[str, Any]:
    """Record who laid the tie-breaker phase down first (409 when no tie-breaker is pending).

    ``prepared`` is what :func:`prepare_tiebreaker` answered for this game at its current version (computed
    before the write lock was taken); without it the sheet is replayed here. ``commit=False`` leaves the
    transaction open for the caller; ``answer=False`` skips building the answer (``{}``)."""
    sheet = prepared if prepared is not None else prepare_tiebreaker(game, body, if_match)
    check_version(game, if_match)
    game.tiebreaker_winner = sheet.tiebreaker["winner"]
    _bump(game)
    reply = game_json(game, sheet) if answer else {}
    if commit:
        _commit()
    return reply


def prepare_clear_tiebreaker(game: Game, if_match: str | None = None):
    """The game's sheet without its tie-breaker result, in memory; 409 when there is none. Reads only."""
    check_version(game, if_match)
    if not kind_of(game).has_tiebreaker or game.tiebreaker_winner is None:
        raise Conflict(_("There is no tie-breaker result to take back."))
    return build_sheet(game, tiebreaker=False)


def clear_tiebreaker(game: Game, if_match: str | None = None, prepared=None) -> dict[str, Any]:
    """Take a recorded tie-breaker result back (409 when there is none); ``prepared``: see
    :func:`prepare_clear_tiebreaker` (computed before the write lock was taken)."""
    sheet = prepared if prepared is not None else prepare_clear_tiebreaker(game, if_match)
    check_version(game, if_match)
    game.tiebreaker_winner = None
    _bump(game)
    answer = game_json(game, sheet)
    _commit()
    return answer
