"""Each player on their own phone (API.md "A round entered together", "Player links"): a player link opens the
sheet on that player's phone, which enters *its own* hand of the round being filled in together, with the same
row the round form shows (keypad, counts, cards or total, the phase toggle, "I went out") and nothing else.

The player key travels as the edit key does (the link's fragment, then the sheet's cookie: app/handover.py).
Every write goes through :mod:`app.services.drafts`, so the rules are the engine's and the API's.
"""

from __future__ import annotations

from typing import Any

from flask import flash, jsonify, make_response, redirect, render_template, request, url_for
from flask_babel import gettext as _
from wtforms.validators import InputRequired

from .. import handover
from ..errors import ApiError, wants_json
from ..extensions import db
from ..forms import entry_message
from ..services import drafts, sheets
from . import device
from .share import view_link
from .sheets import bp, round_form, row_labels


def _player(game) -> str | None:
    """The player whose link this phone holds for the sheet (``None`` for none)."""
    return drafts.player_of_key(game, handover.held_key())


def _hand_of(game):
    """``(player, writer)`` for this phone's hand page: a player link's own player, or for the edit key the player
    named by ``?seat=n``; ``None`` when this phone has no hand here."""
    player = _player(game)
    if player is not None:
        return player, player
    if device.edit_key(game) is None:
        return None
    names = sheets.player_names(game)
    seat = request.args.get("seat", "")
    if not (seat.isascii() and seat.isdigit() and int(seat) < len(names)):
        return None
    return names[int(seat)], drafts.EDITOR


def _one_row(game, player: str):
    """The sheet, the game's JSON, and the round form holding ``player``'s row only."""
    sheet = sheets.build_sheet(game)
    data = sheets.game_json(game, sheet)
    mine = {**data, "players": [p for p in data["players"] if p["name"] == player]}
    form = round_form(game, sheet, mine, len(game.rounds) + 1)
    went_out = getattr(form, "went_out", None)
    if went_out is not None:  # one row: "I went out" is a toggle, left alone when the player did not
        went_out.validators = [v for v in went_out.validators if not isinstance(v, InputRequired)]
        went_out.flags.required = False
        went_out.validate_choice = False
    return sheet, data, mine, form


def _send_row(game, player: str, who, form) -> None:
    """The row on the form into the draft: started if need be, "I went out" said or taken back, then the row."""
    number = len(game.rounds) + 1
    went_out = getattr(form, "went_out", None) is not None and form.went_out.data == "0"
    kind = sheets.kind_of(game)
    row = kind.draft_row(form, [player], 0, went_out, sheets.rules_of(game))
    draft = drafts.current_draft(game)
    now = draft.get("went_out") if draft else None
    if draft is None or (went_out and now != player) or (not went_out and now == player):
        drafts.put_draft(game, {"round": number, **({"went_out": player if went_out else None})}, who)
    drafts.put_row(game, player, {"round": number, **row}, who)


@bp.route("/<game_id>/hand", methods=["GET", "POST"])
def hand(game_id: str):
    game = device.load_game(game_id)
    found = _hand_of(game)
    if found is None:
        flash(_("This phone can only view this sheet: open the edit link to record rounds."), "error")
        return redirect(url_for("sheets.show", game_id=game.id))
    player, who = found
    asked_seat: dict[str, Any] = {"seat": request.args["seat"]} if "seat" in request.args else {}
    hand_url = url_for("sheets.hand", game_id=game.id, **asked_seat)
    panel_url = url_for("sheets.hand", game_id=game.id, panel=1, **asked_seat)
    if request.method == "GET" and request.args.get("panel"):
        data = sheets.game_json(game)
        panel = render_template("sheets/_hand_panel.html", game=game, data=data, panel_url=panel_url)
        response = make_response(panel)
        response.headers["Cache-Control"] = "no-store"
        return response
    _sheet, data, mine, form = _one_row(game, player)
    if data["next_round"] is None:
        return redirect(url_for("sheets.show", game_id=game.id))
    if request.method == "POST":
        if form.validate_on_submit():
            try:
                _send_row(game, player, who, form)
            except ApiError as error:
                form.show_error([player], error)
            else:
                flash(_("Your hand is in. The others see it now."), "ok")
                return redirect(hand_url)
        else:
            form.name_errors([player])
        game = sheets.get_game(game.id)  # as stored now (a refused write changed nothing)
        data = sheets.game_json(game)
    response = make_response(
        render_template(
            "sheets/hand.html",
            game=game,
            kind=sheets.kind_of(game),
            data=data,
            mine=mine,
            form=form,
            player=player,
            number=len(game.rounds) + 1,
            labels=row_labels(game, form, [player]),
            hand_url=hand_url,
            panel_url=panel_url,
        )
    )
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/<game_id>/hand/preview")
def hand_preview(game_id: str):
    """The row as it would count (for the hand page's live preview, as the round form has one): its points now,
    or what stops it on its own."""
    game = device.load_game(game_id)
    found = _hand_of(game)
    if found is None:
        return jsonify(ok=False, error=_("This phone can only view this sheet: open the edit link to record rounds."))
    player, _who = found
    sheet, _data, _mine, form = _one_row(game, player)
    labels = row_labels(game, form, [player])
    went_out = getattr(form, "went_out", None) is not None and form.went_out.data == "0"
    try:
        row = sheets.kind_of(game).draft_row(form, [player], 0, went_out, sheets.rules_of(game))
        points = drafts.row_points(sheet, player, row, went_out)
    except ApiError as error:
        return jsonify(ok=False, error=entry_message(error, [player]), player=player, labels=labels)
    return jsonify(ok=True, points={player: points}, labels=labels)


@bp.post("/<game_id>/draft/commit")
def commit_draft(game_id: str):
    """Save the round filled in together (the edit key or a player link), as the API's commit does."""
    game = device.load_game(game_id)
    key = handover.held_key()
    if device.edit_key(game) is None and _player(game) is None:
        flash(_("This phone can only view this sheet: open the edit link to record rounds."), "error")
        return redirect(url_for("sheets.show", game_id=game.id))
    number = request.form.get("round", "")
    scripted = wants_json()
    try:
        who = drafts.writer(game, key)
        round_number = int(number) if number.isascii() and number.isdigit() and len(number) <= 6 else None
        drafts.commit_draft(game, {"round": round_number}, request.form.get("idempotency") or None, who)
    except ApiError as error:
        if scripted:
            return jsonify(saved=False, error=entry_message(error, sheets.player_names(game))), error.status
        flash(error.message, "error")
    else:
        flash(_("Round %(number)s saved.", number=round_number), "ok")
        if scripted:
            return jsonify(saved=True, round=round_number)
    return redirect(url_for("sheets.show", game_id=game.id))


@bp.route("/<game_id>/share/players", methods=["GET", "POST"])
def share_players(game_id: str):
    """ "Give each player a link": a player link (its key in the fragment) with its QR code and Share button, made
    fresh for the player chosen (the player's older link stops working). Edit key only; never kept (no-store)."""
    game = device.load_game(game_id, edit=True)
    if game is None:
        return redirect(url_for("sheets.show", game_id=game_id))
    made = None
    if request.method == "POST":
        try:
            player, key = drafts.new_player_key(game, request.form.get("player", ""))
        except ApiError as error:
            flash(error.message, "error")
        else:
            db.session.commit()
            made = {"player": player, "link": handover.fragment_link(view_link(game.id), key)}
    response = make_response(
        render_template("sheets/share_players.html", game=game, names=sheets.player_names(game), made=made)
    )
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/<game_id>/draft/row")
def draft_row(game_id: str):
    """One row of the round form (``seat``), sent as it is made into the round being filled in together, with who
    went out as the form says (edit key; JSON for the page script): the draft as the API shows it, or why not."""
    game = device.load_game(game_id)
    if device.edit_key(game) is None:
        return jsonify(
            ok=False, error=_("This phone can only view this sheet: open the edit link to record rounds.")
        ), 403
    sheet = sheets.build_sheet(game)
    data = sheets.game_json(game, sheet)
    names = [p["name"] for p in data["players"]]
    number = len(game.rounds) + 1
    form = round_form(game, sheet, data, number)
    seat = request.form.get("seat", "")
    if not (seat.isascii() and seat.isdigit() and int(seat) < len(names)) or request.form.get("round") != str(number):
        return jsonify(ok=False, error=_("Reload the page: the form does not say which round it is.")), 409
    chosen = getattr(getattr(form, "went_out", None), "data", None)
    went_out = names[int(chosen)] if isinstance(chosen, str) and chosen.isdigit() and int(chosen) < len(names) else None
    player = names[int(seat)]
    kind = sheets.kind_of(game)
    try:
        row = kind.draft_row(form, names, int(seat), player == went_out, sheets.rules_of(game))
        draft = drafts.current_draft(game)
        if draft is None or (draft.get("went_out") != went_out and went_out is not None):
            drafts.put_draft(game, {"round": number, **({"went_out": went_out} if went_out else {})}, drafts.EDITOR)
        answer = drafts.put_row(game, player, {"round": number, **row}, drafts.EDITOR)
    except ApiError as error:
        db.session.rollback()
        draft = drafts.current_draft(game)
        if error.status == 400 and draft and player in (draft.get("rows") or {}):
            drafts.delete_row(game, player, None, drafts.EDITOR)  # what the row said before no longer stands
        return jsonify(ok=False, error=entry_message(error, names), player=error.player or player), error.status
    return jsonify(ok=True, draft=answer["draft"], version=answer["version"])
