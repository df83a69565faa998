"""UNO's own JSON endpoint (``/api/uno/score``): the points of the cards left in a hand.

Served on the shared API blueprint, described by :data:`ENDPOINTS` (added by ``app.api.schemas`` to the others).
"""

from __future__ import annotations

from typing import Annotated, Any

from flask import Blueprint, jsonify
from flask_babel import gettext as _
from pydantic import ConfigDict, StrictBool
from pydantic.json_schema import WithJsonSchema

from app.api.schemas import Endpoint, Points, RulesOp
from app.api.util import json_object, token_list
from app.database import read_only
from app.errors import ApiError
from app.shapes import Body, CardTokens, MayOmit

from .engine import cards as uno_cards
from .engine import scoring as uno_scoring


class UnoScoreRules(Body):
    newer_wilds: StrictBool = False


class UnoScore(Body):
    """``POST /api/uno/score``: the cards left in a hand; ``newer_wilds`` admits WS and WC."""

    model_config = ConfigDict(json_schema_extra={"examples": [{"cards": ["R5", "G+2", "W4"]}]})

    cards: CardTokens
    rules: MayOmit[Annotated[dict[str, Any], WithJsonSchema(UnoScoreRules.model_json_schema())]] = None


ENDPOINTS: tuple[Endpoint, ...] = (
    RulesOp("POST", "/api/uno/score", "scoreUno", "Points of UNO cards left in a hand.", UnoScore, answer=Points),
)


@read_only
def uno_score():
    data = json_object()
    rules = data.get("rules", {})
    if not isinstance(rules, dict) or set(rules) - {"newer_wilds"}:
        raise ApiError(_('"rules" may only hold newer_wilds here.'))
    newer = rules.get("newer_wilds", False)
    if not isinstance(newer, bool):
        raise ApiError(_("The table rule newer_wilds must be true or false."))
    cards = uno_cards.parse_hand(token_list(data, "cards"), newer_wilds=newer)
    uno_cards.check_fits_deck(cards, newer_wilds=newer)
    return jsonify(points=uno_scoring.hand_points(cards))


def add_routes(bp: Blueprint) -> None:
    """The endpoint on the shared API blueprint."""
    bp.add_url_rule("/uno/score", "uno_score", uno_score, methods=["POST"])
