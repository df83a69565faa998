"""UNO Flip as a plug-in: UNO's sheet and round form, each hand read on the side it ended on (RULES.md), and the
digital game (:mod:`.engine.game`) against bots, on one phone or several."""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from wtforms import RadioField
from wtforms.validators import InputRequired

from app.forms import RoundForm, options
from app.games.registry import Digital, RoundField, form_refusal
from app.games.uno.plugin import Uno

from . import entry
from .engine import bots, cards, game, rounds, rules, sheet, simulate


class FlipRoundForm(RoundForm):
    """UNO's round form with the side the hand ended on."""

    side = RadioField(
        _l("The side the hand ended on"),
        choices=options((cards.LIGHT, _l("Light side")), (cards.DARK, _l("Dark side"))),
        default=cards.LIGHT,
        validators=[InputRequired(message=_l("Choose the side the hand ended on."))],
    )


class UnoFlip(Uno):
    id = "uno_flip"
    name = _l("UNO Flip")
    headline = False  # UNO's variants: the product's words name UNO only
    api_examples: ClassVar[dict[str, dict[str, Any]]] = {}  # the API document's examples are UNO's
    description = _l("Hands on the light or the dark side, until someone reaches the target.")
    options = rules.OPTIONS
    entry_module = entry
    rules_module = rules
    rounds_module = rounds
    sheet_module = sheet
    sheet = sheet.Sheet
    digital = Digital(
        game.FlipGame,
        bots.BOTS,
        simulate.simulate,
        run_bots=lambda engine, max_rounds, max_actions=None: bots.run_bots(
            engine, max_hands=max_rounds, max_actions=max_actions
        ),
        script="play.js",
        styles=("play.css",),
        styles_from=("uno",),  # UNO's table styles (the UNO call, the colour chips, the prompts), then Flip's own
        bots_to_move=bots.bots_to_move,
    )
    form_prefix = "flip_"
    labels: ClassVar[dict[str, Any]] = {}
    primary_rules = None
    round_form = FlipRoundForm
    script = "sheet.js"
    styles = ("sheet.css",)
    simulates_hands = False
    round_fields = (
        RoundField(
            "side",
            Literal["light", "dark"],  # cards.SIDES
            "UNO Flip (required there): the side the hand ended on.",
            row_description="UNO Flip (required there): the side the hand ended on, read by this row; every row of a "
            "hand says the same, and the round is stored on it.",
        ),
    )

    def draft_row(self, form: Any, names: list[str], index: int, went_out: bool, ruleset: Any) -> dict[str, Any]:
        """UNO's row with the side the hand ended on (the rows of a hand must agree on it)."""
        with form_refusal():
            side = entry.side_of(form.data)
        return {**super().draft_row(form, names, index, went_out, ruleset), "side": side}

    def prefill(self, form: Any, names: list[str], entered: dict[str, Any]) -> None:
        super().prefill(form, names, entered)
        form.side.data = entered.get("side", cards.LIGHT)

    def draft_row_note(self, row: dict[str, Any]) -> str | None:
        """The side the row says the hand ended on."""
        side = row.get("side")
        return None if side is None else str(_("Light side") if side == cards.LIGHT else _("Dark side"))

    def prefill_draft(self, form: Any, names: list[str], entered: dict[str, Any]) -> None:
        """The hand filled in together: its side as its rows say, else the side the form starts on."""
        side = form.side.data
        self.prefill(form, names, entered)
        form.side.data = entered.get("side", side)

    def prepare_round_form(self, form: Any, sheet: Any, names: list[str], number: int) -> None:
        """A new round starts on the side the last hand ended on."""
        if form.side.raw_data is None and not form.is_submitted():
            form.side.data = sheet.last_side or cards.LIGHT

    def rules_context(self) -> dict[str, Any]:
        """The values table of the rules page, from the engine: each side's cards and what they score."""
        return {
            "values": cards.POINTS,
            "side_points": rounds.SIDE_POINTS,
            "deck_size": len(cards.LIGHT_DECK),
        }

    # --- digital: the simulator ----------------------------------------------------------------------

    def simulate(self, **kwargs: Any) -> dict[str, Any]:
        """Bots play many whole games (``flask simulate uno_flip``); the summary of API.md, with the flips."""
        return simulate.simulate(**kwargs)

    def summary_lines(self, summary: dict[str, Any], unit: str) -> tuple[list[str], list[str]]:
        """UNO's lines (hands, challenges) and the flips per hand."""
        lines, tail = super().summary_lines(summary, unit)
        lines = [line.replace("a Wild Draw Four", "a Wild Draw Two or Wild Draw Color") for line in lines]
        lines.append(
            "Flips: {flips:,}, {per:.2f} per hand".format(
                flips=summary["flips"], per=summary["flips"] / summary["hands"]
            )
        )
        return lines, tail


GAME = UnoFlip()
