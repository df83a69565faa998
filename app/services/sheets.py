"""Score sheets: create, read, record, correct, undo and settle tie-breakers, with the engine's checks.

Views (pages and JSON API) call these functions and never touch a rule themselves. Every write
runs in one transaction: on SQLite it begins ``IMMEDIATE`` (see :mod:`app.database`), elsewhere
the game row is locked first, so two phones saving the same round are serialised and the second
is told the round was taken (409). Standings are always replayed from the stored rounds.
"""

from __future__ import annotations

import unicodedata
from datetime import UTC, datetime
from typing import Any, cast, overload

from flask_babel import gettext as _
from sqlalchemy import CursorResult, delete, insert, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import joinedload, selectinload

from ..engine.errors import EngineError
from ..engine.players import name_key
from ..errors import ApiError
from ..extensions import db
from ..games import registry
from ..games.registry import GameType
from ..keys import hash_key, key_matches, new_edit_key, new_id, well_formed_id
from ..models import Game, IdempotentReply, Player, Result, Round, utcnow
from ..provisional import standings_change
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
            **(r.extra or {}),
            "results": [res.entry for res in r.results],
        }
        for r in game.rounds
    ]


def player_names(game: Game) -> list[str]:
    return [p.name for p in game.players]


def rules_of(game: Game):
    return kind_of(game).make_sheet_rules(game.rules)


def replay_data(game: Game) -> dict[str, Any]:
    """A stored game as the engine replays it, in JSON: its table ``rules`` as stored, ``players``, stored
    ``rounds``, ``tiebreaker`` result, ``first_dealer`` and ``lineup`` (the phone's offline count replays the same,
    app/provisional.py)."""
    return {
        "rules": game.rules or {},
        "players": player_names(game),
        "rounds": stored_rounds(game),
        "tiebreaker": game.tiebreaker_winner,
        "first_dealer": game.first_dealer,
        "lineup": game.lineup or [],
    }


def build_sheet(game: Game, *, tiebreaker: bool = True):
    """The engine's sheet for a stored game, replayed from its rounds (``tiebreaker=False``: without the
    recorded tie-breaker result)."""
    data = replay_data(game)
    return kind_of(game).replay(
        rules_of(game),
        data["players"],
        data["rounds"],
        data["tiebreaker"] if tiebreaker else None,
        first_dealer=data["first_dealer"],
        lineup=data["lineup"],
    )


def iso_time(moment: datetime | None) -> str | None:
    """A stored (UTC, naive) time as the API writes it: ISO 8601 with ``Z``; ``None`` stays ``None``."""
    if moment is None:
        return None
    return moment.replace(tzinfo=UTC, microsecond=0).isoformat().replace("+00:00", "Z")


@overload
def read_time(value: None) -> None: ...
@overload
def read_time(value: str) -> datetime: ...
def read_time(value: Any) -> datetime | None:
    """An ISO 8601 time as an export writes it, stored as naive UTC; ``None`` for ``None``; ValueError else."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise ValueError(value)
    moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
    if moment.tzinfo is not None:
        moment = moment.astimezone(UTC).replace(tzinfo=None)
    return moment


def life_json(game: Game) -> dict[str, Any]:
    """A game's life as ``GET /api/games/<id>`` shows it: ``started``, ``finished`` and ``notes``."""
    return {"started": iso_time(game.started_at), "finished": iso_time(game.finished_at), "notes": game.notes}


def _with_saved_times(game: Game, rounds: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each round of the engine's JSON with its ``saved`` time (``None`` when not known)."""
    saved = {row.number: row.saved_at for row in game.rounds}
    return [{**item, "saved": iso_time(saved.get(item["round"]))} for item in rounds]


def round_json(game: Game, sheet, number: int) -> dict[str, Any]:
    """Stored round ``number`` as ``GET`` shows it (with its saved time), without building the whole answer."""
    return _with_saved_times(game, [sheet.rounds[number - 1].to_json()])[0]


def game_json(game: Game, sheet=None) -> dict[str, Any]:
    """``GET /api/games/<id>``: the id, the version, the engine's standings and the game's life (times, note)."""
    from .tables import table_links  # the table's service builds on this one

    sheet = sheet if sheet is not None else build_sheet(game)
    from .drafts import draft_json

    body = {"id": game.id, "version": game.version, **table_links(game)}
    body.update(sheet.to_json())
    body["rounds"] = _with_saved_times(game, body["rounds"])
    body.update(life_json(game))
    if kind_of(game).named:
        body["name"] = game.name
    body["draft"] = draft_json(game, sheet)
    return body


def title_of(game: Game) -> str:
    """What a sheet is called on pages: the game's own name when it carries one ("Hearts"), else its kind's."""
    return game.name or str(kind_of(game).name)


def playing_names(data: dict[str, Any], number: int) -> list[str]:
    """The players at the table in round ``number`` of a game (its :func:`game_json`), in seating order: not
    those who left before it, nor those who joined after it."""
    return [
        p["name"]
        for p in data["players"]
        if (p.get("joined") or 1) <= number and (p.get("left") is None or number < p["left"])
    ]


def played_minutes(data: dict[str, Any]) -> int | None:
    """How long a game (its :func:`game_json`) has lasted, in whole minutes: from its start to its finish (to its
    last saved round while it goes on); ``None`` when a time is not known (imported from a file without times)."""
    rounds = data["rounds"]
    end = data["finished"] if data["status"] == "finished" else (rounds[-1]["saved"] if rounds else None)
    if not data["started"] or not end:
        return None
    seconds = (read_time(end) - read_time(data["started"])).total_seconds()
    return max(0, int(seconds // 60))


def settle_finish(game: Game, sheet, at: datetime | None = None) -> None:
    """Keep ``finished_at`` in step with the sheet: set (to ``at``, default now) when the game has just
    finished, cleared when it is open again (an undo or a correction reopened it)."""
    if sheet.status == "finished":
        if game.finished_at is None:
            game.finished_at = at or utcnow()
    else:
        game.finished_at = None


def export_game(game: Game) -> dict[str, Any]:
    """The whole game as JSON: what was created and entered (rounds as entered, with computed points)."""
    data = game_json(game)
    return {
        "format": "deckside-sheet",
        "format_version": 1,
        "game": game.kind,
        **({"name": game.name} if kind_of(game).named else {}),
        "players": player_names(game),
        "first_dealer": data["first_dealer"],
        "rules": data["rules"],
        "rounds": data["rounds"],
        "tiebreaker_winner": game.tiebreaker_winner,
        "lineup": game.lineup or [],
        **life_json(game),
        "standings": {"status": data["status"], "winner": data["winner"], "players": data["players"]},
    }


# --- credentials ---------------------------------------------------------------------------------


def check_edit_key(game: Game, key: str | None) -> str:
    """401 without an edit key, 403 with a wrong one; the key, once checked."""
    if not key:
        raise ApiError(_("Changing this game needs its edit key (Authorization: Bearer <edit key>)."), 401)
    if not key_matches(key, game.edit_key_hash):
        from .drafts import player_of_key, refuse_player

        if player_of_key(game, key) is not None:  # a player link: its own row of a draft only (not counted)
            raise refuse_player()
        refuse_wrong_key(game.id)  # 403, counted; 429 past the limit
    return key


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

MAX_NOTES = 2000
"""The longest note a game keeps, in characters."""


def check_notes(notes: Any) -> str | None:
    """A game's note as it is kept: the text trimmed (``None`` when it is empty); 400 naming the problem when
    it is not text, is longer than :data:`MAX_NOTES` characters, or holds control characters other than line
    breaks and tabs."""
    if notes is None:
        return None
    if not isinstance(notes, str):
        raise ApiError(_('"notes" must be text (or null to clear the note).'))
    notes = unicodedata.normalize("NFC", notes.replace("\r\n", "\n")).strip()
    if len(notes) > MAX_NOTES:
        raise ApiError(
            _("The note is {count} characters long; a note holds at most {maximum}.").format(
                count=len(notes), maximum=MAX_NOTES
            )
        )
    if any((unicodedata.category(c) in ("Cc", "Cs") and c not in "\n\t") or c in BIDI_CONTROLS for c in notes):
        raise ApiError(_("The note holds a control character: only text, line breaks and tabs are kept."))
    return notes or None


def change_players(game: Game, body: Any) -> dict[str, Any]:
    """``POST /api/games/<id>/players``: ``{"join": "Eve"}`` or ``{"leave": "Cy"}``, from the next round (the
    engine's checks: at least 2 players who have not left, the kind's player limit, names)."""
    if not isinstance(body, dict):
        raise ApiError(_("The body must be a JSON object."))
    unknown = sorted(set(body) - {"join", "leave"})
    if unknown:
        raise ApiError(
            _('Unknown field "{name}": send {{"join": "Eve"}} or {{"leave": "Cy"}}.').format(name=unknown[0])
        )
    check_name_characters([body.get("join")])
    sheet = build_sheet(game)
    try:
        change = sheet.change_lineup(body.get("join"), body.get("leave"))
    except EngineError as error:
        raise ApiError(str(error)) from error
    if "join" in change:
        from . import crews  # crews build on this service

        crews.player_joins(game, change["join"])  # a crew the game is in gains them as a person
    game.lineup = [*(game.lineup or []), change]  # a new list: the JSON column sees the change
    _bump(game)
    answer = game_json(game, sheet)
    _commit()
    return answer


def _keep_lineup_ahead(game: Game) -> bool:
    """After an undo: a join or leave meant for a round that is now two or more rounds ahead takes effect
    from the next round instead. Whether any moved."""
    next_round = len(game.rounds) + 1
    lineup = game.lineup or []
    if not any(change["round"] > next_round for change in lineup):
        return False
    game.lineup = [{**change, "round": min(change["round"], next_round)} for change in lineup]
    return True


def set_notes(game: Game, body: Any) -> dict[str, Any]:
    """``PUT /api/games/<id>/notes``: keep the game's note (``{"notes": "..."}``; empty or null clears it)."""
    if not isinstance(body, dict) or "notes" not in body:
        raise ApiError(_('Send the note as {"notes": "..."} (null or "" clears it).'))
    unknown = sorted(set(body) - {"notes"})
    if unknown:
        raise ApiError(_('Unknown field "{name}": a note is sent as {{"notes": "..."}}.').format(name=unknown[0]))
    notes = check_notes(body["notes"])
    if notes != game.notes:
        game.notes = notes
        _bump(game)
    answer = game_json(game)
    _commit()
    return answer


MAX_GAME_NAME = 40


def check_game_name(kind: GameType, name: Any) -> str | None:
    """The name of the game played on a sheet of ``kind`` (``"Hearts"``), trimmed; ``None`` when not given or
    blank. 400 when ``kind`` carries no name, or the name is not text of 1 to 40 characters without control
    characters."""
    if name is None:
        return None
    if not kind.named:
        named = ", ".join(f'"{k.id}"' for k in registry.all_games() if k.named)
        raise ApiError(
            _(
                '"name" is only for sheets that keep the score of any game ({kinds}); the other kinds are named by their game.'
            ).format(kinds=named)
        )
    if not isinstance(name, str):
        raise ApiError(_('"name" must be the game\'s name as text, such as "Hearts", or null.'))
    name = unicodedata.normalize("NFC", name).strip()
    if any(unicodedata.category(c) in ("Cc", "Cs") or c in BIDI_CONTROLS for c in name):
        raise ApiError(_("A game's name can hold letters, digits, spaces and signs, but no control characters."))
    if len(name) > MAX_GAME_NAME:
        raise ApiError(
            _("The game's name {name} is too long: at most {maximum} characters.").format(
                name=name, maximum=MAX_GAME_NAME
            )
        )
    return name or None


def new_game(kind_name: Any, players: Any, rules: Any, name: Any = None) -> tuple[Game, str]:
    """A new game, not yet in the session (nothing is stored), and its edit key (shown once; only its hash
    is kept). ``name``: the game played, for a kind that carries one (:func:`check_game_name`). 400 naming
    what is wrong with the game, its name, the players or the rules."""
    kind = registry.get(kind_name)
    if kind is None:
        raise ApiError(_('"game" must be one of: {kinds}.').format(kinds=", ".join(f'"{k}"' for k in registry.ids())))
    game_name = check_game_name(kind, name)
    check_name_characters(players)
    try:
        names = kind.check_players(players)
        ruleset = kind.make_sheet_rules(rules)
    except EngineError as error:
        raise ApiError(str(error)) from error
    key = new_edit_key()
    game = Game(
        id=new_id(),
        kind=kind.id,
        rules=ruleset.to_dict(),
        version=1,
        edit_key_hash=hash_key(key),
        started_at=utcnow(),
        name=game_name,
    )
    game.players = [Player(seat=seat, name=name) for seat, name in enumerate(names)]
    return game, key


def create_game(kind_name: Any, players: Any, rules: Any, *, commit: bool = True, name: Any = None) -> tuple[Game, str]:
    """A new game (:func:`new_game`) added to the session, and its edit key.

    ``commit=False`` leaves the transaction open for the caller to commit.
    """
    game, key = new_game(kind_name, players, rules, name)
    db.session.add(game)
    if commit:
        db.session.commit()
    return game, key


def _result_values(game: Game, data: dict[str, Any]) -> list[dict[str, Any]]:
    """The columns of one :class:`Result` row per player in a scored round's JSON (what was entered, the points)."""
    joined = [change["join"] for change in game.lineup or [] if "join" in change]  # seated after the others
    seats = {name_key(name): seat for seat, name in enumerate([*player_names(game), *joined])}
    return [
        {"seat": seats[name_key(item["player"])], "entry": item, "points": int(item.get("points") or 0)}
        for item in data["results"]
    ]


def round_values(game: Game, scored) -> dict[str, Any]:
    """A scored round of ``game`` as the columns of its :class:`Round` row, with its ``results`` rows."""
    data = scored.to_json()
    return {
        "number": data["round"],
        "went_out": data.get("went_out") or "",
        "extra": round_extra(game, data),
        "saved_at": utcnow(),
        "results": _result_values(game, data),
    }


def round_extra(game: Game, data: dict[str, Any]) -> dict[str, Any] | None:
    """The game's own round keys (:attr:`GameType.round_keys`) of a scored round's JSON, as stored in
    :attr:`Round.extra`; ``None`` when it has none."""
    extra = {k: data[k] for k in kind_of(game).round_keys if k in data}
    return extra or None


def _store_round(game: Game, scored, saved_at: datetime | None = None) -> Round:
    values = round_values(game, scored)
    return Round(
        number=values["number"],
        went_out=values["went_out"],
        extra=values["extra"],
        saved_at=saved_at or values["saved_at"],
        results=[Result(**r) for r in values["results"]],
    )


def insert_rounds(game_id: str, rounds: list[dict[str, Any]]) -> None:
    """Insert rounds given as :func:`round_values` makes them, in three statements under the caller's write
    lock (the unit of work's bookkeeping for hundreds of rows would hold the lock far longer): the rounds
    (one ``executemany``), their ids read back by number, and their results (one ``executemany``). Reading
    the ids back works alike everywhere: SQLite would send an ``INSERT … RETURNING`` per row."""
    if not rounds:
        return
    rows = [
        {
            "game_id": game_id,
            "number": r["number"],
            "went_out": r["went_out"],
            "extra": r.get("extra"),
            "saved_at": r.get("saved_at"),
        }
        for r in rounds
    ]
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


def _remember(game: Game, idempotency_key: str | None, status: int, answer: Game | None = None) -> None:
    """Keep that ``idempotency_key`` was answered ``status`` about ``answer`` (default: ``game``): a few bytes,
    not the answer. The game's own keys older than ``IDEMPOTENCY_DAYS`` go at the same time."""
    if idempotency_key:
        prune_replies(game.id)
        answer_id = (answer or game).id
        db.session.add(IdempotentReply(game_id=game.id, key=idempotency_key, status=status, answer_id=answer_id))


def prune_replies(game_id: str | None = None) -> int:
    """Delete the idempotency keys (of ``game_id``, or of every game) older than ``IDEMPOTENCY_DAYS``: a phone
    resending a write later than that is answered as a new write (a round: 409, it was stored)."""
    from .retention import reply_cutoff

    query = delete(IdempotentReply).where(IdempotentReply.created_at < reply_cutoff())
    if game_id is not None:
        query = query.where(IdempotentReply.game_id == game_id)
    # A DELETE answers a CursorResult (Session.execute is typed as answering a Result).
    return cast(CursorResult[Any], db.session.execute(query)).rowcount or 0


def replay_reply(game: Game, idempotency_key: str | None) -> tuple[dict[str, Any], int] | None:
    """The answer to a write whose idempotency key this game has answered already, if any: the same status, and
    the game that answer held (``game``, or a rematch's new game) as it is now."""
    if not idempotency_key:
        return None
    found = db.session.execute(
        select(IdempotentReply.status, IdempotentReply.answer_id).where(
            IdempotentReply.game_id == game.id, IdempotentReply.key == idempotency_key
        )
    ).first()
    if found is None:
        return None
    if found.answer_id in (None, game.id):
        return game_json(game), found.status
    return game_json(get_game(found.answer_id)), found.status


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
    settle_finish(game, sheet)
    game.draft = None  # the round being filled in together is stored (API.md "A round entered together")
    _bump(game)
    reply = game_json(game, sheet) if answer else {}
    _remember(game, idempotency_key, 201)
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


def preview_change(game: Game, body: Any, sheet=None) -> tuple[Any, dict[str, dict[str, Any]]]:
    """The next round as it would be saved (as :func:`preview_round`) and what it changes in each player's line of
    the standings, as the engine scores it: each whole-number field's difference (``score``, and a game's own such
    as a phase; ``None`` where a number ends, a last phase completed). A round kept on a phone without a connection
    carries it, so the sheet can show provisional standings without scoring anything itself (issue 22).

    ``sheet`` (the game's sheet, if built already) is changed: do not use it afterwards."""
    entry = _entry(game, body)
    sheet = sheet if sheet is not None else build_sheet(game)
    try:
        return standings_change(sheet, entry)
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
    row.extra = round_extra(game, data)
    row.results.clear()
    db.session.flush()
    row.results.extend(Result(**values) for values in _result_values(game, data))
    settle_finish(game, sheet)
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
    if _keep_lineup_ahead(game):
        sheet = build_sheet(game)  # the joiner's starting total is worked out again from the rounds left
    settle_finish(game, sheet)
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
    settle_finish(game, sheet)
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
    settle_finish(game, sheet)
    _bump(game)
    answer = game_json(game, sheet)
    _commit()
    return answer
