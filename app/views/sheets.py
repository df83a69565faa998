"""Score-sheet pages: create a sheet, record and correct rounds, standings, tie-breaker, sharing, export.

The pages build the same round bodies as the JSON API and call the same service
(:mod:`app.services.sheets`), so every check is the engine's. Edit rights are handed over with
the key in the link's fragment (``/sheets/<id>#key=…``); the page script keeps it on the phone and
posts it once to :func:`claim_key`, which keeps it in a cookie scoped to this sheet's pages
(:mod:`app.handover`). No page holds the key in its HTML or its address.
"""

from __future__ import annotations

import csv
import io
import json
import secrets
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

from .. import handover, heavy
from ..database import begin_write, in_writes_late_view, read_only, writes_late
from ..engine.errors import EngineError
from ..errors import ApiError, wants_json
from ..extensions import db
from ..forms import entry_message, new_game_form
from ..games import registry
from ..keys import key_matches
from ..ratelimits import creation
from ..services import drafts, sheets
from .chart import totals_chart
from .rules import render_rules

bp = Blueprint("sheets", __name__, url_prefix="/sheets")

RECENT_LIMIT = 20


# --- this device: recent games and edit keys --------------------------------------------------------


def _remember(game_id: str) -> None:
    """Put the game first in this device's recent list."""
    recent = [g for g in session.get("recent", []) if g != game_id]
    session["recent"] = [game_id, *recent][:RECENT_LIMIT]


def _scope(game_id: str) -> str:
    """The path under which this phone's key for the sheet travels (its pages and forms)."""
    return url_for("sheets.show", game_id=game_id)


def _edit_key(game) -> str | None:
    """This device's edit key for ``game`` (its cookie for the sheet's pages), when it is the right one."""
    key = handover.held_key()
    return key if key and key_matches(key, game.edit_key_hash) else None


def _handed_over(game_id: str, key: str, to: str | None = None):
    """Back to the sheet (or ``to``, a page under it) with the key in the fragment (the page script keeps it on
    the phone) and in the sheet's cookie (forms work at once, and without JavaScript)."""
    response = redirect(handover.fragment_link(to or _scope(game_id), key))
    response.headers["Cache-Control"] = "no-store"
    return handover.keep(response, _scope(game_id), key)


def _load(game_id: str, edit: bool = False):
    # A view that writes late locks the game's row under the write lock (_locked), not while it replays.
    lock = edit and request.method == "POST" and not in_writes_late_view()
    try:
        game = sheets.get_game(game_id, lock=lock)
    except ApiError:
        abort(404)
    if edit and _edit_key(game) is None:
        flash(_("This phone can only view this sheet: open the edit link to record rounds."), "error")
        return None
    return game


# --- pages --------------------------------------------------------------------------------------------


@bp.get("/")
def recent():
    """The games opened on this device, newest first."""
    games = []
    for game_id in session.get("recent", []):
        try:
            game = sheets.get_game(game_id)
        except ApiError:
            continue
        games.append({"game": game, "sheet": sheets.build_sheet(game)})
    return render_template("sheets/recent.html", games=games)


@bp.route("/new", methods=["GET", "POST"])
@creation
def new():
    form = new_game_form()
    if form.validate_on_submit():
        try:
            game, key = sheets.create_game(form.game.data, form.player_names(), form.rules())
        except ApiError as error:
            flash(error.message, "error")
        else:
            _remember(game.id)
            return _handed_over(game.id, key)
    games = registry.all_games()
    return render_template("sheets/new.html", form=form, games=games, max_players={g.id: g.max_players for g in games})


@bp.get("/<game_id>")
def show(game_id: str):
    game = _load(game_id)
    if "key" in request.args:
        return _old_edit_link(game, request.args["key"])
    _remember(game.id)
    response = make_response(_render_sheet(game))
    if handover.held_key() and _edit_key(game) is None and drafts.player_of_key(game, handover.held_key()) is None:
        handover.drop(response, _scope(game.id))  # a key that stopped working (a new one was made)
    return response


def _old_edit_link(game, key: str):
    """An edit link of the old form (``?key=…``, before keys moved to the fragment): it still works, once
    more — the key moves to the phone and the address is cleaned — and the page suggests a new key, since
    this one has been in an address (and so in logs and histories)."""
    _remember(game.id)
    if not key_matches(key, game.edit_key_hash):
        try:
            sheets.check_edit_key(game, key or None)  # counted like any wrong key; 429 past the limit
        except ApiError as error:
            if error.status == 429:
                raise
        flash(_("That edit link is not right for this sheet: you can view it, not change it."), "error")
        return redirect(_scope(game.id))
    flash(
        _(
            "This phone can now record rounds on this sheet. The link you opened is an old kind that shows the key "
            "in the address: make a new edit key below if it was shared where others could see it."
        ),
        "ok",
    )
    return _handed_over(game.id, key)


@bp.post("/<game_id>/key")
def claim_key(game_id: str):
    """The page script hands this phone's key for the sheet (from a link's fragment or ``localStorage``)
    to the server, which keeps it in the sheet's cookie: 204, or 403/429 as the API answers a wrong key."""
    game = _load(game_id)
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
    return handover.keep(response, _scope(game.id), key)


@bp.post("/<game_id>/key/new")
def new_key(game_id: str):
    """A new edit key for the sheet, from a phone that holds the current one: every older link stops working."""
    game = _load(game_id, edit=True)
    if game is None:
        return redirect(_scope(game_id))
    key = sheets.replace_edit_key(game)
    flash(_("A new edit key is made: older edit links no longer work. Share the new link below."), "ok")
    return _handed_over(game_id, key, to=url_for("share.edit", game_id=game_id))  # the new link, ready to share


def _render_sheet(game, status: int = 200):
    sheet = sheets.build_sheet(game)
    data = sheets.game_json(game, sheet)
    key = _edit_key(game)
    links = {"view": url_for("sheets.show", game_id=game.id, _external=True)}
    kind = sheets.kind_of(game)
    return render_template(
        "sheets/show.html",
        game=game,
        kind=kind,
        data=data,
        editable=key is not None,
        player=drafts.player_of_key(game, handover.held_key()),
        links=links,
        chart=totals_chart(data),
        notice=getattr(sheet, "notice", None),
        **kind.page_context(),
    ), status


# --- rounds ----------------------------------------------------------------------------------------------


def _round_form(game, sheet, data: dict[str, Any], number: int, entered: dict[str, Any] | None = None):
    """The game's round form; prefilled from ``entered`` (a stored round) when correcting."""
    kind = sheets.kind_of(game)
    names = [p["name"] for p in data["players"]]
    posted = request.method == "POST"
    form = kind.round_form() if posted else kind.round_form(formdata=None)
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
    return form


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


def _form_problem(form) -> str:
    """The first problem the form's own checks found (a post that never reached the engine)."""
    return _first_error(form.errors) or _("The form was not complete: reload the page and enter the round again.")


def _sent_answer(game, number: int, error: ApiError | None = None, problem: str | None = None, names=()):
    """The JSON answer to a round a script sent (a round kept on the phone while offline, sent later)."""
    if error is None and problem is None:
        return jsonify(saved=True, round=number)
    status = error.status if error is not None else 400
    message = entry_message(error, names) if error is not None else problem
    if status == 409 and number <= len(game.rounds):
        # Taken by another phone: the queue offers to enter it again as the next round, so no "reload the sheet".
        message = _("Another phone saved round %(number)s first.", number=number)
    player = error.player if error is not None else None
    return jsonify(saved=False, round=number, error=message, player=player, next_round=len(game.rounds) + 1), status


def _row_labels(game, form, names: list[str]) -> dict[str, dict[str, Any]]:
    """What the number in each row of the round form is, for the player chosen as gone out (if any)."""
    chosen = getattr(getattr(form, "went_out", None), "data", None)
    went_out = names[int(chosen)] if isinstance(chosen, str) and chosen.isdigit() and int(chosen) < len(names) else None
    return sheets.kind_of(game).row_labels(sheets.rules_of(game), names, went_out)


def _lost_race(game, form, number: int):
    """Another phone saved this round first: keep this phone's entry, offered as the next round (one tap)."""
    expected = len(game.rounds) + 1
    form.round.data = str(expected)
    form.version.data = str(game.version)
    form.idempotency.data = secrets.token_urlsafe(16)
    form.submit.label.text = _("Save as round %(number)s", number=expected)
    # One sentence that says what the page offers; the service's "reload the sheet" suits the API, not this form.
    flash(
        _(
            "Another phone saved round %(number)s first: your entry is kept below, ready to save as round %(next)s.",
            number=number,
            next=expected,
        ),
        "error",
    )
    return expected


def _round_page(game, number: int, entered: dict[str, Any] | None = None, editing: bool = False):
    game_id = game.id
    scripted = wants_json()
    with heavy.slot_for_replay(len(game.rounds)):
        sheet = sheets.build_sheet(game)  # built once for the whole request
    data = sheets.game_json(game, sheet)
    names = [p["name"] for p in data["players"]]
    if not editing and request.method == "GET":
        try:
            sheet.check_open()
        except EngineError as error:
            flash(str(error), "error")
            return redirect(url_for("sheets.show", game_id=game_id))
    form = _round_form(game, sheet, data, number, entered)
    preview = None
    valid = form.validate_on_submit()
    if request.method == "POST" and not valid:
        form.name_errors(names)  # every row's problems at once, each naming the player
        if scripted:
            return _sent_answer(game, number, problem=_form_problem(form))
    if valid:
        try:
            body = round_body(game, form, names, number)
            if form.preview.data:
                preview = (
                    sheets.preview_replacement(game, number, body, sheet)
                    if editing
                    else sheets.preview_round(game, body, sheet)
                )
            elif editing:
                sheets.check_version(game, form.version.data)
                corrected = sheets.correct_round(game, number, body, sheet)  # the long part, before the lock
                game, same = _locked(game)
                sheets.replace_round(game, number, body, form.version.data, corrected=corrected if same else None)
                flash(_("Round %(number)s corrected.", number=number), "ok")
                return redirect(url_for("sheets.show", game_id=game_id))
            else:
                idempotency_key = form.idempotency.data or None
                prepared = sheets.prepare_round(game, body, idempotency_key, sheet)  # checked before the lock
                game, same = _locked(game)
                sheets.record_round(game, body, idempotency_key, prepared=prepared if same else None)
                if scripted:
                    return _sent_answer(game, number)
                flash(_("Round %(number)s saved.", number=number), "ok")
                return redirect(url_for("sheets.show", game_id=game_id))
        except ApiError as error:
            if scripted:
                return _sent_answer(game, number, error, names=names)
            if error.status == 409 and not editing and number < len(game.rounds) + 1:
                number = _lost_race(game, form, number)
                # The form now stands for the round after the winner's: its phases and dealer, not the lost one's.
                sheet = sheets.build_sheet(game)
                data = sheets.game_json(game, sheet)
                sheets.kind_of(game).prepare_round_form(form, sheet, names, number)
            elif error.status == 409:
                flash(error.message, "error")
                return redirect(url_for("sheets.show", game_id=game_id))
            else:
                form.show_error(names, error)
    dealer = data["dealer"] if not editing else None
    kind = sheets.kind_of(game)
    return render_template(
        "sheets/round.html",
        game=game,
        kind=kind,
        data=data,
        form=form,
        number=number,
        names=names,
        editing=editing,
        preview=kind.preview_points(preview) if preview is not None else None,
        labels=_row_labels(game, form, names),
        dealer=dealer,
    )


def _locked(game):
    """The game again, under the write lock (taken only now: the replay and the checks ran before), and
    whether it is still at the version read. 403 if this phone's key stopped working meanwhile."""
    begin_write()
    if sheets.unchanged_since_read(game):
        return game, True
    db.session.expire_all()
    game = sheets.get_game(game.id, lock=True)
    if _edit_key(game) is None:
        raise ApiError(_("This phone can only view this sheet: open the edit link to record rounds."), 403)
    return game, False


@bp.route("/<game_id>/rounds/new", methods=["GET", "POST"])
@writes_late
def record(game_id: str):
    game = _load(game_id, edit=True)
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
    game = _load(game_id, edit=True)
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
    game = _load(game_id, edit=True)
    if game is not None:
        try:
            with heavy.slot_for_replay(len(game.rounds)):
                prepared = prepare(game)
            game, same = _locked(game)
            change(game, prepared if same else None)
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
    game = _load(game_id)
    sheet = sheets.build_sheet(game)
    data = sheets.game_json(game, sheet)
    names = [p["name"] for p in data["players"]]
    form = _round_form(game, sheet, data, len(game.rounds) + 1)
    if not form.validate():
        form.name_errors(names)
    try:
        posted = request.form.get("round") or str(len(game.rounds) + 1)
        if not (posted.isascii() and posted.isdigit()) or len(posted) > 6:
            raise ApiError(_("Reload the page: the form does not say which round it is."))
        number = int(posted)
        body = round_body(game, form, names, number)
        if number <= len(game.rounds):
            scored = sheets.preview_replacement(game, number, body, sheet)
        else:
            scored = sheets.preview_round(game, body, sheet)
    except ApiError as error:
        return jsonify(
            ok=False, error=entry_message(error, names), player=error.player, labels=_row_labels(game, form, names)
        )
    kind = sheets.kind_of(game)
    completed = kind.preview_completed(scored)  # only games with phases say who completed one
    labels = _row_labels(game, form, names)
    return jsonify(
        ok=True, points=kind.preview_points(scored), labels=labels, **({"completed": completed} if completed else {})
    )


# --- reading: rules, export ------------------------------------------------------------------------------


@bp.get("/<game_id>/rules")
def rules(game_id: str):
    game = _load(game_id)
    return render_rules(sheets.kind_of(game), sheets.rules_of(game), url_for("sheets.show", game_id=game.id))


@bp.get("/<game_id>/export.json")
def export_json(game_id: str):
    game = _load(game_id)
    body = json.dumps(sheets.export_game(game), ensure_ascii=False, indent=2)
    return Response(
        body,
        mimetype="application/json",
        headers={"Content-Disposition": f'attachment; filename="deckside-{game.kind}-{game.id[:8]}.json"'},
    )


@bp.get("/<game_id>/export.csv")
def export_csv(game_id: str):
    game = _load(game_id)
    kind = sheets.kind_of(game)
    sheet = sheets.build_sheet(game)
    data = sheets.game_json(game, sheet)
    names = [p["name"] for p in data["players"]]
    out = io.StringIO()
    out.write("\ufeff")  # a byte-order mark: spreadsheets then read the file as UTF-8 (accented names)
    writer = csv.writer(out)
    writer.writerow([_("round"), _("went out"), *[_csv_safe(c) for c in kind.csv_columns(names, sheet)]])
    for item in data["rounds"]:
        cells = kind.csv_cells(item, names, sheet)
        writer.writerow([item["round"], _csv_safe(item.get("went_out") or ""), *cells])
    writer.writerow([_("total"), "", *kind.csv_totals(data, names)])
    tie = data.get("tiebreaker") or {}
    if tie.get("winner"):
        writer.writerow([_("tie-breaker"), _csv_safe(tie["winner"])])
    if data.get("winner"):
        writer.writerow([_("winner"), _csv_safe(data["winner"])])
    return Response(
        out.getvalue().encode("utf-8"),
        mimetype="text/csv",
        headers={"Content-Disposition": f'attachment; filename="deckside-{game.kind}-{game.id[:8]}.csv"'},
    )


def _csv_safe(value: str) -> str:
    """A name that a spreadsheet would read as a formula is prefixed with a quote."""
    return "'" + value if value[:1] in ("=", "+", "-", "@") else value
