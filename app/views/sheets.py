"""Score-sheet pages: create a sheet, record and correct rounds, standings, tie-breaker, sharing, export.

The pages build the same round bodies as the JSON API and call the same service
(:mod:`app.services.sheets`), so every check is the engine's. The edit key travels in an
edit link once and is then kept in this device's session cookie.
"""

from __future__ import annotations

import csv
import io
import json
import secrets
from typing import Any

from flask import Blueprint, Response, abort, flash, jsonify, redirect, render_template, request, session, url_for
from flask_babel import gettext as _

from ..database import read_only
from ..engine.errors import EngineError
from ..engine.notation import format_cards, format_groups, parse_groups, split_tokens
from ..engine.phase10.cards import HAND_SIZE
from ..engine.phase10.phases import PHASES, TIEBREAKER
from ..errors import ApiError
from ..forms import NewGameForm, RoundForm
from ..keys import key_matches
from ..services import sheets
from .chart import totals_chart
from .rules import render_rules

bp = Blueprint("sheets", __name__, url_prefix="/sheets")

RECENT_LIMIT = 20
KEYS_LIMIT = 40
"""Edit keys kept in the session cookie (about 60 bytes each), independently of the recent list."""


# --- this device: recent games and edit keys --------------------------------------------------------


def _remember(game_id: str, key: str | None = None) -> None:
    """Put the game first in this device's recent list; keep its edit key (the newest keys win)."""
    recent = [g for g in session.get("recent", []) if g != game_id]
    session["recent"] = [game_id, *recent][:RECENT_LIMIT]
    if key is not None:
        keys = {g: k for g, k in session.get("keys", {}).items() if g != game_id}
        keys[game_id] = key
        session["keys"] = dict(list(keys.items())[-KEYS_LIMIT:])


def _edit_key(game) -> str | None:
    """This device's edit key for ``game``, when it holds the right one."""
    key = session.get("keys", {}).get(game.id)
    return key if key and key_matches(key, game.edit_key_hash) else None


def _load(game_id: str, edit: bool = False):
    try:
        game = sheets.get_game(game_id, lock=edit and request.method == "POST")
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
        games.append({"game": game, "sheet": sheets.build_sheet(game), "editable": _edit_key(game) is not None})
    return render_template("sheets/recent.html", games=games)


@bp.route("/new", methods=["GET", "POST"])
def new():
    form = NewGameForm()
    if form.validate_on_submit():
        try:
            game, key = sheets.create_game(form.game.data, form.player_names(), form.rules())
        except ApiError as error:
            flash(error.message, "error")
        else:
            _remember(game.id, key)
            return redirect(url_for("sheets.show", game_id=game.id))
    limits = {name: (kind.sheet.min_players, kind.sheet.max_players) for name, kind in sheets.KINDS.items()}
    return render_template("sheets/new.html", form=form, limits=limits)


@bp.get("/<game_id>")
def show(game_id: str):
    game = _load(game_id)
    key = request.args.get("key")
    if key is not None:
        # An edit link: keep the key on this device and drop it from the address (and from any Referer).
        if key_matches(key, game.edit_key_hash):
            _remember(game.id, key)
            flash(_("This phone can now record rounds on this sheet."), "ok")
        else:
            _remember(game.id)
            flash(_("That edit link is not right for this sheet: you can view it, not change it."), "error")
        return redirect(url_for("sheets.show", game_id=game.id))
    _remember(game.id)
    return _render_sheet(game)


def _render_sheet(game, status: int = 200):
    sheet = sheets.build_sheet(game)
    data = sheets.game_json(game, sheet)
    key = _edit_key(game)
    links = {"view": url_for("sheets.show", game_id=game.id, _external=True)}
    if key:
        links["edit"] = url_for("sheets.show", game_id=game.id, key=key, _external=True)
    return render_template(
        "sheets/show.html",
        game=game,
        data=data,
        editable=key is not None,
        links=links,
        chart=totals_chart(data),
        notice=getattr(sheet, "notice", None),
        hand_size=HAND_SIZE,
        tiebreaker_goal=PHASES[TIEBREAKER].describe(),
    ), status


# --- rounds ----------------------------------------------------------------------------------------------


def _round_form(game, sheet, data: dict[str, Any], number: int, entered: dict[str, Any] | None = None) -> RoundForm:
    """The round form for ``game``; prefilled from ``entered`` (a stored round) when correcting."""
    names = [p["name"] for p in data["players"]]
    posted = request.method == "POST"
    form = RoundForm() if posted else RoundForm(formdata=None)
    if not posted:
        for seat in range(len(names)):
            form.players.append_entry({"seat": str(seat)})
    while len(form.players.entries) > len(names):  # a forged post with rows for players the game lacks
        form.players.pop_entry()
    form.went_out.choices = [(str(i), name) for i, name in enumerate(names)]
    if data["rules"].get("variant") == "pick_a_phase":
        for name, row in zip(names, form.players.entries):
            row.form.phase.choices = [("", _("none"))] + [
                (str(p), _("phase %(number)s", number=p)) for p in sheet.phases_open(name, number)
            ]
    if request.method == "GET":
        form.round.data = str(number)
        form.version.data = str(game.version)
        form.idempotency.data = secrets.token_urlsafe(16)
        if entered:
            _prefill(form, names, entered)
    return form


def _prefill(form: RoundForm, names: list[str], entered: dict[str, Any]) -> None:
    form.went_out.data = str(names.index(entered["went_out"]))
    by_player = {r["player"]: r for r in entered["results"]}
    for name, row in zip(names, form.players.entries):
        result = by_player.get(name, {})
        completed = result.get("completed", False)
        row.form.completed.data = completed is not False
        row.form.phase.data = str(completed) if completed not in (True, False) else ""
        if name == entered["went_out"]:
            continue
        if "counts" in result:
            for key, value in result["counts"].items():
                getattr(row.form, key).data = value
        elif "cards" in result:
            row.form.cards.data = format_cards(result["cards"])
        elif "points" in result:
            row.form.points.data = result["points"]
        if result.get("laid_down"):
            row.form.laid_down.data = format_groups(result["laid_down"])


def round_body(game, form: RoundForm, names: list[str], number: int) -> dict[str, Any]:
    """The API's round body from the form (the same body the JSON API takes)."""
    try:
        went_out = names[int(form.went_out.data)]
    except (TypeError, ValueError, IndexError):
        raise ApiError(_("Choose who went out.")) from None
    if len(form.players.entries) != len(names):
        raise ApiError(_("The form did not hold a line for every player: reload the page and enter the round again."))
    phase10 = game.kind == "phase10"
    pick = phase10 and game.rules.get("variant") == "pick_a_phase"
    results = []
    for name, row in zip(names, form.players.entries):
        f = row.form
        result: dict[str, Any] = {"player": name}
        if phase10:
            if pick:
                chosen = (f.phase.data or "").strip()
                result["completed"] = int(chosen) if chosen.isascii() and chosen.isdigit() else False
            else:
                # Going out needs a completed phase, so the player who went out completed it.
                result["completed"] = bool(f.completed.data) or name == went_out
            if f.laid_down.data and f.laid_down.data.strip() and result["completed"] is not False:
                try:
                    result["laid_down"] = parse_groups(f.laid_down.data, str)
                except EngineError as error:
                    raise ApiError(
                        _("%(name)s's laid-down phase: %(problem)s", name=name, problem=error), 400, name
                    ) from error
        if name != went_out:
            counts = {k: getattr(f, k).data for k in ("low", "high", "skip", "wild")}
            if f.points.data is not None:
                result["points"] = f.points.data
            elif f.cards.data and f.cards.data.strip():
                result["cards"] = split_tokens(f.cards.data)
            elif phase10 and any(v is not None for v in counts.values()):
                filled = {k: v or 0 for k, v in counts.items()}
                if counts["low"] is None and result["completed"] is False:
                    # A player without a completed phase holds exactly 10 cards: the rest are low cards.
                    filled["low"] = max(0, HAND_SIZE - filled["high"] - filled["skip"] - filled["wild"])
                result["counts"] = filled
            elif phase10 and result["completed"] is False:
                result["counts"] = {"low": HAND_SIZE, "high": 0, "skip": 0, "wild": 0}
        if phase10 or name != went_out:
            results.append(result)
    return {"round": number, "went_out": went_out, "results": results}


def _row_errors(form: RoundForm, names: list[str], error: ApiError) -> None:
    """Show a refusal next to the player's row when it names one, else at the top."""
    if error.player in names and len(form.players.entries) == len(names):
        form.players.entries[names.index(error.player)].form.points.errors = [error.message]
    else:
        form.went_out.errors = [*form.went_out.errors, error.message]


def _round_page(game, number: int, entered: dict[str, Any] | None = None, editing: bool = False):
    game_id = game.id
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
    if form.validate_on_submit():
        try:
            body = round_body(game, form, names, number)
            if form.preview.data:
                preview = (
                    sheets.preview_replacement(game, number, body, sheet)
                    if editing
                    else sheets.preview_round(game, body, sheet)
                )
            elif editing:
                sheets.replace_round(game, number, body, form.version.data, sheet=sheet)
                flash(_("Round %(number)s corrected.", number=number), "ok")
                return redirect(url_for("sheets.show", game_id=game_id))
            else:
                sheets.record_round(game, body, form.idempotency.data or None, sheet=sheet)
                flash(_("Round %(number)s saved.", number=number), "ok")
                return redirect(url_for("sheets.show", game_id=game_id))
        except ApiError as error:
            if error.status == 409:
                flash(error.message, "error")
                return redirect(url_for("sheets.show", game_id=game_id))
            _row_errors(form, names, error)
    dealer = data["dealer"] if not editing else None
    return render_template(
        "sheets/round.html",
        game=game,
        data=data,
        form=form,
        number=number,
        names=names,
        editing=editing,
        preview=preview,
        dealer=dealer,
    )


@bp.route("/<game_id>/rounds/new", methods=["GET", "POST"])
def record(game_id: str):
    game = _load(game_id, edit=True)
    if game is None:
        return redirect(url_for("sheets.show", game_id=game_id))
    # A post carries the round it was entered for: the service answers a resend of a saved form with the
    # original answer, and refuses (409) a round another phone has taken meanwhile.
    posted = request.form.get("round", "") if request.method == "POST" else ""
    number = int(posted) if posted.isascii() and posted.isdigit() and len(posted) <= 6 else len(game.rounds) + 1
    return _round_page(game, number)


@bp.route("/<game_id>/rounds/<int:number>/edit", methods=["GET", "POST"])
def correct(game_id: str, number: int):
    game = _load(game_id, edit=True)
    if game is None:
        return redirect(url_for("sheets.show", game_id=game_id))
    stored = sheets.stored_rounds(game)
    if not 1 <= number <= len(stored):
        abort(404)
    return _round_page(game, number, stored[number - 1], editing=True)


def _change(game_id: str, change, done: str):
    """A small form's change to the sheet (CSRF checked before the view): say what happened, back to the sheet."""
    game = _load(game_id, edit=True)
    if game is not None:
        try:
            change(game)
            flash(done, "ok")
        except ApiError as error:
            flash(error.message, "error")
    return redirect(url_for("sheets.show", game_id=game_id))


@bp.post("/<game_id>/rounds/<int:number>/undo")
def undo(game_id: str, number: int):
    return _change(
        game_id,
        lambda game: sheets.undo_round(game, number, request.form.get("version")),
        _("Round %(number)s was taken back.", number=number),
    )


@bp.post("/<game_id>/tiebreaker")
def tiebreaker(game_id: str):
    winner = {"winner": request.form.get("winner", "")}
    return _change(
        game_id,
        lambda game: sheets.record_tiebreaker(game, winner, request.form.get("version")),
        _("The tie-breaker result is recorded."),
    )


@bp.post("/<game_id>/tiebreaker/clear")
def clear_tiebreaker(game_id: str):
    return _change(
        game_id,
        lambda game: sheets.clear_tiebreaker(game, request.form.get("version")),
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
    form.validate()
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
        return jsonify(ok=False, error=error.message, player=error.player)
    return jsonify(ok=True, points=scored.points if game.kind == "phase10" else scored.gained)


# --- reading: rules, export ------------------------------------------------------------------------------


@bp.get("/<game_id>/rules")
def rules(game_id: str):
    game = _load(game_id)
    return render_rules(game.kind, sheets.rules_of(game), url_for("sheets.show", game_id=game.id))


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
    data = sheets.game_json(game)
    names = [p["name"] for p in data["players"]]
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([_("round"), _("went out"), *[_csv_safe(n) for n in names]])
    for item in data["rounds"]:
        points = {r["player"]: r.get("points", 0) for r in item["results"]}
        writer.writerow([item["round"], _csv_safe(item["went_out"]), *[points.get(n, 0) for n in names]])
    writer.writerow([_("total"), "", *[p["score"] for p in data["players"]]])
    return Response(
        out.getvalue(),
        mimetype="text/csv",
        headers={"Content-Disposition": f'attachment; filename="deckside-{game.kind}-{game.id[:8]}.csv"'},
    )


def _csv_safe(value: str) -> str:
    """A name that a spreadsheet would read as a formula is prefixed with a quote."""
    return "'" + value if value[:1] in ("=", "+", "-", "@") else value
