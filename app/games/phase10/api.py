"""Phase 10's own JSON endpoints (``/api/phase10/...``): verify a phase, score the cards left in a hand.

Served on the shared API blueprint (``app/api``: its edge checks the bodies, its errors answer), described by
:data:`ENDPOINTS`, which ``app.api.schemas`` adds to every game's and the shared ones (the OpenAPI document is
built from them all).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from flask import Blueprint, jsonify
from flask_babel import gettext as _
from pydantic import ConfigDict, Field, StrictInt
from pydantic.json_schema import WithJsonSchema

from app.api.schemas import Answer, Endpoint, Points, RulesOp
from app.api.util import json_object, token_list
from app.database import read_only
from app.engine.i18n import N_
from app.errors import ApiError
from app.shapes import GROUPS, Body, CardTokens, Groups, MayOmit

from .engine import cards as p10_cards
from .engine import scoring as p10_scoring
from .engine.finder import check_phase
from .engine.phases import NATURAL_CARD, PHASES_SCHEMA, PhaseList, parse_phase_list, phase_of_list

# --- bodies and answers ---------------------------------------------------------------------------------------


class VerifyRules(Body):
    natural_card: Literal["phase", "group"] = "phase"
    phases: Annotated[Any, WithJsonSchema(PHASES_SCHEMA)] = None


class Verify(Body):
    """``POST /api/phase10/verify``: groups on the table, or a hand; the phase a number 1–10 or "tiebreaker"
    (with ``rules.phases``, a number of the table's list)."""

    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {"phase": 3, "hand": ["8", "8", "8", "W", "3", "4", "5", "6", "S", "12"]},
                {"phase": 3, "groups": [["8", "8", "W", "8"], ["3", "4", "W", "6"]]},
            ]
        },
    )

    phase: StrictInt | Literal["tiebreaker"] = Field(
        json_schema_extra={"x-expected": N_('a phase number or "tiebreaker"')}
    )
    groups: MayOmit[Annotated[Groups, WithJsonSchema({**GROUPS, "x-item-name": N_("Group")})]] = None
    hand: MayOmit[CardTokens] = None
    rules: MayOmit[Annotated[dict[str, Any], WithJsonSchema(VerifyRules.model_json_schema())]] = None


class Score(Body):
    """``POST /api/phase10/score``: the cards left in a hand."""

    model_config = ConfigDict(json_schema_extra={"examples": [{"cards": ["5", "11", "S", "W"]}]})

    cards: CardTokens


class LaidGroup(Answer):
    """A group of cards: its kind, its cards as tokens, and what each card stands for (a wild's value)."""

    kind: Literal["set", "run", "color"]
    cards: list[str]
    stands_for: list[int | str | None]


class Verdict(Answer):
    valid: bool
    phase: int | str
    groups: list[LaidGroup]
    reasons: list[str]


ENDPOINTS: tuple[Endpoint, ...] = (
    RulesOp(
        "POST",
        "/api/phase10/verify",
        "verifyPhase",
        "Check a Phase 10 phase: groups on the table, or a hand.",
        Verify,
        answer=Verdict,
    ),
    RulesOp(
        "POST",
        "/api/phase10/score",
        "scorePhase10",
        "Penalty points of Phase 10 cards left in a hand.",
        Score,
        answer=Points,
    ),
)

# --- the routes -----------------------------------------------------------------------------------------------

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
    listed = parse_phase_list(rules["phases"]) if "phases" in rules else None  # null is a bad list, as the schema says
    return value, listed


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


@read_only
def phase10_score():
    data = json_object()
    cards = p10_cards.parse_hand(token_list(data, "cards"))
    p10_cards.check_fits_deck(cards)
    return jsonify(points=p10_scoring.hand_points(cards))


def add_routes(bp: Blueprint) -> None:
    """The endpoints on the shared API blueprint (``/api`` + the paths of :data:`ENDPOINTS`)."""
    bp.add_url_rule("/phase10/verify", "phase10_verify", phase10_verify, methods=["POST"])
    bp.add_url_rule("/phase10/score", "phase10_score", phase10_score, methods=["POST"])
