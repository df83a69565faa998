"""Rules pages: each game's rules, with a table's chosen options marked when shown for a sheet."""

from flask import Blueprint, abort, render_template

from ..games import registry
from ..games.registry import GameType

bp = Blueprint("rules", __name__, url_prefix="/rules")


def render_rules(kind: GameType, rules=None, sheet_link: str | None = None):
    """The rules page of a registered game; with ``rules`` (a RuleSet) the table's choices are marked."""
    return render_template(
        kind.rules_page, kind=kind, options=kind.options, rules=rules, sheet_link=sheet_link, **kind.rules_context()
    )


@bp.get("/<game>")
def show(game: str):
    kind = registry.get(game)
    if kind is None:
        abort(404)
    return render_rules(kind)
