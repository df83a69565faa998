"""UNO Show 'em No Mercy as a plug-in: the hand's winner (went out or last standing), knock-outs, UNO's sheet."""

from __future__ import annotations

from typing import Any, ClassVar, cast

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from wtforms import BooleanField, FieldList, FormField, RadioField
from wtforms.validators import InputRequired

from app.forms import PlayerRow, RoundForm, options
from app.games.cards import prefill_leftover
from app.games.registry import ResultField, RoundField
from app.games.uno.plugin import Uno

from . import entry
from .engine import cards, rounds, rules, sheet
from .entry import STANDING, WENT_OUT


class NoMercyRow(PlayerRow):
    """A player's line: knocked out (one tap), or what they hold."""

    knocked_out = BooleanField(_l("Knocked out"))


class NoMercyRoundForm(RoundForm):
    """Who won the hand and how (went out, or the last player standing), and each other player's end of it."""

    went_out = RadioField(_l("Who won the hand?"), validators=[InputRequired(message=_l("Choose who won the hand."))])
    won_by = RadioField(
        _l("How the hand was won"),
        choices=options((WENT_OUT, _l("went out")), (STANDING, _l("last player standing"))),
        default=WENT_OUT,
    )
    players = FieldList(FormField(NoMercyRow))


class UnoNoMercy(Uno):
    id = "uno_no_mercy"
    name = _l("UNO Show 'em No Mercy")
    headline = False  # UNO's variants: the product's words name UNO only
    api_examples: ClassVar[dict[str, dict[str, Any]]] = {}  # the API document's examples are UNO's
    description = _l("Knock-outs score 250; the first to 1,000 wins.")
    options = rules.OPTIONS
    entry_module = entry
    rules_module = rules
    rounds_module = rounds
    sheet_module = sheet
    sheet = sheet.Sheet
    digital = None
    form_prefix = "nomercy_"
    labels: ClassVar[dict[str, Any]] = {}
    choice_labels: ClassVar[dict[str, Any]] = {}
    primary_rules = None
    round_form = NoMercyRoundForm
    script = "sheet.js"
    styles = ("sheet.css",)
    simulates_hands = False
    round_fields = (
        RoundField(
            "last_standing",
            str,
            "UNO Show 'em No Mercy: the hand's winner when every other player was knocked out (instead of went_out).",
        ),
    )
    result_fields = (
        ResultField(
            "knocked_out",
            bool,
            "UNO Show 'em No Mercy: the player was knocked out of the hand (no cards or points).",
            replaces_entry=True,
        ),
    )

    def draft_row(self, form: Any, names: list[str], index: int, went_out: bool, ruleset: Any) -> dict[str, Any]:
        """The winner's row is empty; anyone else was knocked out, or holds cards or a total. (How the hand was won
        follows from the rows: as the last player standing when every other row says knocked out.)"""
        if went_out:
            return {}
        return entry.result_of(form.players.entries[index].form.data, form.won_by.data == STANDING)

    def prefill(self, form: Any, names: list[str], entered: dict[str, Any]) -> None:
        # A stored No Mercy round names its winner as one of the two (the engine checked it).
        winner = cast(str, entered.get("went_out") or entered.get("last_standing"))
        if winner in names:  # a hand filled in together may not name its winner yet
            form.went_out.data = str(names.index(winner))
            form.won_by.data = STANDING if "last_standing" in entered else WENT_OUT
        by_player = {r["player"]: r for r in entered["results"]}
        for name, row in zip(names, form.players.entries):
            result = by_player.get(name, {})
            if result.get("knocked_out"):
                row.form.knocked_out.data = True
            elif name != winner:
                prefill_leftover(row.form, result)

    def round_winner(self, item: dict[str, Any]) -> str:
        """The hand's winner, who went out or was the last standing."""
        return item.get("went_out") or item.get("last_standing") or ""

    def row_labels(self, rules: Any, names: list[str], went_out: str | None) -> dict[str, dict[str, Any]]:
        labels = {name: {"text": _("Points in hand"), "gain": False} for name in names}
        if went_out in labels:
            labels[went_out] = {"text": _("Wins the other hands and 250 a knock-out"), "gain": True}
        return labels

    def rules_context(self) -> dict[str, Any]:
        """The numbers of the rules page, from the engine."""
        return {
            "action_points": cards.ACTION_POINTS,
            "wild_points": cards.WILD_POINTS,
            "mercy_limit": cards.MERCY_LIMIT,
            "knock_out_points": cards.KNOCK_OUT_POINTS,
        }


GAME = UnoNoMercy()
