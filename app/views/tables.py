"""The next game and a table's record, as pages: "Play again" (two taps) and ``/tables/<id>``.

Both call :mod:`app.services.tables`, the same code as the JSON API. The play-again page shows
the players and the table rules of the game just played, every one of them editable; the rules
are drawn from the game's own options (:class:`app.engine.options.Option`), so no game is named
here. A game's own part of the table record is its template ``tables/<game>/_record.html``.
"""

from __future__ import annotations

import secrets
from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from sqlalchemy import select

from ..engine.errors import EngineError
from ..errors import ApiError
from ..extensions import db
from ..models import Game
from ..services import sheets, tables
from . import device

bp = Blueprint("tables", __name__)

MAX_NAME_FIELDS = 12


@bp.app_template_global()
def table_place(game: Game) -> dict[str, int]:
    """Where ``game`` stands in its table: ``{"number": n, "games": m}`` (game n of m)."""
    rows = db.session.execute(
        select(Game.id, Game.created_at).where(Game.table_id == game.table_id).order_by(Game.created_at, Game.id)
    ).all()
    ids = [row.id for row in rows]
    return {"number": ids.index(game.id) + 1 if game.id in ids else 1, "games": len(ids)}


@bp.get("/tables/<table_id>")
def show(table_id: str):
    """A table's record: its games in order, and per player games, wins, points per round and the game's own."""
    try:
        record = tables.record(table_id)
    except ApiError:
        abort(404)
    best = {
        "wins": max((p["wins"] for p in record["players"]), default=0) or 1,
        "points_per_round": max((p["points_per_round"] or 0 for p in record["players"]), default=0) or 1,
    }
    return render_template("tables/show.html", record=record, best=best)


def _rule_fields(rules, kind) -> list[dict[str, Any]]:
    """The table rules as form fields: each option, its label and value as a form shows them, and its choices
    as ``(value, words)`` pairs in the words the new-sheet form uses (never the bare ids)."""
    fields = []
    for option in rules.options:
        value = rules[option.name]
        text = " ".join(str(v) for v in value) if isinstance(value, (list, tuple)) else value
        label = kind.labels.get(option.name, option.label)
        pairs = kind.choice_labels.get(option.name) or [(c, option.word(c)) for c in option.choices]
        choices = [(v, str(words) if not isinstance(words, str) else _(words)) for v, words in pairs]
        label = str(label) if not isinstance(label, str) else _(label)
        fields.append({"option": option, "value": value, "text": text, "label": label, "choices": choices})
    return fields


def _posted_rules(rules) -> dict[str, Any]:
    """The rules the play-again form sends, checked by each option (a 400 naming the rule when one is bad)."""
    posted: dict[str, Any] = {}
    for option in rules.options:
        field = f"rule-{option.name}"
        if option.kind == "bool":
            posted[option.name] = field in request.form
            continue
        text = request.form.get(field, "").strip()
        try:
            posted[option.name] = option.coerce_text(text)
        except EngineError as error:
            raise ApiError(str(error)) from error
    return {name: list(value) if isinstance(value, tuple) else value for name, value in posted.items()}


@bp.route("/sheets/<game_id>/again", methods=["GET", "POST"])
def again(game_id: str):
    """Play again: the same players and rules, editable, one tap to start (needs the edit rights)."""
    try:
        game = sheets.get_game(game_id, lock=request.method == "POST")
    except ApiError:
        abort(404)
    key = device.edit_key(game)
    if key is None:
        flash(_("This phone can only view this sheet: open the edit link to record rounds."), "error")
        return redirect(url_for("sheets.show", game_id=game.id))
    following = tables.next_game_id(game)
    if following is not None:
        flash(_("This game has been played again already: here is the next game."), "ok")
        return redirect(url_for("sheets.show", game_id=following))
    rules = sheets.rules_of(game)
    names = sheets.player_names(game)
    error = None
    if request.method == "POST":
        names = [n.strip() for n in request.form.getlist("player")[:MAX_NAME_FIELDS] if n.strip()]
        try:
            body = {"players": names, "rules": _posted_rules(rules)}
            answer, _status = tables.rematch(game, body, request.form.get("idempotency") or None, edit_key=key)
        except ApiError as refused:
            error = refused.message
        else:
            device.remember(answer["id"])
            flash(_("The next game has begun: %(name)s deals first.", name=answer["first_dealer"]), "ok")
            return device.handed_over(answer["id"], key)  # this phone keeps the (same) key for the next game
    slots = max(len(names) + 2, 4)
    return render_template(
        "tables/again.html",
        game=game,
        names=names + [""] * (min(slots, MAX_NAME_FIELDS) - len(names)),
        rules=_rule_fields(rules, sheets.kind_of(game)),
        error=error,
        idempotency=request.form.get("idempotency") or secrets.token_urlsafe(16),
    ), 400 if error else 200
