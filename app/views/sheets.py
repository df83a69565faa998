"""Score-sheet pages: create a sheet, record and correct rounds, standings, tie-breaker, sharing, export.

The pages build the same round bodies as the JSON API and call the same service
(:mod:`app.services.sheets`), so every check is the engine's. Edit rights are handed over with
the key in the link's fragment (``/sheets/<id>#key=…``); the page script keeps it on the phone and
posts it once to :func:`claim_key`, which keeps it in a cookie scoped to this sheet's pages
(:mod:`app.handover`). No page holds the key in its HTML or its address.
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from typing import Any

from flask import (
    Blueprint,
    Response,
    abort,
    flash,
    jsonify,
    make_response,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask_babel import gettext as _
from flask_babel import ngettext
from wtforms import BooleanField, IntegerField

from .. import handover, heavy, provisional
from ..database import read_only, writes_late
from ..engine.errors import EngineError
from ..engine.players import isolated
from ..errors import ApiError, wants_json
from ..extensions import db
from ..forms import entry_message, new_game_form
from ..games import registry
from ..i18n import current_language, list_patterns, text_direction
from ..keys import key_matches, well_formed_id
from ..ratelimits import creation
from ..services import crews, drafts, exports, moves, sheets, writes
from ..services import play as play_service
from . import device
from .chart import totals_chart
from .picture import standings_picture
from .rules import render_rules

bp = Blueprint("sheets", __name__, url_prefix="/sheets")

# --- pages --------------------------------------------------------------------------------------------


@bp.get("/")
def recent():
    """The games opened on this device, newest first: the session's list, then ``?also=id,id`` (the games this
    phone's storage remembers: static/js/recent.js asks so when the session is new, after a browser restart); and
    its crews, the session's, then ``?crews=id,id`` (the crews its storage remembers, asked for the same way)."""
    games = []
    listed = list(session.get("recent", []))
    for game_id in request.args.get("also", "").split(",")[: device.RECENT_LIMIT * 2]:
        if well_formed_id(game_id) and game_id not in listed:
            listed.append(game_id)
    for game_id in listed[: device.RECENT_LIMIT * 2]:
        try:
            game = sheets.get_game(game_id)
        except ApiError:
            continue
        games.append({"game": game, "sheet": sheets.build_sheet(game)})
    from .crews import RECENT_CREWS  # the crews' views build on this module

    also = [c for c in request.args.get("crews", "").split(",")[:RECENT_CREWS] if well_formed_id(c)]
    known = _known_crews(also)
    return render_template("sheets/recent.html", games=games, crews=known)


def _known_crews(also: list[str] | None = None) -> list:
    """The crews this phone made or was handed (its session), then ``also`` (those its storage remembers), each
    looked up once; those deleted are left out."""
    known = []
    for crew_id in dict.fromkeys([*session.get("crews", []), *(also or [])]):
        try:
            known.append(crews.get_crew(crew_id))
        except ApiError:
            continue
    return known


@bp.get("/move")
def move():
    """Move my games to another phone: this phone's sheets, crews and digital games (with the keys the page's
    storage keeps for them) as a link and QR code (a claim), or as a file; the other phone opens the link
    (``#claim=…``) or the file on this same page."""
    games = []
    for game_id in session.get("recent", []):
        try:
            games.append(sheets.get_game(game_id))
        except ApiError:
            continue
    response = make_response(render_template("sheets/move.html", games=games, crews=_known_crews()))
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/move")
def move_create():
    """The old phone's list (JSON ``{"games": [{"id", "key"}], "crews": [{"id", "key"}], "plays": [{"id", "key",
    "seat_keys"}]}``) as a claim: ``201 {"code", "expires", "games", "crews", "plays", "refused", "url", "svg"}``
    (the link carries the code in its fragment; ``refused`` lists the keys left out, each with the reason)."""
    body = moves.create_claim(request.get_json(silent=True))
    from .share import qr_svg  # the share views build on this module

    url = handover.claim_link(url_for("sheets.move", _external=True), body["code"])
    body.update(url=url, svg=str(qr_svg(url, _("QR code of the link that moves the games"))))
    response = jsonify(body)
    response.headers["Cache-Control"] = "no-store"
    return response, 201


def _keep_on_this_phone(checked: dict[str, list[dict[str, Any]]]):
    """Put the sheets in this phone's recent list and the crews in its crews (the keys stay in the page's
    storage), and answer the checked list, each item named: ``{"games", "crews", "plays", "refused"}``."""
    from . import crews as crew_views  # the crews' views build on this module

    games = checked["games"]
    ids = [g["id"] for g in games]
    recent = [g for g in session.get("recent", []) if g not in ids]
    session["recent"] = [*ids, *recent][: max(device.RECENT_LIMIT, len(ids))]
    named = []
    for item in games:
        game = sheets.get_game(item["id"])
        named.append(
            {
                **item,
                "url": device.scope(game.id),
                "name": str(sheets.kind_of(game).name),
                "players": sheets.player_names(game),
            }
        )
    crew_list = []
    for item in reversed(checked["crews"]):  # the first of the list ends first in the phone's crews
        crew_views.remember_crew(item["id"])
    for item in checked["crews"]:
        crew = crews.get_crew(item["id"])
        crew_list.append({**item, "url": url_for("crews.show", crew_id=crew.id), "name": crew.name})
    plays = []
    for item in checked["plays"]:
        found = play_service.get_play(item["id"])
        engine = play_service.load(found)
        kind = registry.get(found.kind)
        plays.append(
            {
                **item,
                "url": url_for("play.game", game_id=found.id),
                "game": found.kind,
                "name": str(kind.name) if kind else found.kind,
                "names": play_service.names_of(engine),
                "finished": play_service.is_finished(engine),
            }
        )
    return jsonify(games=named, crews=crew_list, plays=plays, refused=checked["refused"])


@bp.post("/move/claim")
def move_claim():
    """The new phone's claim (JSON ``{"code": ...}``): ``200 {"games", "crews", "plays", "refused"}``, once (again
    to the same phone when it sends the same ``Idempotency-Key``: its first answer was lost)."""
    data = request.get_json(silent=True)
    code = data.get("code") if isinstance(data, dict) else None
    response = _keep_on_this_phone(moves.take_claim(code, request.headers.get("Idempotency-Key")))
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/move/file")
def move_file():
    """A list file opened on the new phone (JSON ``{"format": "deckside-games", "games": [...], "crews": [...],
    "plays": [...]}``): the same answer as a claim; keys that are not their sheet's, crew's or game's are left
    out and listed in ``refused``."""
    data = request.get_json(silent=True)
    if not isinstance(data, dict) or data.get("format") != moves.FORMAT:
        raise ApiError(_("This file is not a list of Deckside games (deckside-games.json)."))
    response = _keep_on_this_phone(moves.checked_list(data))
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.route("/new", methods=["GET", "POST"])
@creation
def new():
    form = new_game_form()
    if form.validate_on_submit():
        try:
            kind = form.game_type()
            name = form.game_name.data if kind is not None and kind.named else None
            game, key = sheets.create_game(form.game.data, form.player_names(), form.rules(), name=name or None)
        except ApiError as error:
            flash(error.message, "error")
        else:
            device.remember(game.id)
            return device.handed_over(game.id, key)
    games = registry.all_games()
    known = _known_crews()
    return render_template(
        "sheets/new.html", form=form, games=games, max_players={g.id: g.max_players for g in games}, crews=known
    )


@bp.get("/<game_id>")
def show(game_id: str):
    game = device.load_game(game_id)
    if "key" in request.args:
        return _old_edit_link(game, request.args["key"])
    device.remember(game.id)
    response = make_response(_render_sheet(game))
    if (
        handover.held_key()
        and device.edit_key(game) is None
        and drafts.player_of_key(game, handover.held_key()) is None
    ):
        handover.drop(response, device.scope(game.id))  # a key that stopped working (a new one was made)
    return response


def _old_edit_link(game, key: str):
    """An edit link of the old form (``?key=…``, before keys moved to the fragment): it still works, once
    more — the key moves to the phone and the address is cleaned — and the page suggests a new key, since
    this one has been in an address (and so in logs and histories)."""
    device.remember(game.id)
    if not key_matches(key, game.edit_key_hash):
        try:
            sheets.check_edit_key(game, key or None)  # counted like any wrong key; 429 past the limit
        except ApiError as error:
            if error.status == 429:
                raise
        flash(_("That edit link is not right for this sheet: you can view it, not change it."), "error")
        return redirect(device.scope(game.id))
    flash(
        _(
            "This phone can now record rounds on this sheet. The link you opened is an old kind that shows the key "
            "in the address: make a new edit key below if it was shared where others could see it."
        ),
        "ok",
    )
    return device.handed_over(game.id, key)


@bp.post("/<game_id>/key")
def claim_key(game_id: str):
    """The page script hands this phone's key for the sheet (from a link's fragment or ``localStorage``)
    to the server, which keeps it in the sheet's cookie: 204, or 403/429 as the API answers a wrong key."""
    game = device.load_game(game_id)
    key = request.form.get("key", "")
    player = drafts.player_of_key(game, key)  # a player link: its own hand of each round (app/views/hands.py)
    if not key_matches(key, game.edit_key_hash) and player is None:
        sheets.check_edit_key(game, key or None)
    if player is not None and request.form.get("announce"):
        flash(_("This phone now enters %(name)s's hand of each round.", name=player), "ok")
    elif request.form.get("announce"):
        flash(_("This phone can now record rounds on this sheet."), "ok")
    response = make_response("", 204)
    response.headers["Cache-Control"] = "no-store"
    return handover.keep(response, device.scope(game.id), key)


@bp.post("/<game_id>/key/new")
def new_key(game_id: str):
    """A new edit key for the sheet, from a phone that holds the current one: every older link stops working."""
    game = device.load_game(game_id, edit=True)
    if game is None:
        return redirect(device.scope(game_id))
    key = sheets.replace_edit_key(game)
    flash(_("A new edit key is made: older edit links no longer work. Share the new link below."), "ok")
    return device.handed_over(game_id, key, to=url_for("share.edit", game_id=game_id))  # the new link, ready to share


def life_line(data: dict[str, Any]) -> str:
    """ "1 h 12 min, 14 rounds": how long the game lasted and its rounds (the rounds alone without times)."""
    count = len(data["rounds"])
    rounds = ngettext("1 round", "%(num)d rounds", count)
    minutes = sheets.played_minutes(data) if count else None
    if minutes is None:
        return rounds
    return _("%(duration)s, %(rounds)s", duration=duration_text(minutes), rounds=rounds)


def duration_text(minutes: int) -> str:
    """ "1 h 12 min" (or "12 min" under an hour), as the page's language writes it."""
    return (
        _("%(hours)d h %(minutes)d min", hours=minutes // 60, minutes=minutes % 60)
        if minutes >= 60
        else _("%(minutes)d min", minutes=minutes)
    )


def _render_sheet(game, status: int = 200):
    sheet = sheets.build_sheet(game)
    data = sheets.game_json(game, sheet)
    key = device.edit_key(game)
    links = {"view": url_for("sheets.show", game_id=game.id, _external=True)}
    kind = sheets.kind_of(game)
    seated = {p["name"]: p for p in data["players"]}  # joined / left from the game's lineup
    standings = [{**seated.get(line.name, {}), **line.to_json(), "rank": rank} for rank, line in sheet.ranking()]
    # Right after a save, the round saved, with Undo beside it while it is still the last round.
    saved = session.pop("saved_round", None)
    saved_round = saved[1] if saved and saved[0] == game.id and saved[1] == len(game.rounds) else None
    picture = None
    if data["status"] == "finished":
        title = _("%(name)s wins!", name=data["winner"]) if data["winner"] else _("A tie")
        subtitle = data["outcome"]["text"] if data.get("outcome") else ""
        if game.name:  # what was played: "Hearts · Cy has the lowest total"
            subtitle = f"{game.name} · {subtitle}" if subtitle else game.name
        picture = standings_picture(title, subtitle, standings, text_direction(current_language()) == "rtl")
    return render_template(
        "sheets/show.html",
        game=game,
        kind=kind,
        data=data,
        standings=standings,
        at_table={r["round"]: set(sheets.playing_names(data, r["round"])) for r in data["rounds"]},
        picture=picture,
        saved_round=saved_round,
        editable=key is not None,
        player=drafts.player_of_key(game, handover.held_key()),
        links=links,
        chart=totals_chart(data),
        life=life_line(data),
        join_rule=_("zero points") if data["rules"].get("join_score") == "zero" else _("the worst total at the table"),
        crews=crews.crews_of(game.id),
        notice=getattr(sheet, "notice", None),
        offline=offline_sheet(game, data) if key is not None and data["status"] == "playing" else None,
        **kind.page_context(),
    ), status


def offline_sheet(game, data: dict[str, Any]) -> dict[str, Any] | None:
    """What the phone needs to count the rounds it keeps without a connection with the engine itself, in its browser
    (app/provisional.py): the stored game as the engine replays it, the players at the table in the next round,
    where the engine and Pyodide are, and how the page's language joins a list (CLDR's patterns: Babel is not in the
    browser). ``None`` when Pyodide is not installed (the kept rounds are then listed, not counted)."""
    from .main import engine_url, pyodide_url

    pyodide = pyodide_url()
    if pyodide is None:
        return None
    return {
        "pyodide": pyodide,
        "engine_zip": engine_url(),
        "lists": list_patterns(current_language()),
        "sheet": {
            **sheets.replay_data(game),
            "engine": sheets.kind_of(game).engine_modules(),
            "names": sheets.playing_names(data, len(game.rounds) + 1),
        },
    }


# --- rounds ----------------------------------------------------------------------------------------------


def round_form(game, sheet, data: dict[str, Any], number: int, entered: dict[str, Any] | None = None):
    """The game's round form; prefilled from ``entered`` (a stored round) when correcting, and a new round's from
    the round being filled in together as it stands (who went out, each row sent, a hand's side)."""
    kind = sheets.kind_of(game)
    names = sheets.playing_names(data, number)
    posted = request.method == "POST"
    form = kind.make_round_form() if posted else kind.make_round_form(formdata=None)
    if not posted:
        for seat in range(len(names)):
            form.players.append_entry({"seat": str(seat)})
    while len(form.players.entries) > len(names):  # a forged post with rows for players the game lacks
        form.players.pop_entry()
    form.prepare(names)
    kind.prepare_round_form(form, sheet, names, number)
    if request.method == "GET":
        form.round.data = str(number)
        form.version.data = str(game.version)
        form.idempotency.data = secrets.token_urlsafe(16)
        if entered:
            kind.prefill(form, names, entered)
        else:
            filled = _draft_entry(game, names, number)
            if filled is not None:
                kind.prefill_draft(form, names, filled)
    return form


def _draft_entry(game, names: list[str], number: int) -> dict[str, Any] | None:
    """The round being filled in together, when it is round ``number``, as the round body its rows make so far
    (``went_out`` may be ``None``; rows not sent yet are left out), for the round form to show it as it stands."""
    draft = drafts.current_draft(game)
    if draft is None or draft["round"] != number:
        return None
    rows = draft.get("rows") or {}
    body = {
        "round": number,
        "went_out": draft.get("went_out"),
        "results": [
            {"player": name, **{k: v for k, v in rows[name].items() if k != "by"}} for name in names if name in rows
        ],
    }
    try:  # as the game makes a round of the rows (an UNO Flip hand's side, a No Mercy hand's winner)
        return sheets.kind_of(game).sheet.round_of_rows(body)
    except EngineError:  # rows that disagree (sides): shown as they are, the draft's problems say what is wrong
        return body


def round_body(game, form, names: list[str], number: int) -> dict[str, Any]:
    """The API's round body from the form (the same body the JSON API takes)."""
    return sheets.kind_of(game).round_body(form, names, number, sheets.rules_of(game))


def _first_error(errors: Any) -> str | None:
    """The first message in a form's nested ``errors`` (fields, rows of a field list)."""
    if not isinstance(errors, (dict, list, tuple)):
        return str(errors)  # a message, perhaps a lazy translation
    for value in errors.values() if isinstance(errors, dict) else errors:
        found = _first_error(value)
        if found:
            return found
    return None


def _field_errors(fields) -> Any:
    """Every field's errors as they are now, in the form's order (a row's errors once ``name_errors`` has put
    them in sentences naming the player: a field list's own ``errors`` keep the raw ones it collected)."""
    for field in fields:
        entries = getattr(field, "entries", None)
        if entries is not None:
            for entry in entries:
                yield from _field_errors(entry.form if hasattr(entry, "form") else [entry])
        else:
            yield from field.errors


def form_problem(form) -> str:
    """The first problem the form's own checks found (a post that never reached the engine), in the sentence
    the page shows for it (naming the player, in the page's language)."""
    first = next(iter(_field_errors(form)), None) or _first_error(form.form_errors)
    return str(first) if first else _("The form was not complete: reload the page and enter the round again.")


def _sent_answer(
    game,
    number: int,
    error: ApiError | None = None,
    problem: str | None = None,
    names=(),
    taken: dict[str, Any] | None = None,
):
    """The JSON answer to a round a script sent (a round kept on the phone while offline, sent later).

    ``taken``: the round was stored meanwhile (409), and what :func:`_taken_round` says of it: the answer holds
    the stored round and both rounds in words, for the phone to show side by side, and ``same`` when the stored
    round is this entry (the phone's own save whose answer it never got: it drops the round as already saved)."""
    if error is None and problem is None:
        return jsonify(saved=True, round=number)
    status = error.status if error is not None else 400
    message = entry_message(error, names) if error is not None else problem
    extra: dict[str, Any] = {}
    if status == 409 and taken is not None:
        # Taken: the queue shows the stored round beside this phone's entry, so no "reload the sheet".
        message = _("Another phone saved round %(number)s first.", number=number)
        extra = taken
    player = error.player if error is not None else None
    return jsonify(
        saved=False, round=number, error=message, player=player, next_round=len(game.rounds) + 1, **extra
    ), status


def _round_words(game, data: dict[str, Any]) -> str:
    """A scored round in a line of words: who went out, then every other player's points ("Ana went out ·
    Ben 70 · Cy 45"), to set a stored round beside an entry that arrived too late for it."""
    went_out = sheets.kind_of(game).round_winner(data)  # the hand's winner, however the game names it
    parts = [_("%(name)s went out", name=isolated(went_out))] if went_out else []
    parts += [
        f"{isolated(item['player'])} {item.get('points', 0)}" for item in data["results"] if item["player"] != went_out
    ]
    return " · ".join(parts)


def _taken_round(game, sheet, number: int, body: dict[str, Any] | None) -> dict[str, Any]:
    """Round ``number``, stored already, beside ``body`` (an entry for it that came too late): the stored round
    as ``GET`` shows it, both in words (``compare``), and ``same``: whether the entry scores exactly as the stored
    round (what was entered and the points, row by row): then it is this round, saved before. ``sheet`` is the
    game's, replayed."""
    stored = sheet.rounds[number - 1].to_json()
    shown = sheets.round_json(game, sheet, number)  # as GET shows it (before the sheet is changed)
    yours = None
    if body is not None:
        try:
            yours = sheets.preview_replacement(game, number, body).to_json()  # on a sheet of its own: it changes it
        except ApiError:
            yours = None  # not a possible round in that place: the phone shows what was typed
    return {
        "stored": shown,
        "same": yours is not None and yours == stored,
        "compare": {"stored": _round_words(game, stored), "yours": _round_words(game, yours) if yours else None},
    }


def row_labels(game, form, names: list[str]) -> dict[str, dict[str, Any]]:
    """What the number in each row of the round form is, for the player chosen as gone out (if any)."""
    chosen = getattr(getattr(form, "went_out", None), "data", None)
    went_out = names[int(chosen)] if isinstance(chosen, str) and chosen.isdigit() and int(chosen) < len(names) else None
    return sheets.kind_of(game).row_labels(sheets.rules_of(game), names, went_out)


def rows_on_their_own(game, sheet, form, names: list[str], refused: str | None = None) -> dict[str, int]:
    """Each row's points on its own, for a round that was refused (or is not yet possible as a whole): the other
    rows keep their live points (0 for who went out, a valid hand's points). Left out: ``refused`` (the player the
    refusal names), a row with its own problem, and a gain (a number that depends on the other rows)."""
    kind = sheets.kind_of(game)
    rules = sheets.rules_of(game)
    labels = row_labels(game, form, names)
    chosen = getattr(getattr(form, "went_out", None), "data", None)
    went_out = names[int(chosen)] if isinstance(chosen, str) and chosen.isdigit() and int(chosen) < len(names) else None
    read: dict[str, Any] = {}
    for index, (name, entry) in enumerate(zip(names, form.players.entries)):
        if name == refused or labels.get(name, {}).get("gain") or any(field.errors for field in entry.form):
            continue
        try:
            row = kind.draft_row(form, names, index, name == went_out, rules)
            read[name] = sheet.read_row(name, row, name == went_out)
        except (ApiError, EngineError, NotImplementedError, ValueError):
            continue  # not a line on its own: it shows no number
    try:
        points = sheet.check_rows(went_out, read).points
    except EngineError:
        return {}
    return {name: value for name, value in points.items() if value is not None and name in names and name != refused}


def _offer_as_next_round(game, form, number: int):
    """Another phone saved this round first: the page sets the stored round beside this phone's entry; the main
    action is to discard this entry (the same round, entered twice); saving it as the next round is the second
    one, and asks first (static/js/offline.js)."""
    expected = len(game.rounds) + 1
    form.round.data = str(expected)
    form.version.data = str(game.version)
    form.idempotency.data = secrets.token_urlsafe(16)
    form.submit.label.text = _("Save mine as round %(number)s", number=expected)
    form.submit.render_kw = {
        "data-confirm": _(
            "Save your entry as round %(number)s, a round of its own after the stored round %(taken)s?",
            number=expected,
            taken=number,
        )
    }
    return expected


def _at_table(data: dict[str, Any], names: list[str]) -> dict[str, Any]:
    """The game's JSON with only the players at the table in the round a form is for (its rows, in order)."""
    return {**data, "players": [p for p in data["players"] if p["name"] in names]}


@dataclass
class _RoundPage:
    """One request's round page (a new round's or a correction's): the sheet replayed once, the form, and what
    the path taken adds (a preview, or the stored round an entry lost its race to)."""

    game: Any
    game_id: str
    sheet: Any
    data: dict[str, Any]  # the game's JSON (first with only the players at the table in the round: _at_table)
    names: list[str]
    form: Any
    number: int
    editing: bool
    preview: Any = None  # the round as it would be scored, when the post asked for a preview
    kept: dict[str, int] | None = None  # a refused round: the points of the rows valid on their own
    taken: dict[str, Any] | None = None  # the round was stored meanwhile: it and this entry, side by side
    lost: int | None = None  # the round this entry lost to another phone (the form now stands for the next)


def _round_page(game, number: int, entered: dict[str, Any] | None = None, editing: bool = False):
    """The round form (a new round, or a correction of round ``number`` prefilled from ``entered``) and what
    posting it does: a preview, a save, or the page again with what went wrong."""
    sheet = heavy.run_for_replay(len(game.rounds), sheets.build_sheet, game)  # built once for the whole request
    if not editing and request.method == "GET":
        try:
            sheet.check_open()
        except EngineError as error:  # the game is over: no new round
            flash(str(error), "error")
            return redirect(url_for("sheets.show", game_id=game.id))
    data = sheets.game_json(game, sheet)
    names = sheets.playing_names(data, number)
    data = _at_table(data, names)
    form = round_form(game, sheet, data, number, entered)
    page = _RoundPage(game, game.id, sheet, data, names, form, number, editing)
    if request.method != "POST":
        return _render_round(page)
    if not form.validate_on_submit():
        return _invalid_entry(page)
    return _posted_round(page)


def _invalid_entry(page: _RoundPage):
    """A post the form's own checks refused: every row's problems at once, each naming the player."""
    page.form.name_errors(page.names)
    if wants_json():
        return _sent_answer(page.game, page.number, problem=form_problem(page.form))
    page.kept = rows_on_their_own(page.game, page.sheet, page.form, page.names)
    return _render_round(page)


def _posted_round(page: _RoundPage):
    """A valid post: its preview, or the round saved (a correction, or a new round); refused, the reason."""
    body = None
    try:
        body = round_body(page.game, page.form, page.names, page.number)
        if page.form.preview.data:
            return _previewed(page, body)
        if page.editing:
            return _save_correction(page, body)
        return _save_new_round(page, body)
    except ApiError as error:
        return _refused(page, error, body if isinstance(body, dict) else None)


def _previewed(page: _RoundPage, body: dict[str, Any]):
    """The form again, with the points the round would score (a correction: on the sheet it would change)."""
    game, sheet = page.game, page.sheet
    if page.editing:
        page.preview = sheets.preview_replacement(game, page.number, body, sheet)
    else:
        page.preview = sheets.preview_round(game, body, sheet)
    return _render_round(page)


def _save_correction(page: _RoundPage, body: dict[str, Any]):
    """Round ``page.number`` replaced, every later round checked again (before the lock); back to the sheet."""
    number, version, sheet = page.number, page.form.version.data, page.sheet

    def correct(game):  # the long part (every later round checked again), before the lock
        sheets.check_version(game, version)
        return sheets.correct_round(game, number, body, sheet)

    writes.write_late(
        page.game,
        correct,
        lambda game, corrected: sheets.replace_round(game, number, body, version, corrected=corrected),
        may_write=_still_editable,
    )
    flash(_("Round %(number)s corrected.", number=number), "ok")
    return redirect(url_for("sheets.show", game_id=page.game_id))


def _save_new_round(page: _RoundPage, body: dict[str, Any]):
    """The next round recorded (checked and scored before the lock); a script is answered in JSON, a page goes
    back to the sheet, which says so with Undo beside it ("Round 4 saved · Undo": see _render_sheet)."""
    idempotency_key, sheet = page.form.idempotency.data or None, page.sheet
    page.game = writes.write_late(
        page.game,
        lambda game: sheets.prepare_round(game, body, idempotency_key, sheet),
        lambda game, prepared: sheets.record_round(game, body, idempotency_key, prepared=prepared),
        may_write=_still_editable,
    ).game
    if wants_json():
        return _sent_answer(page.game, page.number)
    session["saved_round"] = [page.game_id, page.number]
    return redirect(url_for("sheets.show", game_id=page.game_id))


def _refused(page: _RoundPage, error: ApiError, body: dict[str, Any] | None):
    """The service refused the entry: a round another phone took meanwhile, a stale sheet (409: back to it), or
    the reason shown beside the row it is about."""
    if error.status == 409 and not page.editing and page.number < len(page.game.rounds) + 1:
        return _lost_race(page, error, body)
    if wants_json():
        return _sent_answer(page.game, page.number, error, names=page.names)
    if error.status == 409:
        flash(error.message, "error")
        return redirect(url_for("sheets.show", game_id=page.game_id))
    page.form.show_error(page.names, error)
    page.kept = rows_on_their_own(page.game, page.sheet, page.form, page.names, error.player)
    return _render_round(page)


def _lost_race(page: _RoundPage, error: ApiError, body: dict[str, Any] | None):
    """Another phone saved this round first: the stored round beside this entry. The same round (this phone's own
    save, answered before) goes back to the sheet; another one is offered as the next round."""
    db.session.rollback()  # no write lock held while the rounds are compared
    page.game = game = sheets.get_game(page.game_id)
    page.sheet = sheet = sheets.build_sheet(game)  # replayed once: the comparison and the form both use it
    page.taken = _taken_round(game, sheet, page.number, body)
    if wants_json():
        return _sent_answer(game, page.number, error, names=page.names, taken=page.taken)
    if page.taken["same"]:
        flash(_("Round %(number)s was already saved: it is on the sheet.", number=page.number), "ok")
        return redirect(url_for("sheets.show", game_id=page.game_id))
    page.lost = page.number
    page.number = _offer_as_next_round(game, page.form, page.number)
    # The form now stands for the round after the winner's: its phases and dealer, not the lost one's.
    page.data = sheets.game_json(game, sheet)
    sheets.kind_of(game).prepare_round_form(page.form, sheet, page.names, page.number)
    return _render_round(page)


def field_kinds(form) -> dict[str, dict[str, str]]:
    """How each field of a round form reads what is typed (app.provisional: a whole number, a box, text), the form's
    own (``form``) and a player's row's (``row``): a round kept on the phone is read in its browser as here."""

    def kind(field) -> str:
        if isinstance(field, BooleanField):
            return provisional.BOOL
        return provisional.INT if isinstance(field, IntegerField) else provisional.TEXT

    rows = form.players.entries
    return {
        "form": {f.short_name: kind(f) for f in form if f.short_name not in ("players", "csrf_token")},
        "row": {f.short_name: kind(f) for f in rows[0].form} if rows else {},
    }


def _render_round(page: _RoundPage):
    kind = sheets.kind_of(page.game)
    return render_template(
        "sheets/round.html",
        game=page.game,
        kind=kind,
        data=page.data,
        form=page.form,
        number=page.number,
        names=page.names,
        editing=page.editing,
        preview=kind.preview_points(page.preview) if page.preview is not None else None,
        kept=page.kept or {},
        labels=row_labels(page.game, page.form, page.names),
        dealer=page.data["dealer"] if not page.editing else None,
        taken=page.taken,
        lost=page.lost,
        field_kinds=field_kinds(page.form),
    )


def _still_editable(game) -> None:
    """403 when this phone's key stopped working (the game read again under the write lock: a new key was made
    meanwhile)."""
    if device.edit_key(game) is None:
        raise ApiError(_("This phone can only view this sheet: open the edit link to record rounds."), 403)


@bp.route("/<game_id>/rounds/new", methods=["GET", "POST"])
@writes_late
def record(game_id: str):
    game = device.load_game(game_id, edit=True)
    if game is None:
        if wants_json():
            return jsonify(saved=False, error=_("This phone can only view this sheet: open the edit link.")), 403
        return redirect(url_for("sheets.show", game_id=game_id))
    # A post carries the round it was entered for: the service answers a resend of a saved form with the
    # original answer, and refuses (409) a round another phone has taken meanwhile.
    posted = request.form.get("round", "") if request.method == "POST" else ""
    number = int(posted) if posted.isascii() and posted.isdigit() and len(posted) <= 6 else len(game.rounds) + 1
    return _round_page(game, number)


@bp.route("/<game_id>/rounds/<int:number>/edit", methods=["GET", "POST"])
@writes_late
def correct(game_id: str, number: int):
    game = device.load_game(game_id, edit=True)
    if game is None:
        return redirect(url_for("sheets.show", game_id=game_id))
    stored = sheets.stored_rounds(game)
    if not 1 <= number <= len(stored):
        abort(404)
    return _round_page(game, number, stored[number - 1], editing=True)


def _change(game_id: str, prepare, change, done: str):
    """A small form's change to the sheet (CSRF checked before the view): say what happened, back to the sheet.

    ``prepare(game)`` replays the sheet before the write lock is taken; ``change(game, prepared)`` writes under
    it (``prepared`` is ``None`` when another phone changed the sheet meanwhile: the change works it out again).
    """
    game = device.load_game(game_id, edit=True)
    if game is not None:
        try:
            writes.write_late(game, prepare, change, may_write=_still_editable)
            flash(done, "ok")
        except ApiError as error:
            flash(error.message, "error")
    return redirect(url_for("sheets.show", game_id=game_id))


@bp.post("/<game_id>/rounds/<int:number>/undo")
@writes_late
def undo(game_id: str, number: int):
    version = request.form.get("version")
    return _change(
        game_id,
        lambda game: sheets.prepare_undo(game, number, version),
        lambda game, undone: sheets.undo_round(game, number, version, prepared=undone),
        _("Round %(number)s was taken back.", number=number),
    )


@bp.post("/<game_id>/tiebreaker")
@writes_late
def tiebreaker(game_id: str):
    winner, version = {"winner": request.form.get("winner", "")}, request.form.get("version")
    return _change(
        game_id,
        lambda game: sheets.prepare_tiebreaker(game, winner, version),
        lambda game, tied: sheets.record_tiebreaker(game, winner, version, prepared=tied),
        _("The tie-breaker result is recorded."),
    )


@bp.post("/<game_id>/tiebreaker/clear")
@writes_late
def clear_tiebreaker(game_id: str):
    version = request.form.get("version")
    return _change(
        game_id,
        lambda game: sheets.prepare_clear_tiebreaker(game, version),
        lambda game, cleared: sheets.clear_tiebreaker(game, version, prepared=cleared),
        _("The tie-breaker result was taken back."),
    )


@bp.post("/<game_id>/rounds/preview")
@read_only
def preview(game_id: str):
    """The round as it would be scored, for the page's live preview (JSON)."""
    game = device.load_game(game_id)
    sheet = sheets.build_sheet(game)
    data = sheets.game_json(game, sheet)
    names = sheets.playing_names(data, len(game.rounds) + 1)
    data = _at_table(data, names)
    form = round_form(game, sheet, data, len(game.rounds) + 1)
    if not form.validate():
        form.name_errors(names)
    try:
        posted = request.form.get("round") or str(len(game.rounds) + 1)
        if not (posted.isascii() and posted.isdigit()) or len(posted) > 6:
            raise ApiError(_("Reload the page: the form does not say which round it is."))
        number = int(posted)
        body = round_body(game, form, names, number)
        change = None  # a new round: what it changes in the standings (a round kept offline carries it)
        if number <= len(game.rounds):
            scored = sheets.preview_replacement(game, number, body, sheet)
        else:
            scored, change = sheets.preview_change(game, body, sheet)
    except ApiError as error:
        return jsonify(
            ok=False,
            error=entry_message(error, names),
            player=error.player,
            labels=row_labels(game, form, names),
            points=rows_on_their_own(game, sheet, form, names, error.player),
        )
    kind = sheets.kind_of(game)
    completed = kind.preview_completed(scored)  # only games with phases say who completed one
    labels = row_labels(game, form, names)
    return jsonify(
        ok=True,
        points=kind.preview_points(scored),
        labels=labels,
        **({"ticked": completed} if completed else {}),  # the boxes the page ticks (data-completed)
        **({"change": change} if change is not None else {}),
    )


# --- reading: rules, export ------------------------------------------------------------------------------


@bp.post("/<game_id>/notes")
def notes(game_id: str):
    """The sheet's note, from the form on the sheet (a phone that can edit)."""
    game = device.load_game(game_id, edit=True)
    if game is None:
        return redirect(device.scope(game_id))
    try:
        sheets.set_notes(game, {"notes": request.form.get("notes", "")})
    except ApiError as error:
        db.session.rollback()
        flash(error.message, "error")
    else:
        flash(_("The notes are saved."), "ok")
    return redirect(device.scope(game_id) + "#notes-heading")


@bp.post("/<game_id>/players")
def players(game_id: str):
    """A player joins or leaves from the next round, from the form on the sheet (a phone that can edit)."""
    game = device.load_game(game_id, edit=True)
    if game is None:
        return redirect(device.scope(game_id))
    join, leave = request.form.get("join"), request.form.get("leave")
    body = {"join": join} if join is not None else {"leave": leave}
    try:
        data = sheets.change_players(game, body)
    except ApiError as error:
        db.session.rollback()
        flash(error.message, "error")
    else:
        change = data["lineup"][-1]
        message = (
            _("%(name)s joins from round %(number)s.", name=change["join"], number=change["round"])
            if "join" in change
            else _("%(name)s leaves from round %(number)s.", name=change["leave"], number=change["round"])
        )
        flash(message, "ok")
    return redirect(device.scope(game_id) + "#lineup-heading")


@bp.get("/<game_id>/rules")
def rules(game_id: str):
    game = device.load_game(game_id)
    return render_rules(sheets.kind_of(game), sheets.rules_of(game), url_for("sheets.show", game_id=game.id))


@bp.get("/<game_id>/export.json")
def export_json(game_id: str):
    game = device.load_game(game_id)
    body = json.dumps(sheets.export_game(game), ensure_ascii=False, indent=2)
    return Response(
        body,
        mimetype="application/json",
        headers={"Content-Disposition": f'attachment; filename="{exports.file_name(game, "json")}"'},
    )


@bp.get("/<game_id>/export.csv")
def export_csv(game_id: str):
    game = device.load_game(game_id)
    return Response(
        exports.sheet_csv(game),
        mimetype="text/csv",
        headers={"Content-Disposition": f'attachment; filename="{exports.file_name(game, "csv")}"'},
    )
