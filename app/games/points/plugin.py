"""Any game scored in points, as a plug-in: the engine's sheet, a round form of one number per player (a keypad
that takes negative numbers), the page partials."""

from __future__ import annotations

from typing import Any, ClassVar

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from wtforms import FieldList, Form, FormField, HiddenField, IntegerField, SubmitField
from wtforms.validators import NumberRange, Optional, ValidationError

from app.forms import PlayerRowsForm
from app.games.registry import GameType, form_refusal
from app.i18n import format_number

from . import entry
from .engine import rounds, rules, sheet


class NumberLimits(NumberRange):
    """WTForms' range check, whose refusal writes the limits as the page's language writes numbers (-100.000)."""

    def __call__(self, form, field) -> None:
        try:
            super().__call__(form, field)
        except ValidationError:
            raise ValidationError(
                _("Enter a whole number from {minimum} to {maximum}.").format(
                    minimum=format_number(self.min), maximum=format_number(self.max)
                )
            ) from None


class PointsRow(Form):
    """One player's points in a round (negative allowed)."""

    seat = HiddenField()
    points = IntegerField(
        _l("Points this round"), validators=[Optional(), NumberLimits(rounds.MIN_POINTS, rounds.MAX_POINTS)]
    )


class PointsRoundForm(PlayerRowsForm):
    """A round of a points game; ``round``, ``version`` and ``idempotency`` travel with it."""

    round = HiddenField()
    version = HiddenField()
    idempotency = HiddenField()
    players = FieldList(FormField(PointsRow))
    preview = SubmitField(_l("Check"))
    submit = SubmitField(_l("Save round"))

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.problems: list[str] = []

    def prepare(self, names: list[str]) -> None:
        """Nothing depends on the players' names."""

    def show_problem(self, message: str) -> None:
        self.problems.append(message)


class Points(GameType):
    id = "points"
    name = _l("Points")
    description = _l("Any game played in rounds and scored in points: Skip-Bo, Rummy, Hearts, darts…")
    options = rules.OPTIONS
    entry_module = entry
    rules_module = rules
    rounds_module = rounds
    sheet_module = sheet
    sheet = sheet.Sheet
    form_prefix = "points_"
    choice_labels: ClassVar[dict[str, Any]] = {
        "wins": (("highest", _l("The highest total wins")), ("lowest", _l("The lowest total wins"))),
    }
    round_form = PointsRoundForm
    script = "sheet.js"
    simulates_hands = False
    named = True

    def went_out_refusal(self) -> str:
        return str(rounds.went_out_refused())

    def draft_row(self, form: Any, names: list[str], index: int, went_out: bool, ruleset: Any) -> dict[str, Any]:
        with form_refusal():
            return entry.points_of(form.players.entries[index].form.data, names[index])

    def prefill(self, form: Any, names: list[str], entered: dict[str, Any]) -> None:
        by_player = {r["player"]: r for r in entered["results"]}
        for name, row in zip(names, form.players.entries):
            row.form.points.data = by_player.get(name, {}).get("points")

    def preview_points(self, scored: Any) -> dict[str, int]:
        return scored.points

    def row_labels(self, rules: Any, names: list[str], went_out: str | None) -> dict[str, dict[str, Any]]:
        """A points row is the points typed, labelled by its own field: nothing to add."""
        return {}


GAME = Points()
