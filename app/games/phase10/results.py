"""The keys a Phase 10 round's result carries besides the shared ones (``player``, ``cards``, ``points``): whether
the player completed their phase, the keypad's counts of the cards left, and the groups laid down. Declared here
(:attr:`Phase10.result_fields`), so that the API's schemas, its OpenAPI document and the importer take them with no
shared file naming them. The rules about them (what a hand can hold, what a laid-down phase must be) are the
engine's (``engine/rounds.py``); this says only their shapes."""

from __future__ import annotations

from pydantic import StrictBool, StrictInt

from app.engine.i18n import N_
from app.games.registry import ResultField
from app.shapes import Body, Groups


class Counts(Body):
    """Cards left, counted by class on a four-key keypad: cards of 1 to 9, of 10 to 12, skips and wilds."""

    low: StrictInt = 0
    high: StrictInt = 0
    skip: StrictInt = 0
    wild: StrictInt = 0


RESULT_FIELDS = (
    ResultField(
        "completed",
        StrictBool | StrictInt,
        "Phase 10: whether the player completed their phase this round (true or false); with the pick_a_phase rule, "
        "the number of the phase they completed, or false.",
        expected=N_("true, false or a phase number"),
    ),
    ResultField(
        "counts",
        Counts,
        "Phase 10: the cards left in the hand, counted by class (instead of cards or points).",
        entered=True,
    ),
    ResultField(
        "laid_down",
        Groups,
        "Phase 10: the groups of cards the player laid down, checked against their phase as /api/phase10/verify does.",
    ),
)
