"""Rules endpoints: verify a Phase 10 phase, score leftover cards in either game."""

from __future__ import annotations

from flask import jsonify
from flask_babel import gettext as _

from ..database import read_only
from ..errors import ApiError
from ..games.phase10.engine import cards as p10_cards
from ..games.phase10.engine import scoring as p10_scoring
from ..games.phase10.engine.finder import check_phase
from ..games.phase10.engine.phases import (
    NATURAL_CARD,
    PhaseList,
    parse_phase_list,
    phase_of_list,
)
from ..games.uno.engine import cards as uno_cards
from ..games.uno.engine import scoring as uno_scoring
from . import bp
from .util import json_object, token_list

NATURAL_CARD_CHOICES = NATURAL_CARD.choices


def _verify_rules(data: dict) -> tuple[str, PhaseList | None]:
    """The rules a phase is verified under: ``natural_card``, and the table's ``phases`` when given."""
    rules = data.get("rules", {})
    if rules is None:
        rules = {}
    if not isinstance(rules, dict):
        raise ApiError(_('"rules" must be an object.'))
    unknown = sorted(set(rules) - {"natural_card", "phases"})
    if unknown:
        raise ApiError(
            _("Unknown rule for verifying a phase: {name}. Only natural_card and phases are used here.").format(
                name=unknown[0]
            )
        )
    value = rules.get("natural_card", "phase")
    if value not in NATURAL_CARD_CHOICES:
        raise ApiError(_('The rule natural_card must be "phase" or "group".'))
    listed = parse_phase_list(rules["phases"]) if rules.get("phases") is not None else None
    return value, listed


@bp.post("/phase10/verify")
@read_only
def phase10_verify():
    """Groups mode checks cards laid on the table; hand mode finds a lay-down in a hand."""
    data = json_object()
    if "phase" not in data:
        raise ApiError(_('"phase" is missing: send a phase number from 1 to 10, or "tiebreaker".'))
    has_groups, has_hand = "groups" in data, "hand" in data
    if has_groups == has_hand:
        raise ApiError(_('Send either "groups" (cards on the table) or "hand" (cards in a hand), not both or neither.'))
    natural_card, listed = _verify_rules(data)
    phase = phase_of_list(data["phase"], listed)  # engine refusals answer 400 through the app's EngineError handler
    if has_hand:
        verdict = check_phase(phase, hand=p10_cards.parse_hand(token_list(data, "hand")), natural_card=natural_card)
    else:
        groups_in = data["groups"]
        if not isinstance(groups_in, list) or not all(isinstance(g, list) for g in groups_in):
            raise ApiError(_('"groups" must be a list of groups, each a list of card tokens.'))
        groups = []
        for number, group in enumerate(groups_in, start=1):
            if not all(isinstance(t, str) for t in group):
                raise ApiError(_("Group {number} must be a list of card tokens (strings).").format(number=number))
            groups.append(p10_cards.parse_hand(group))
        verdict = check_phase(phase, groups=groups, natural_card=natural_card)
    return jsonify(verdict.to_json())


@bp.post("/phase10/score")
@read_only
def phase10_score():
    data = json_object()
    cards = p10_cards.parse_hand(token_list(data, "cards"))
    p10_cards.check_fits_deck(cards)
    return jsonify(points=p10_scoring.hand_points(cards))


@bp.post("/uno/score")
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
