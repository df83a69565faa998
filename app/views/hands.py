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
from ..services import claims, drafts, sheets
from . import device
from .share import view_link
from .sheets import bp, form_problem, round_form, row_labels


def _asked_seat() -> dict[str, Any]:
    """The ``?seat=n`` this page was asked with (a phone with the edit link entering a seat's hand), to keep in the
    addresses it makes; empty for a player link's own hand."""
    return {"seat": request.args["seat"]} if "seat" in request.args else {}


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


def _one_row(game, player: str, number: int | None = None):
    """The sheet, the game's JSON, and the round form holding ``player``'s row only, for round ``number`` (the
    next one unless said)."""
    sheet = sheets.build_sheet(game)
    data = sheets.game_json(game, sheet)
    mine = {**data, "players": [p for p in data["players"] if p["name"] == player]}
    form = round_form(game, sheet, mine, number or len(game.rounds) + 1)
    went_out = getattr(form, "went_out", None)
    if went_out is not None:  # one row: "I went out" is a toggle, left alone when the player did not
        went_out.validators = [v for v in went_out.validators if not isinstance(v, InputRequired)]
        went_out.flags.required = False
        went_out.validate_choice = False
    return sheet, data, mine, form


def _form_row(game, player: str, form) -> tuple[dict, bool]:
    """The row on the hand form (a draft row) and whether it says "I went out"; raises ``ApiError``."""
    went_out = getattr(form, "went_out", None) is not None and form.went_out.data == "0"
    return sheets.kind_of(game).draft_row(form, [player], 0, went_out, sheets.rules_of(game)), went_out


def _posted_round(game) -> int:
    """The round a hand form was filled in for: a stored one when the row arrives late (kept on the phone while
    it had no connection, or a page left open), else the next one."""
    posted = request.form.get("round", "")
    next_round = len(game.rounds) + 1
    if posted.isascii() and posted.isdigit() and len(posted) <= 6 and 1 <= int(posted) < next_round:
        return int(posted)
    return next_round


def _send_row(game, player: str, who, form) -> None:
    """The row on the form into the draft: started if need be, "I went out" said or taken back, then the row."""
    number = len(game.rounds) + 1
    row, went_out = _form_row(game, player, form)
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
    seat = _asked_seat()
    hand_url = url_for("sheets.hand", game_id=game.id, **seat)
    page_round = request.args.get("round", "")  # the round the page is for (the live panel asks with it)
    if request.method == "GET" and request.args.get("panel"):
        data = sheets.game_json(game)
        # The round the page was drawn for was stored meanwhile: the panel says so and leads to the next one.
        stored_round = int(page_round) if page_round.isdigit() and 0 < int(page_round) <= len(game.rounds) else None
        panel_url = url_for("sheets.hand", game_id=game.id, panel=1, round=page_round, **seat)
        panel = render_template(
            "sheets/_hand_panel.html",
            game=game,
            data=data,
            panel_url=panel_url,
            hand_url=hand_url,
            stored_round=stored_round,
        )
        response = make_response(panel)
        response.headers["Cache-Control"] = "no-store"
        return response
    if request.method == "POST" and _posted_round(game) <= len(game.rounds):
        return _late_hand(game, player, who, _posted_round(game), hand_url)
    scripted = wants_json()
    _sheet, data, mine, form = _one_row(game, player)
    if data["next_round"] is None:
        return redirect(url_for("sheets.show", game_id=game.id))
    if request.method == "POST":
        if form.validate_on_submit():
            try:
                _send_row(game, player, who, form)
            except ApiError as error:
                db.session.rollback()
                if scripted:
                    return _hand_answer(game, error=error, player=player)
                form.show_error([player], error)
            else:
                if scripted:
                    return _hand_answer(game)
                flash(_("Your hand is in. The others see it now."), "ok")
                return redirect(hand_url)
        else:
            form.name_errors([player])
            if scripted:
                return _hand_answer(game, problem=form_problem(form), player=player)
        game = sheets.get_game(game.id)  # as stored now (a refused write changed nothing)
        data = sheets.game_json(game)
    draft = data.get("draft") or {}
    sent = (draft.get("points") or {}).get(player) if (draft.get("rows") or {}).get(player) is not None else None
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
            sent={player: sent} if sent is not None else None,  # the hand as sent counts this (shown in its row)
            hand_url=hand_url,
            panel_url=url_for("sheets.hand", game_id=game.id, panel=1, round=len(game.rounds) + 1, **seat),
        )
    )
    # The page holds no key (the player key travels in the sheet's cookie), so the service worker may keep it:
    # a player whose phone lost the connection opens their hand page again offline (static/js/sw.js).
    response.headers["Cache-Control"] = "no-cache"
    return response


def _hand_answer(game, number=None, error: ApiError | None = None, problem=None, player=None, **extra):
    """The JSON answer to a hand a script sent (kept on the phone while offline, sent later): ``saved``, or
    refused with the reason in the page's words (static/js/offline.js)."""
    number = number or len(game.rounds) + 1
    if error is None and problem is None and not extra:
        return jsonify(saved=True, round=number)
    status = error.status if error is not None else extra.pop("status", 400)
    message = entry_message(error, [player]) if error is not None else problem
    return jsonify(saved=False, round=number, error=message, player=player, **extra), status


def _late_hand(game, player: str, who, number: int, hand_url: str, correct: bool = False):
    """A hand for round ``number``, stored before the hand arrived (it was kept on a phone without a connection):
    the stored round beside it ("stored: 35; you entered: 40", 409, for static/js/offline.js to show with *Correct
    the stored round* and *Keep the stored one*), or with ``correct`` the stored round corrected with it."""
    scripted = wants_json()
    _sheet, _data, _mine, form = _one_row(game, player, number)
    seat = _asked_seat()
    if not form.validate_on_submit():
        form.name_errors([player])
        problem = form_problem(form)
        if scripted:
            return _hand_answer(game, number, problem=problem, player=player)
        flash(problem, "error")
        return redirect(hand_url)
    try:
        row, went_out = _form_row(game, player, form)
        body = {**row, **({"went_out": True} if went_out else {})}
        if correct:
            drafts.correct_row(game, number, player, body, who)
        else:
            player, row, went_out = drafts.read_late_row(game, number, player, body, who)
            late = drafts.late_row(game, number, player, row, went_out)
    except ApiError as error:
        db.session.rollback()
        if scripted:
            return _hand_answer(game, number, error=error, player=player)
        flash(entry_message(error, [player]), "error")
        return redirect(hand_url)
    if correct:
        if scripted:
            return jsonify(saved=True, corrected=True, round=number)
        flash(_("Round %(number)s corrected with your hand.", number=number), "ok")
        return redirect(url_for("sheets.show", game_id=game.id))
    if late["same"]:
        message = _("Your hand for round %(number)s is already in the stored round.", number=number)
    else:
        message = _("Round %(number)s was stored before your hand arrived.", number=number)
    if not scripted:
        if late["same"]:
            flash(message, "ok")
            return redirect(hand_url)
        return _late_page(game, form, player, who, number, message, late, hand_url)
    return _hand_answer(
        game,
        number,
        problem=message,
        player=player,
        status=409,
        late=True,
        correct=url_for("sheets.hand_correct", game_id=game.id, **seat),
        may_correct=who is drafts.EDITOR,
        stored=late["stored"],
        same=late["same"],
        compare=late["compare"],
        why=late["problem"],
    )


def _late_page(game, form, player: str, who, number: int, message: str, late: dict[str, Any], hand_url: str):
    """A late hand on a page without a script (409): the stored row beside it in words and, for the edit key, a
    plain form that corrects the stored round with the hand as posted (*Correct the stored round*), with *Keep the
    stored one* beside it; a player link's phone is asked to see the scorekeeper (only the edit key corrects)."""
    kept = [(name, value) for name, value in request.form.items(multi=True) if name != "csrf_token"]
    response = make_response(
        render_template(
            "sheets/late_hand.html",
            game=game,
            form=form,
            player=player,
            number=number,
            message=message,
            compare=late["compare"],
            why=late["problem"],
            may_correct=who is drafts.EDITOR,
            fields=kept,
            correct_url=url_for("sheets.hand_correct", game_id=game.id, **_asked_seat()),
            hand_url=hand_url,
        ),
        409,
    )
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/<game_id>/hand/correct")
def hand_correct(game_id: str):
    """*Correct the stored round*: round ``round``, stored before this phone's hand arrived, corrected with it
    (with the edit key, the row of ``?seat=n``; a player link may not: 403), as a correction of the round checks it."""
    game = device.load_game(game_id)
    found = _hand_of(game)
    if found is None:
        if wants_json():
            return jsonify(saved=False, error=_("This phone can only view this sheet: open the edit link.")), 403
        return redirect(url_for("sheets.show", game_id=game.id))
    game = sheets.get_game(game.id, lock=True)
    player, who = found
    seat = _asked_seat()
    hand_url = url_for("sheets.hand", game_id=game.id, **seat)
    number = _posted_round(game)
    if number > len(game.rounds):
        message = _("There is no round {number} in this game.").format(number=request.form.get("round", ""))
        if wants_json():
            return jsonify(saved=False, error=message), 404
        flash(message, "error")
        return redirect(hand_url)
    return _late_hand(game, player, who, number, hand_url, correct=True)


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
        if not request.form.get("queued"):  # a round the outbox kept says so on the page itself (offline.js)
            flash(_("Round %(number)s saved.", number=round_number), "ok")
        if scripted:
            return jsonify(saved=True, round=round_number)
    return redirect(url_for("sheets.show", game_id=game.id))


@bp.post("/<game_id>/draft/discard")
def discard_draft(game_id: str):
    """*Discard this round in progress* (an editing phone, after its confirmation): the round being filled in
    together is dropped on every phone, as ``DELETE /api/games/<id>/draft`` drops it; nothing stored changes."""
    game = device.load_game(game_id, edit=True)
    if game is None:
        return redirect(url_for("sheets.show", game_id=game_id))
    draft = drafts.current_draft(game)
    drafts.delete_draft(game, drafts.EDITOR)
    if draft is not None:
        flash(_("Round %(number)s in progress was discarded on every phone.", number=draft["round"]), "ok")
    return redirect(url_for("sheets.show", game_id=game.id))


@bp.app_template_global()
def draft_entered(draft: dict[str, Any] | None) -> bool:
    """Whether the round being filled in (``"draft"`` as GET shows it) holds anything entered: a row sent from a
    player's phone, or a row of a player who did not go out. One holding only who went out and that player's row
    from an editing phone's form (tapping Out on the round form and leaving it) is not shown as a round filled in
    together."""
    if not draft:
        return False
    went_out = draft.get("went_out")
    return any(
        row is not None and (row.get("by") == "player" or name != went_out) for name, row in draft["rows"].items()
    )


@bp.app_template_global()
def draft_row_note(game, row: dict[str, Any] | None) -> str | None:
    """What a row of the round filled in together chose for the whole round (an UNO Flip hand's side), for the
    draft list; ``None`` for nothing."""
    return None if row is None else sheets.kind_of(game).draft_row_note(row)


@bp.route("/<game_id>/share/players", methods=["GET", "POST"])
def share_players(game_id: str):
    """ "Give each player a link": a player link (a claim code good for 30 minutes in the fragment, exchanged by the
    player's phone for the player's key) with its QR code and Share button, made fresh for the player chosen (the
    player's older links stop working). Edit key only; never kept (no-store)."""
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
            code = claims.make(game.id, f"player:{player}", key)["code"]  # the link carries a claim, not the key
            made = {"player": player, "link": handover.claim_link(view_link(game.id), code)}
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
    number = len(game.rounds) + 1
    names = sheets.playing_names(data, number)  # the form's rows: the players at the table (not those who left)
    data = {**data, "players": [p for p in data["players"] if p["name"] in names]}
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
    if went_out is not None and went_out != player and went_out not in (answer["draft"]["rows"] or {}):
        # Who went out, as the form says it, is that player's row too (Phase 10: the phase laid down), though
        # nobody typed in it: without it the round would wait for a row the form already shows.
        try:
            out_row = kind.draft_row(form, names, names.index(went_out), True, sheets.rules_of(game))
            answer = drafts.put_row(game, went_out, {"round": number, **out_row}, drafts.EDITOR)
        except ApiError:
            db.session.rollback()  # left for its own row to say (the form shows what is wrong with it)
            answer = sheets.game_json(sheets.get_game(game.id))
    return jsonify(ok=True, draft=answer["draft"], version=answer["version"])
