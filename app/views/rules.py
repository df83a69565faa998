"""Rules pages: each game's rules, with a table's chosen options marked when shown for a sheet."""

from flask import Blueprint, abort, render_template

from ..engine.phase10 import phases as p10_phases
from ..engine.uno import rules as uno_rules

bp = Blueprint("rules", __name__, url_prefix="/rules")

GAMES = {"phase10": p10_phases.OPTIONS, "uno": uno_rules.OPTIONS}


def render_rules(game: str, rules=None, sheet_link: str | None = None):
    """The rules page of ``game``; with ``rules`` (a RuleSet) the table's choices are marked."""
    return render_template(
        f"rules/{game}.html", options=GAMES[game], rules=rules, sheet_link=sheet_link, phases=p10_phases.PHASES
    )


@bp.get("/<game>")
def show(game: str):
    if game not in GAMES:
        abort(404)
    return render_rules(game)
