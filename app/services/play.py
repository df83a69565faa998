"""Digital games (``/api/play``): create, read and act, with bots moving in between and finished rounds
landing in a score sheet.

The engine holds every rule; this module stores its state and translates its errors:

- The whole state (the engine's ``to_json``) is one JSON column of :class:`~app.models.PlayGame`,
  saved with an optimistic version check (``UPDATE ... WHERE version = <the version read>``), so
  of two actions made on the same version one wins and the other gets a 409 with nothing
  written. A game resumes from that column alone (after a reload or a restart).
- Every write (the action, the bots' moves, the rounds landed in the score sheet) is one
  transaction: on SQLite it begins ``IMMEDIATE`` (see :mod:`app.database`).
- When a round (Phase 10) or a hand (UNO) ends, it is recorded in a score sheet with the checks of
  ``POST /api/games/<id>/rounds`` (:func:`app.services.sheets.check_next_round` and
  :func:`~app.services.sheets.score_round`), so the sheet's engine checks every round the digital game
  produced. This runs before the write lock (:func:`prepare_landing`); the lock holds only the inserts
  (:func:`land`). The sheet is created with the first finished round, with the same players and rules;
  its edit key is thrown away, so nobody can change it afterwards. A sheet that refuses a round is an
  engine bug: with ``PLAY_STRICT_SHEETS`` (on when ``TESTING``) it raises; otherwise it is logged, the
  rounds before it are landed, the reason is kept in ``sheet_error``, and the game goes on without
  landing more.

Choices where API.md leaves room:

- A seat that is a bot cannot be acted for or looked at with the key (400): the key holder plays
  for the people at the table, not the bots.
- Bots move for at most ``PLAY_BOT_BUDGET_MS`` (100) milliseconds per request (API.md "Long work in a
  request"): a game whose next moves are all bots' answers with the state reached and continues on the
  next request that reads it (:func:`load_advanced`). A run is capped at :data:`MAX_ROUNDS` Phase 10
  rounds or UNO hands — the rounds a score sheet holds — after which the game stays as it stands.
- The bots' moves are computed before the write lock is taken (:func:`app.database.begin_write`); the
  write transaction holds only the version check, the state and the landed rounds.
- ``If-Match: <version>`` on an action makes it conditional (409 when the game has moved on);
  the state carries its ``version``.
"""

from __future__ import annotations

import copy
import functools
import pickle
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, cast

from flask import current_app
from flask_babel import gettext as _
from sqlalchemy import func, select
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.orm.exc import StaleDataError

from ..database import begin_write, commit_keeping_loaded
from ..engine.errors import EngineError, GameOverError, NotYourTurnError
from ..engine.players import parse_seats
from ..errors import CONFLICT_POSTGRES, ApiError
from ..extensions import db
from ..games import registry
from ..handover import claim_link
from ..i18n import format_list
from ..keys import hash_key, new_edit_key, new_id, well_formed_id
from ..models import Game, PlayGame, Round, utcnow
from . import claims, sheets
from . import seats as seat_rules
from .sheets import Conflict

MAX_ROUNDS = sheets.MAX_ROUNDS
"""Bots stop after this many Phase 10 rounds or UNO hands: as many as a score sheet holds."""


MAX_SEED = 2**63 - 1
REMATCH = "rematch"
"""Where a rematch's ``Idempotency-Key`` is remembered (beside the seats' action keys)."""
RETRIES = 3
"""An action sent without ``If-Match`` that met another write is tried again on the new state (so actions
arriving together are settled in the order they arrive, each checked against the table it meets)."""
CREATE_FIELDS = ("game", "seats", "rules", "seed", "deck")
ACTION_FIELDS = ("seat", "action")


BOT_STEP = 16
"""Bot actions taken between two looks at the clock."""


clock = time.perf_counter
"""The bots' budget is measured on this clock (seconds); tests replace it to check the budget without timing."""


def run_bots_bounded(kind: PlayKind, engine: Any) -> int:
    """Let the bots move for at most ``PLAY_BOT_BUDGET_MS`` milliseconds; returns how many actions they took."""
    deadline = clock() + float(current_app.config["PLAY_BOT_BUDGET_MS"]) / 1000
    total = 0
    while True:
        taken = kind.run_bots(engine, max_actions=BOT_STEP)
        total += taken
        if taken < BOT_STEP or clock() >= deadline:
            return total


@dataclass(frozen=True)
class PlayKind:
    """How the service reaches one game's digital engine."""

    name: str
    new: Callable[..., Any]
    from_json: Callable[[dict[str, Any]], Any]
    make_rules: Callable[[Any], Any]
    bots: tuple[str, ...]
    min_seats: int
    max_seats: int
    run_bots: Callable[..., int]
    bots_to_move: Callable[[Any], bool]


def _play_kind(game: Any) -> PlayKind:
    """How the service reaches the digital version of one registered game."""
    digital = game.digital
    return PlayKind(
        game.id,
        digital.game,
        digital.from_json,
        game.make_rules,
        tuple(digital.bots),
        game.min_players,
        game.max_players,
        functools.partial(digital.run_bots, max_rounds=MAX_ROUNDS),
        digital.bots_to_move or (lambda _engine: True),
    )


KINDS = {game.id: _play_kind(game) for game in registry.all_games() if game.digital is not None}
"""The games that can be played on the device, by kind id (from the registry)."""


# --- engine helpers --------------------------------------------------------------------------------


def names_of(engine: Any) -> list[str]:
    return list(engine.names)


def bots_of(engine: Any) -> list[str | None]:
    return list(engine.bots)


def is_finished(engine: Any) -> bool:
    return engine.status != "playing"


def copy_state(state: dict[str, Any]) -> dict[str, Any]:
    """A copy of a stored state (JSON: dicts, lists, strings, numbers) that the engine may change: through
    ``pickle``, about three times faster than ``copy.deepcopy`` (a ten-bot game's 150 kB state: 5 ms, not 14),
    which every read of a digital game pays."""
    return cast(dict[str, Any], pickle.loads(pickle.dumps(state, pickle.HIGHEST_PROTOCOL)))


def load(play: PlayGame) -> Any:
    """The engine rebuilt from the stored state."""
    return KINDS[play.kind].from_json(copy_state(play.state))


def bots_to_move(play: PlayGame, engine: Any) -> bool:
    """Whether a read of this game must let bots move first (long work: in a slot, :mod:`app.heavy`)."""
    return not is_finished(engine) and KINDS[play.kind].bots_to_move(engine)


def load_advanced(play: PlayGame) -> Any:
    """The engine, after the bots' moves that were waiting (bounded like every request's): a game of bots
    advances as it is watched. When another request moved the game meanwhile, the stored state is shown."""
    engine = load(play)
    read = play.version
    before = engine.turn
    if is_finished(engine) or not run_bots_bounded(KINDS[play.kind], engine):
        return engine
    try:
        _write(play, engine, read, None, lambda: seat_rules.mark_turn(play, before, engine.turn, None))
    except Conflict:
        db.session.rollback()
        return load(play)
    return engine


# --- reading -----------------------------------------------------------------------------------------


def get_play(play_id: str) -> PlayGame:
    """The digital game with this id, or a 404 (before any credential check)."""
    found = None
    if well_formed_id(play_id):
        found = db.session.execute(select(PlayGame).where(PlayGame.id == play_id)).scalar_one_or_none()
    if found is None:
        raise ApiError(_("There is no game with this id."), 404)
    return found


def parse_seat(value: Any, engine: Any) -> int:
    """A seat number given as an int or a string of digits, checked against the table (400)."""
    count = len(names_of(engine))
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit() and len(value.strip()) <= 3:
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < count:
        raise ApiError(_('"seat" must be a seat number from 0 to {last}.').format(last=count - 1))
    return value


def person_seat(value: Any, engine: Any) -> int:
    """:func:`parse_seat`, refusing a bot's seat (400): the edit key plays for the people only."""
    seat = parse_seat(value, engine)
    bot = bots_of(engine)[seat]
    if bot is not None:
        if bot == "smart":
            text = _("Seat {seat} ({name}) is played by the smart bot; act and look only for the people's seats.")
        elif bot == "random":
            text = _("Seat {seat} ({name}) is played by the random bot; act and look only for the people's seats.")
        else:
            text = _("Seat {seat} ({name}) is played by a bot; act and look only for the people's seats.")
        raise ApiError(text.format(seat=seat, name=names_of(engine)[seat]))
    return seat


def state_json(play: PlayGame, engine: Any, seat: int | None) -> dict[str, Any]:
    """The state API.md describes: the engine's view for ``seat`` (``None``: a spectator), plus the
    game's ``id``, its score ``sheet`` (``null`` until a round has ended) and its ``version``."""
    body: dict[str, Any] = {"id": play.id}
    body.update(engine.view(seat))
    body["sheet"] = play.sheet_id
    body["version"] = play.version
    seat_rules.decorate(body, play, seat)
    return body


# --- creating ----------------------------------------------------------------------------------------


def _check_fields(data: dict[str, Any], allowed: tuple[str, ...], refusal: str) -> None:
    """Refuse a field not in ``allowed`` with ``refusal``, the whole sentence for what was sent ("Unknown field
    "{name}": an action takes {fields}."; one per kind of body, so that each language says it in its grammar)."""
    unknown = sorted(str(k) for k in data if k not in allowed)
    if unknown:
        raise ApiError(refusal.format(name=unknown[0][:40], fields=", ".join(f'"{f}"' for f in allowed)))


def _check_seats(kind: PlayKind, seats: Any) -> list[dict[str, Any]]:
    if not isinstance(seats, list) or not kind.min_seats <= len(seats) <= kind.max_seats:
        raise ApiError(
            _(
                '"seats" must be a list of {minimum} to {maximum} seats, such as '
                '[{{"name": "Ana"}}, {{"name": "Bot", "bot": "smart"}}].'
            ).format(minimum=kind.min_seats, maximum=kind.max_seats)
        )
    try:
        names, bots = parse_seats(seats, kind.bots, kind.min_seats, kind.max_seats, plain_names=False)
    except EngineError as error:
        raise ApiError(str(error)) from error
    return [{"name": name, "bot": bot} for name, bot in zip(names, bots)]


def _check_seed(seed: Any) -> int:
    if seed is None:
        return secrets.randbelow(2**31)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise ApiError(_('"seed" must be a whole number from 0 to {maximum}.').format(maximum=MAX_SEED))
    return seed


def _check_rules(kind: PlayKind, rules: Any):
    try:
        ruleset = kind.make_rules(rules)
    except EngineError as error:
        raise ApiError(str(error)) from error
    return ruleset


def create_play(data: Any) -> dict[str, Any]:
    """Start a game from the body of ``POST /api/play``; bots move until a person must act.

    Returns the state for the first person's seat on this device (a spectator's when every seat is a
    bot or remote) plus ``edit_key`` and, for remote seats, ``seat_keys`` (shown once; only hashes are
    stored).
    """
    if not isinstance(data, dict):
        raise ApiError(_("The body must be a JSON object."))
    _check_fields(data, CREATE_FIELDS, _('Unknown field "{name}": a new game takes {fields}.'))
    game_id = data.get("game")
    kind = KINDS.get(game_id) if isinstance(game_id, str) else None
    if kind is None:
        raise ApiError(
            _('"game" must be {games}.').format(games=format_list([f'"{kind}"' for kind in KINDS], style="or"))
        )
    seat_list, remote = seat_rules.split_remote(data.get("seats"))
    seats = _check_seats(kind, seat_list)
    ruleset = _check_rules(kind, data.get("rules"))
    seed = _check_seed(data.get("seed"))
    deck = data.get("deck")
    if deck is not None and (not isinstance(deck, list) or not all(isinstance(t, str) for t in deck)):
        raise ApiError(_('"deck" must be a list of card tokens (strings).'))
    try:
        engine = kind.new(seats, ruleset, seed, deck or None)
    except EngineError as error:
        raise ApiError(str(error)) from error
    run_bots_bounded(kind, engine)
    key = new_edit_key()
    info, seat_keys = seat_rules.new_seat_info(remote or [False] * len(seats))
    play = PlayGame(
        id=new_id(),
        kind=kind.name,
        state=engine.to_json(),
        edit_key_hash=hash_key(key),
        seat_info=info,
        turn_since=utcnow(),
    )
    landing = prepare_landing(play, engine)  # the rounds the bots finished, scored before the lock
    begin_write()
    db.session.add(play)
    body = _save(play, engine, seat_rules.first_local_person(play, bots_of(engine)), landing)
    body["edit_key"] = key
    if seat_keys:
        body["seat_keys"] = seat_keys
    return body


# --- acting --------------------------------------------------------------------------------------------


def apply_action(
    play: PlayGame,
    body: Any,
    if_match: str | None = None,
    who: seat_rules.Credential = seat_rules.CREATOR,
    idempotency_key: str | None = None,
) -> dict[str, Any]:
    """Apply ``{"seat": n, "action": {...}}`` for a person, let the bots move, land finished rounds, save.

    ``who`` is the caller (:func:`app.services.seats.credential`): a seat key acts for its own seat
    (``seat`` optional), the edit key for the seats that are not remote. Returns the new state for
    that seat. 409 for a finished game, an action out of turn, or a version that moved on (with
    ``If-Match``; without it the action is tried again on the new state, :data:`RETRIES` times); 400
    for anything else the rules refuse (nothing is then saved). An ``Idempotency-Key`` already acted
    on answers the current state and acts no more.
    """
    if not isinstance(body, dict):
        raise ApiError(_("The body must be a JSON object."))
    _check_fields(body, ACTION_FIELDS, _('Unknown field "{name}": an action takes {fields}.'))
    idempotency_key = seat_rules.check_idempotency_key(idempotency_key)
    for attempt in range(RETRIES):
        try:
            return _apply_once(play, body, if_match, who, idempotency_key)
        except _Raced as raced:
            if if_match is not None or attempt == RETRIES - 1:
                raise Conflict(raced.message) from raced
            db.session.rollback()  # the game is read again, as it now stands
    raise AssertionError("unreachable")


class _Raced(Conflict):
    """Another request wrote the game between this one's read and its write."""


def _apply_once(
    play: PlayGame, body: dict[str, Any], if_match: str | None, who: seat_rules.Credential, idempotency_key: str | None
) -> dict[str, Any]:
    engine = load(play)
    sent = parse_seat(body["seat"], engine) if body.get("seat") is not None else None
    seat = seat_rules.acting_seat(play, who, sent)
    if seat_rules.already_done(play, seat, idempotency_key):
        return state_json(play, engine, seat)
    sheets.check_version(play, if_match)
    read = play.version
    if is_finished(engine):
        raise Conflict(_("The game is over; no more actions can be taken."))
    seat = person_seat(seat, engine)
    action = body.get("action")
    if not isinstance(action, dict):
        raise ApiError(_('"action" must be an object such as {"type": "draw"}.'))
    before = engine.turn
    try:
        engine.apply(seat, action)
    except (GameOverError, NotYourTurnError) as error:
        raise Conflict(str(error)) from error
    except EngineError as error:
        raise ApiError(str(error)) from error
    run_bots_bounded(KINDS[play.kind], engine)

    def also() -> None:
        seat_rules.mark_turn(play, before, engine.turn, seat)
        seat_rules.remember(play, seat, idempotency_key)

    try:
        return _write(play, engine, read, seat, also)
    except Conflict as error:
        raise _Raced(error.message) from error


# --- seats: bots in and out, new keys, join links, rematch ---------------------------------------------


def set_seat_bot(play: PlayGame, number: str, body: Any) -> dict[str, Any]:
    """``{"bot": "smart" | "random" | null}``: hand seat ``number`` to a bot, or back to its person (the seat
    key stays valid). Bots then move as after an action. Answers the spectator's view."""
    if not isinstance(body, dict):
        raise ApiError(_("The body must be a JSON object."))
    _check_fields(body, ("bot",), _('Unknown field "{name}": a seat takes {fields}.'))
    kind = KINDS[play.kind]
    engine = load(play)
    seat = parse_seat(number, engine)
    bot = body.get("bot")
    if bot is not None and (not isinstance(bot, str) or bot not in kind.bots):
        raise ApiError(
            _('"bot" must be one of {bots}, or null to hand the seat back to its person.').format(
                bots=", ".join(kind.bots)
            )
        )
    if is_finished(engine):
        raise Conflict(_("The game is over; no more actions can be taken."))
    read = play.version
    state = copy_state(play.state)
    state["seats"][seat]["bot"] = bot
    engine = kind.from_json(state)
    before = engine.turn
    run_bots_bounded(kind, engine)
    return _write(play, engine, read, None, lambda: seat_rules.mark_turn(play, before, engine.turn, None))


def new_seat_key(play: PlayGame, number: str) -> dict[str, Any]:
    """A new key for a remote seat (for a lost phone): the old one stops working."""
    engine = load(play)
    seat = parse_seat(number, engine)
    key = seat_rules.replace_seat_key(play, seat, len(names_of(engine)))
    _save(play, engine, None)
    return {"seat": seat, "seat_key": key}


def join_link(play: PlayGame, number: str, body: Any, url: str) -> dict[str, Any]:
    """The join link of a remote seat: ``url`` with a claim code in the fragment (``#claim=<code>``, API.md
    "Hand-over links that expire": it works once and for 30 minutes, so the phone's history keeps no key), its
    QR code as inline SVG, and when it expires. ``body`` is ``{"key": <that seat's key>}``, which the creator's
    phone keeps. Every call makes a new code; earlier ones keep working until used or expired."""
    if not isinstance(body, dict):
        raise ApiError(_("The body must be a JSON object."))
    _check_fields(body, ("key",), _('Unknown field "{name}": a join link takes {fields}.'))
    engine = load(play)
    seat = parse_seat(number, engine)
    seat_rules.check_seat_key(play, seat, body.get("key"))
    made = claims.make(play.id, f"seat:{seat}", body["key"])
    link = claim_link(url, made["code"])
    title = _("Join the game as {name}").format(name=names_of(engine)[seat])
    return {"seat": seat, "url": link, "svg": seat_rules.qr_svg(link, title), "expires": made["expires"]}


def rematch(play: PlayGame, edit_key: str, idempotency_key: str | None = None) -> dict[str, Any]:
    """A new game with the same seats (names, bots, remote seats and their keys), rules and edit key.

    A second rematch of the same game is a 409 naming the first (the same ``Idempotency-Key`` again:
    the first one's answer, as the game stands now); the old game shows ``next``."""
    idempotency_key = seat_rules.check_idempotency_key(idempotency_key)
    if play.next_id is not None:
        if seat_rules.already_done(play, REMATCH, idempotency_key):
            fresh = get_play(play.next_id)
            engine = load(fresh)
            body = state_json(fresh, engine, seat_rules.first_local_person(fresh, bots_of(engine)))
            body["edit_key"] = edit_key
            return body
        raise Conflict(_("This game has had its rematch already: {next}.").format(next=play.next_id))
    seat_rules.remember(play, REMATCH, idempotency_key)
    kind = KINDS[play.kind]
    old = load(play)
    seats = [{"name": name, "bot": bot} for name, bot in zip(names_of(old), bots_of(old))]
    try:
        engine = kind.new(seats, kind.make_rules(old.rules.to_dict()), secrets.randbelow(2**31), None)
    except EngineError as error:
        raise ApiError(str(error)) from error
    run_bots_bounded(kind, engine)
    fresh = PlayGame(
        id=new_id(),
        kind=kind.name,
        state=engine.to_json(),
        edit_key_hash=play.edit_key_hash,
        seat_info=copy.deepcopy(play.seat_info),
        turn_since=utcnow(),
    )
    db.session.add(fresh)
    play.next_id = fresh.id
    body = _save(fresh, engine, seat_rules.first_local_person(fresh, bots_of(engine)))
    body["edit_key"] = edit_key
    return body


def _write(
    play: PlayGame, engine: Any, read: int, seat: int | None = None, also: Callable[[], None] | None = None
) -> dict[str, Any]:
    """Take the write lock, check that the game is still at version ``read``, store the engine's state (and
    what ``also`` changes in the row) and land its finished rounds; 409 (nothing kept) when another request
    moved the game first."""
    landing = prepare_landing(play, engine)
    state = engine.to_json()  # before the lock, as the bots' moves and the landing
    begin_write()  # the loaded play keeps the version read: the UPDATE ... WHERE version = read checks it
    if play.version != read:
        raise Conflict(_("Someone else moved in this game at the same moment: reload it and choose again."))
    play.state = state
    if also is not None:
        also()
    return _save(play, engine, seat, landing)


UNPREPARED: Any = object()
"""``_save``'s landing when none was prepared before the lock: it is worked out under the lock."""


def _save(play: PlayGame, engine: Any, seat: int | None, landing: Landing | None = UNPREPARED) -> dict[str, Any]:
    """Land the finished rounds (``landing``: what :func:`prepare_landing` found for this game at the version
    now stored), write and commit; the answer is the state for ``seat`` at the new version. A write that lost
    the race (the version moved on since it was read: ``StaleDataError``, also from an autoflush while the
    rounds land; on PostgreSQL also a serialization failure or a deadlock) is a 409, and nothing of it is
    kept."""
    try:
        db.session.flush()
        land(play, prepare_landing(play, engine) if landing is UNPREPARED else landing)
        db.session.flush()
        commit_keeping_loaded()  # the answer is built after the write lock is let go, from what was written
    except (StaleDataError, IntegrityError) as error:
        db.session.rollback()
        raise Conflict(_("Someone else moved in this game at the same moment: reload it and choose again.")) from error
    except DBAPIError as error:
        if getattr(error.orig, "sqlstate", None) not in CONFLICT_POSTGRES:  # two writes met: the later one is a 409
            raise
        db.session.rollback()
        raise Conflict(_("Someone else moved in this game at the same moment: reload it and choose again.")) from error
    return state_json(play, engine, seat)


# --- landing rounds in the score sheet ---------------------------------------------------------------


def _strict() -> bool:
    return bool(current_app.config.get("PLAY_STRICT_SHEETS", current_app.testing))


@dataclass
class Landing:
    """What a write adds to the game's score sheet, worked out before the write lock (the replay, the checks
    and the scoring) so that the lock holds only the inserts: the sheet itself for the game's first finished
    round (not yet stored), the new rounds as rows, the tie-breaker's result, or the sheet's refusal."""

    new_sheet: Game | None = None
    rounds: list[dict[str, Any]] = field(default_factory=list)
    tiebreaker: Any = None
    """The sheet with the tie-breaker's winner recorded (:func:`app.services.sheets.prepare_tiebreaker`)."""
    refused: str | None = None
    finished: bool = False
    """Whether the sheet is finished with the new rounds (its finish time is kept when they land)."""


def _sheet_so_far(sheet_id: str) -> tuple[int, str | None] | None:
    """The sheet's rounds counted and its tie-breaker's winner, in one small query (loading the sheet reads every
    round and result; most moves land nothing: a person's move against three bots, 17.5 → 12.8 ms of CPU);
    ``None`` when the sheet is gone."""
    found = db.session.execute(
        select(func.count(Round.id), Game.tiebreaker_winner)
        .select_from(Game)
        .outerjoin(Round, Round.game_id == Game.id)
        .where(Game.id == sheet_id)
        .group_by(Game.id, Game.tiebreaker_winner)
    ).one_or_none()
    return None if found is None else (found[0], found[1])


def _waiting(finished: int, recorded: int, sheet_winner: str | None, winner: str | None) -> tuple[bool, bool]:
    """Whether anything waits to land on a sheet of ``recorded`` rounds (a finished round it lacks, or the
    tie-breaker's ``winner`` it has not recorded), and whether the tie-breaker's result does."""
    tiebreaker = winner is not None and sheet_winner is None
    return finished > recorded or tiebreaker, tiebreaker


def prepare_landing(play: PlayGame, engine: Any) -> Landing | None:
    """The game's newly finished rounds (and a Phase 10 tie-breaker's result) checked and scored by its score
    sheet, as the sheet stands when ``play`` was read (only this game writes in it); ``None`` when there is
    nothing new to land. Reads only. A sheet that refuses a round is an engine bug: with
    ``PLAY_STRICT_SHEETS`` it raises, else the landing carries the reason."""
    if play.sheet_error is not None:
        return None
    finished = engine.finished_rounds
    winner = (getattr(engine, "tiebreaker", None) or {}).get("winner")
    if play.sheet_id is not None:
        so_far = _sheet_so_far(play.sheet_id)  # a missing sheet goes on to get_game's 404
        if so_far is not None and not _waiting(len(finished), *so_far, winner)[0]:
            return None
    # The sheet with its rounds and results in one read (play.sheet then finds it loaded).
    sheet = sheets.get_game(play.sheet_id) if play.sheet_id is not None else None
    recorded = len(sheet.rounds) if sheet is not None else 0
    anything, tiebreaker_waiting = _waiting(
        len(finished), recorded, sheet.tiebreaker_winner if sheet is not None else None, winner
    )
    if not anything:
        return None
    landing = Landing()
    try:
        if sheet is None:
            # The sheet is the record of what was played: its edit key is thrown away, so nobody can
            # change it afterwards and make it disagree with the digital game.
            sheet, _key = sheets.new_game(play.kind, names_of(engine), engine.rules.to_dict())
            landing.new_sheet = sheet
        replayed = sheets.build_sheet(sheet)  # once: each round adds to it
        for number, record in enumerate(finished[recorded:], start=recorded + 1):
            sheets.check_next_round(sheet, record, expected=number)  # as a round sent to the API is checked
            scored = sheets.score_round(sheet, copy.deepcopy(record), replayed)
            landing.rounds.append(sheets.round_values(sheet, scored))
        landing.finished = replayed.status == "finished"
        if tiebreaker_waiting:
            landing.tiebreaker = sheets.prepare_tiebreaker(sheet, {"winner": winner}, sheet=replayed)
    except ApiError as error:
        message = _("The score sheet refused a round of this game: {reason}").format(reason=error.message)
        if _strict():
            raise RuntimeError(message) from error
        landing.refused = message  # the rounds before the refused one are landed; none after it
    return landing


def land(play: PlayGame, landing: Landing | None) -> None:
    """Under the write lock, in the caller's transaction: store what :func:`prepare_landing` found."""
    if landing is None:
        return
    if landing.new_sheet is not None:
        db.session.add(landing.new_sheet)
        play.sheet = landing.new_sheet
    # A landing is for a sheet: the one the game had when it was prepared, or its new one set just above.
    sheet = cast(Game, play.sheet)
    if landing.rounds:
        sheets.store_rounds(sheet, landing.rounds)
    if landing.finished and sheet.finished_at is None:
        sheet.finished_at = utcnow()
    if landing.tiebreaker is not None:
        sheets.record_tiebreaker(sheet, None, commit=False, prepared=landing.tiebreaker, answer=False)
    if landing.refused is not None:
        current_app.logger.error("Digital game %s: %s", play.id, landing.refused)
        play.sheet_error = landing.refused[:500]
