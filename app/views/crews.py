"""Crews as pages: a crew's record (people, per kind, head to head, charts), a person's page, and the forms
that make a crew, hand its key to another phone, start tonight's sheet, rename and merge people.

Every figure comes from :func:`app.services.crews.statistics`, the same answer as ``GET /api/crews/<id>``.
The crew key travels as a game's edit key does (:mod:`app.handover`): in a link's fragment, kept on the phone
by ``static/js/crews.js`` and in a cookie scoped to ``/crews/<id>``, so only this crew's pages carry it.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from flask import Blueprint, abort, flash, make_response, redirect, render_template, request, session, url_for
from flask_babel import format_percent
from flask_babel import gettext as _

from .. import handover
from ..engine.table import same_player
from ..errors import ApiError
from ..extensions import db
from ..forms import new_game_form
from ..games import registry
from ..keys import key_matches
from ..ratelimits import creation
from ..services import crews, sheets
from . import device
from .chart import LINE_STYLES, totals_chart
from .sheets import duration_text

bp = Blueprint("crews", __name__)

RECENT_CREWS = 20
BAR_PITCH = 15
"""Height of one bar of the win-rate chart with its gap: a 10 px label's box is 13.8 units tall (see chart.py)."""
SEATS = 12
"""Seats the "tonight's table" picker offers at most (the most any game takes)."""


# --- this phone: its crews and their keys ------------------------------------------------------------------------


def remember_crew(crew_id: str) -> None:
    known = [c for c in session.get("crews", []) if c != crew_id]
    session["crews"] = [crew_id, *known][:RECENT_CREWS]


def _scope(crew_id: str) -> str:
    return url_for("crews.show", crew_id=crew_id)


def crew_key(crew) -> str | None:
    """This phone's key for ``crew`` (its cookie for the crew's pages), when it is the right one."""
    key = handover.held_key()
    return key if key and key_matches(key, crew.key_hash) else None


def _handed(crew_id: str, key: str, to: str | None = None):
    """To the crew's page (or ``to``) with the key in the fragment and in the crew's cookie."""
    response = redirect(handover.fragment_link(to or _scope(crew_id), key))
    response.headers["Cache-Control"] = "no-store"
    return handover.keep(response, _scope(crew_id), key)


def _crew(crew_id: str):
    try:
        return crews.get_crew(crew_id)
    except ApiError:
        abort(404)


@bp.app_template_global()
def joined_crew() -> str | None:
    """The crew this phone just added the sheet to by pasting its crew link (once: the page that follows the
    join). The page marks it (``data-joined-crew``) so that static/js/handover.js keeps the key of the pasted link on
    the phone, as opening the link would have: "Move my games" then moves the crew with it."""
    return session.pop("joined_crew", None)


@bp.app_template_global()
def percent(value: float | None) -> str:
    """A rate (0–1) as the page's language writes a percentage; "–" for none."""
    return "–" if value is None else format_percent(value)


def _when(text: str | None) -> datetime | None:
    return None if text is None else datetime.fromisoformat(text.replace("Z", "+00:00"))


# --- making a crew ---------------------------------------------------------------------------------------------


def _names(text: str) -> list[str]:
    """People typed one a line or separated by commas."""
    return [n.strip() for n in text.replace(",", "\n").splitlines() if n.strip()]


@bp.post("/crews/new")
@creation
def new():
    """A crew from the Sheets page: a name and, optionally, its people."""
    try:
        crew, key = crews.create_crew(
            {"name": request.form.get("name", ""), "people": _names(request.form.get("people", ""))}
        )
    except ApiError as error:
        flash(error.message, "error")
        return redirect(url_for("sheets.recent"))
    remember_crew(crew.id)
    flash(_("The crew %(name)s is made. Start a sheet from it, or add a finished game to it.", name=crew.name), "ok")
    return _handed(crew.id, key)


@bp.post("/sheets/<game_id>/crew")
@creation
def from_game(game_id: str):
    """ "Keep these players together": a crew of a game's players, with the game in it (needs the edit key)."""
    try:
        game = sheets.get_game(game_id)
    except ApiError:
        abort(404)
    if device.edit_key(game) is None:
        flash(_("This phone can only view this sheet: open the edit link to record rounds."), "error")
        return redirect(url_for("sheets.show", game_id=game_id))
    try:
        crew, key = crews.create_crew(
            {"name": request.form.get("name", ""), "people": sheets.player_names(game)}, commit=False
        )
        db.session.flush()  # the crew's row before its game's
        crews.add_game(crew, game)
        crews.commit()
    except ApiError as error:
        db.session.rollback()
        flash(error.message, "error")
        return redirect(url_for("sheets.show", game_id=game_id))
    remember_crew(crew.id)
    flash(_("The crew %(name)s is made, with this game in it.", name=crew.name), "ok")
    return _handed(crew.id, key)


CREW_LINK = re.compile(r"/crews/([A-Za-z0-9_-]+)/?(?:[?#]|$)")
KEY_IN_LINK = re.compile(r"#(?:.*&)?key=([A-Za-z0-9_-]+)")


@bp.post("/sheets/<game_id>/join-crew")
def add_existing(game_id: str):
    """ "Add this game to a crew" from the sheet: the crew link (its key in the fragment) pasted by a phone that
    holds the game's edit key; the same checks as ``POST /api/crews/<id>/games``."""
    try:
        game = sheets.get_game(game_id)
    except ApiError:
        abort(404)
    back = redirect(url_for("sheets.show", game_id=game_id) + "#join-crew")
    edit_key = device.edit_key(game)
    if edit_key is None:
        flash(
            _("Adding this game to a crew needs its edit key: open the sheet's edit link on this phone first."), "error"
        )
        return back
    link = request.form.get("crew_link", "").strip()
    found = CREW_LINK.search(link)
    if not link:
        flash(_("Paste the crew link to add this game to the crew."), "error")
        return back
    if found is None:
        flash(_("This is not a crew link: a crew link ends in /crews/… with #key=… after it."), "error")
        return back
    crew_key = KEY_IN_LINK.search(link)
    if crew_key is None:
        flash(
            _(
                "This link has no crew key: it only shows the crew. Ask for the crew link a phone of the crew"
                " shares with “Let another phone add games”."
            ),
            "error",
        )
        return back
    try:
        crew = crews.get_crew(found.group(1))
        crew, status = crews.join_game(crew, {"game": game.id}, crew_key.group(1), edit_key)
    except ApiError as error:
        db.session.rollback()
        wrong_key = error.status == 403
        flash(
            _("The key in this crew link is not the crew's: ask a phone of the crew for the crew link again.")
            if wrong_key
            else error.message,
            "error",
        )
        return back
    remember_crew(crew.id)
    session["joined_crew"] = crew.id  # the next page says so, and the page script keeps the pasted crew key
    flash(
        _("This game is now in the crew %(name)s.", name=crew.name)
        if status == 201
        else _("This game was already in the crew %(name)s.", name=crew.name),
        "ok",
    )
    response = redirect(url_for("sheets.show", game_id=game_id))
    response.headers["Cache-Control"] = "no-store"
    return handover.keep(response, _scope(crew.id), crew_key.group(1))  # this phone may now add to the crew too


@bp.post("/crews/<crew_id>/key")
def claim_key(crew_id: str):
    """The page script hands this phone's crew key to the server (kept in the crew's cookie): 204 or 403."""
    crew = _crew(crew_id)
    key = request.form.get("key", "")
    if not key_matches(key, crew.key_hash):
        crews.check_crew_key(crew, key or None)
    if request.form.get("announce"):
        flash(_("This phone can now add games to this crew."), "ok")
    response = make_response("", 204)
    response.headers["Cache-Control"] = "no-store"
    return handover.keep(response, _scope(crew.id), key)


# --- the crew's page -------------------------------------------------------------------------------------------


def _kind_rows(stats: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [{"name": p["name"], **p["kinds"][kind]} for p in stats["people"] if kind in p["kinds"]]


def _sections(stats: dict[str, Any], kinds: list[str]) -> list[dict[str, Any]]:
    """The crew page's tables, one per kind played; a kind that keeps the score of any game has one per game
    played by name, in the order first played ("Hearts", "Darts"), and one under its own name for its sheets
    without a name (``statistics(by_name=True)``)."""
    sections = []
    for kind in kinds:
        if not registry.require(kind).named:
            sections.append({"id": kind, "kind": kind, "title": None, "rows": _kind_rows(stats, kind)})
            continue
        order = list(dict.fromkeys(g.get("name") or None for g in stats["games"] if g["game"] == kind))
        for number, name in enumerate(order):
            rows = [
                {"name": p["name"], **p["named"][(kind, name)]} for p in stats["people"] if (kind, name) in p["named"]
            ]
            sections.append({"id": f"{kind}-{number}", "kind": kind, "title": name, "rows": rows})
    return sections


def _wins_over_time(stats: dict[str, Any]) -> dict[str, Any] | None:
    """Each person's wins, counted after each finished game (oldest first): the sheet's totals chart."""
    person_of = _person_of(stats)
    finished = sorted(
        (g for g in stats["games"] if g["status"] == "finished"), key=lambda g: (g["finished"], g["created"])
    )
    if not finished:
        return None
    wins = dict.fromkeys((p["name"] for p in stats["people"]), 0)
    rows = []
    for game in finished:
        if game["winner"]:
            winner = person_of.get(same_player(game["winner"]))
            if winner is not None:
                wins[winner] += 1
        rows.append({"scores": dict(wins)})
    return totals_chart({"totals": rows, "players": [{"name": p["name"]} for p in stats["people"]]})


def _person_of(stats: dict[str, Any]) -> dict[str, str]:
    """Every name a person goes by (folded) → the person's name."""
    found = {}
    for person in stats["people"]:
        for name in (person["name"], *person["aliases"]):
            found[same_player(name)] = person["name"]
    return found


def _rate_bars(stats: dict[str, Any]) -> dict[str, Any]:
    """Win rate by kind: per person, one bar per kind played (a colour and a dash pattern per kind)."""
    kinds = [k for k in registry.ids() if any(k in p["kinds"] for p in stats["people"])]
    styles = {k: LINE_STYLES[i % len(LINE_STYLES)][0] for i, k in enumerate(kinds)}
    rows = []
    y = 4
    for person in stats["people"]:
        bars: list[dict[str, Any]] = []
        for kind in kinds:
            line = person["kinds"].get(kind)
            if line is None or line["win_rate"] is None:
                continue
            bars.append({"kind": kind, "rate": line["win_rate"], "y": y + len(bars) * BAR_PITCH, "color": styles[kind]})
        if not bars:
            continue
        rows.append({"name": person["name"], "y": y, "bars": bars, "height": len(bars) * BAR_PITCH})
        y += len(bars) * BAR_PITCH + 10
    return {"kinds": kinds, "colors": styles, "rows": rows, "height": y}


@bp.get("/crews/<crew_id>")
def show(crew_id: str):
    crew = _crew(crew_id)
    stats = crews.statistics(crew, by_name=True)
    remember_crew(crew.id)
    key = crew_key(crew)
    kinds = [k for k in registry.ids() if any(k in p["kinds"] for p in stats["people"])]
    response = make_response(
        render_template(
            "crews/show.html",
            crew=crew,
            stats=stats,
            editable=key is not None,
            view_link=url_for("crews.show", crew_id=crew.id, _external=True),
            sections=_sections(stats, kinds),
            chart=_wins_over_time(stats),
            bars=_rate_bars(stats),
            last_played={p["name"]: _when(p["last_played"]) for p in stats["people"]},
            played=crews.time_played(crew),
            duration=duration_text,
            seats=min(SEATS, max(len(stats["people"]), 2)),
        )
    )
    if handover.held_key() and key is None:
        handover.drop(response, _scope(crew.id))
    return response


@bp.get("/crews/<crew_id>/share")
def share(crew_id: str):
    """The crew link (its key in the fragment), its Share button and QR code: for a phone holding the key."""
    crew = _crew(crew_id)
    key = crew_key(crew)
    if key is None:
        flash(_("This phone can only view this crew: open the crew link to add games."), "error")
        return redirect(_scope(crew.id))
    link = handover.fragment_link(url_for("crews.show", crew_id=crew.id, _external=True), key)
    response = make_response(render_template("crews/share.html", crew=crew, link=link))
    response.headers["Cache-Control"] = "no-store"
    return response


# --- tonight's table -------------------------------------------------------------------------------------------


@bp.route("/crews/<crew_id>/new", methods=["GET", "POST"])
@creation
def new_sheet(crew_id: str):
    """A new sheet whose players are the crew's people picked for tonight, in seating order, in the crew."""
    crew = _crew(crew_id)
    if crew_key(crew) is None:
        flash(_("This phone can only view this crew: open the crew link to add games."), "error")
        return redirect(_scope(crew.id))
    form = new_game_form()
    if request.method == "GET":
        picked = [n for n in request.args.getlist("seat") if n]
        if len({same_player(n) for n in picked}) != len(picked):
            flash(_("Each person can sit at one seat only: pick everyone once."), "error")
            return redirect(_scope(crew.id) + "#tonight")
        for field, name in zip(form.players, picked):
            field.data = name
    elif form.validate_on_submit():
        try:
            game, key = sheets.create_game(form.game.data, form.player_names(), form.rules(), commit=False)
            crews.add_game(crew, game)
            crews.commit()
        except ApiError as error:
            db.session.rollback()
            flash(error.message, "error")
        else:
            device.remember(game.id)
            return device.handed_over(game.id, key)
    games = registry.all_games()
    return render_template(
        "sheets/new.html",
        form=form,
        games=games,
        max_players={g.id: g.max_players for g in games},
        action=url_for("crews.new_sheet", crew_id=crew.id),
        crew=crew,
    )


# --- a person ----------------------------------------------------------------------------------------------------


def _runs(results: list[bool]) -> tuple[int, int]:
    """The longest run of wins and the longest run without one, in finish order."""
    best = worst = won = lost = 0
    for win in results:
        won, lost = (won + 1, 0) if win else (0, lost + 1)
        best, worst = max(best, won), max(worst, lost)
    return best, worst


def _rivals(person: dict[str, Any]) -> dict[str, Any]:
    played = [(name, v) for name, v in person["versus"].items() if v["games"]]
    if not played:
        return {}
    return {
        "most_beaten": max(played, key=lambda item: (item[1]["wins"], item[1]["games"])),
        "beaten_by": max(played, key=lambda item: (item[1]["their_wins"], item[1]["games"])),
        "most_played": max(played, key=lambda item: item[1]["games"]),
    }


@bp.route("/crews/<crew_id>/people/<path:name>", methods=["GET", "POST"])
def person(crew_id: str, name: str):
    """A person's page: their figures, their games, best and worst, rivals; renaming and merging."""
    crew = _crew(crew_id)
    key = crew_key(crew)
    error = None
    if request.method == "POST":
        if key is None:
            flash(_("This phone can only view this crew: open the crew link to add games."), "error")
            return redirect(url_for("crews.person", crew_id=crew.id, name=name))
        change = (
            {"name": request.form.get("name", "")}
            if request.form.get("action") == "rename"
            else {"same_as": request.form.get("same_as", "")}
        )
        try:
            crews.change_person(crew, name, change, key)
        except ApiError as refused:
            db.session.rollback()
            if refused.status == 404 and "name" in change:
                abort(404)
            error = refused.message
        else:
            stats = crews.statistics(crew)
            (new_name,) = change.values()  # its one value: the new name, or the person they fold into
            shown = _person_of(stats).get(same_player(new_name), new_name)
            flash(
                _("%(old)s is now %(new)s.", old=name, new=shown)
                if "name" in change
                else _("%(old)s and %(new)s are one person now.", old=name, new=shown),
                "ok",
            )
            return redirect(url_for("crews.person", crew_id=crew.id, name=shown))
    stats = crews.statistics(crew)
    found = _person_of(stats).get(same_player(name))
    if found is None:
        abort(404)
    if found != name and request.method == "GET":
        return redirect(url_for("crews.person", crew_id=crew.id, name=found))
    me = next(p for p in stats["people"] if p["name"] == found)
    person_of = _person_of(stats)
    mine = [g for g in stats["games"] if any(person_of.get(same_player(n)) == found for n in g["players"])]
    finished = sorted((g for g in mine if g["status"] == "finished"), key=lambda g: (g["finished"], g["created"]))
    results = [bool(g["winner"]) and person_of.get(same_player(g["winner"])) == found for g in finished]
    best_run, worst_run = _runs(results)
    rated = [(kind, line) for kind, line in me["kinds"].items() if line["win_rate"] is not None]
    best_kind = max(rated, key=lambda item: item[1]["win_rate"]) if len(rated) > 1 else None
    worst_kind = min(rated, key=lambda item: item[1]["win_rate"]) if len(rated) > 1 else None
    return render_template(
        "crews/person.html",
        crew=crew,
        stats=stats,
        me=me,
        games=list(reversed(mine)),
        person_of=person_of,
        best_run=best_run,
        worst_run=worst_run,
        best_kind=best_kind,
        worst_kind=worst_kind,
        rivals=_rivals(me),
        last_played=_when(me["last_played"]),
        others=[p["name"] for p in stats["people"] if p["name"] != found],
        editable=key is not None,
        error=error,
        when=_when,
    ), 400 if error else 200
