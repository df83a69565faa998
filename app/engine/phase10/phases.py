"""Phase requirements as data, the standard phase lists, and Phase 10's table rules.

A phase is a tuple of :class:`Requirement` (kind and size). The ten phases and the
tie-breaker are entries of :data:`PHASES`; shorter games, even/odd lists and custom lists
are just other orders of those keys (the ``phases`` table rule), so they need no new code.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from ..common import is_int
from ..errors import PhaseError, RulesError
from ..i18n import N_, _
from ..options import JOIN_SCORE, Option, RuleSet, parse_rules, parse_rules_text
from .variants import VARIANTS


class GroupKind(StrEnum):
    """The three kinds of group a phase is made of."""

    SET = "set"
    RUN = "run"
    COLOR = "color"


@dataclass(frozen=True, slots=True)
class Requirement:
    """One group a phase asks for: at least ``size`` cards of ``kind``."""

    kind: GroupKind
    size: int

    def describe(self) -> str:
        """``"a set of 3"``, ``"a run of 7"``, ``"7 cards of one colour"``."""
        if self.kind is GroupKind.SET:
            return _("a set of {size}").format(size=self.size)
        if self.kind is GroupKind.RUN:
            return _("a run of {size}").format(size=self.size)
        return _("{size} cards of one colour").format(size=self.size)


TIEBREAKER = "tiebreaker"
PhaseKey = int | str


@dataclass(frozen=True, slots=True)
class Phase:
    """A phase: its key (1-10 or ``"tiebreaker"``) and the groups it needs, in the table's order."""

    key: PhaseKey
    requirements: tuple[Requirement, ...]

    @property
    def size(self) -> int:
        """How many cards the phase needs at least."""
        return sum(r.size for r in self.requirements)

    @property
    def name(self) -> str:
        if self.key == TIEBREAKER:
            return _("the tie-breaker phase")
        return _("phase {number}").format(number=self.key)

    def describe(self) -> str:
        """``"a set of 3 + a run of 4"``."""
        return " + ".join(r.describe() for r in self.requirements)


def _phase(key: PhaseKey, *groups: tuple[GroupKind, int]) -> Phase:
    return Phase(key, tuple(Requirement(kind, size) for kind, size in groups))


S, R, C = GroupKind.SET, GroupKind.RUN, GroupKind.COLOR

PHASES: dict[PhaseKey, Phase] = {
    1: _phase(1, (S, 3), (S, 3)),
    2: _phase(2, (S, 3), (R, 4)),
    3: _phase(3, (S, 4), (R, 4)),
    4: _phase(4, (R, 7)),
    5: _phase(5, (R, 8)),
    6: _phase(6, (R, 9)),
    7: _phase(7, (S, 4), (S, 4)),
    8: _phase(8, (C, 7)),
    9: _phase(9, (S, 5), (S, 2)),
    10: _phase(10, (S, 5), (S, 3)),
    TIEBREAKER: _phase(TIEBREAKER, (S, 5), (S, 3)),
}
"""Every phase of the game by key; the tie-breaker has the phase 10 goal."""

STANDARD = tuple(range(1, 11))


def get_phase(key: Any) -> Phase:
    """The phase for ``key``: an integer 1-10 or ``"tiebreaker"``; anything else is a :class:`PhaseError`."""
    given = key
    if isinstance(key, str):
        text = key.strip()
        key = int(text) if text.isascii() and text.isdigit() else text.lower().replace("-", "")
    phase = PHASES.get(key) if isinstance(key, (int, str)) and not isinstance(key, bool) else None
    if phase is None:
        shown = json.dumps(given)[:20] if not isinstance(given, str) else given[:20]
        raise PhaseError(
            _('There is no phase {key}: a phase is a number from 1 to 10, or "tiebreaker".').format(key=shown)
        )
    return phase


# --- phase lists ----------------------------------------------------------------------------------

PHASE_LISTS: dict[str, tuple[int, ...]] = {
    "all": STANDARD,
    "to5": tuple(range(1, 6)),
    "to8": tuple(range(1, 9)),
    "even": (2, 4, 6, 8, 10),
    "odd": (1, 3, 5, 7, 9),
}
"""Named phase lists a game can be created with (a custom list is any other order)."""


def parse_phase_list(value: Any) -> tuple[int, ...]:
    """A phase list from JSON (a list of numbers) or text (``"even"``, ``"1 3 5"``, ``"1;2;3"``).

    The list must be non-empty and hold distinct phase numbers 1-10; its last entry is the
    finishing phase.
    """
    if isinstance(value, str):
        text = value.strip().lower()
        if text in PHASE_LISTS:
            return PHASE_LISTS[text]
        pieces = [p for p in text.replace(";", " ").replace(",", " ").split() if p]
        if not all(p.isascii() and p.isdigit() for p in pieces):
            raise RulesError(
                _("The phase list must be phase numbers 1 to 10, or one of: {names}.").format(
                    names=", ".join(PHASE_LISTS)
                )
            )
        value = [int(p) for p in pieces]
    if not isinstance(value, (list, tuple)) or not value:
        raise RulesError(_("The phase list must be a non-empty list of phase numbers from 1 to 10."))
    for number in value:
        if not is_int(number) or not 1 <= number <= 10:
            raise RulesError(
                _("The phase list may only hold phase numbers from 1 to 10, not {value}.").format(value=number)
            )
    if len(set(value)) != len(value):
        raise RulesError(_("The phase list names a phase twice."))
    return tuple(value)


def phase_list_name(phases: Sequence[int]) -> str | None:
    """The name of a standard phase list (``"even"``…), or ``None`` for a custom one."""
    for name, listed in PHASE_LISTS.items():
        if tuple(phases) == listed:
            return name
    return None


# --- table rules ----------------------------------------------------------------------------------


NATURAL_CARD = Option(
    "natural_card",
    "choice",
    "phase",
    N_("Natural card rule"),
    choices=("phase", "group"),
    words=(N_("One natural card in the whole phase"), N_("One natural card in every group")),
    help=N_("A phase needs natural (non-wild) cards: at least one in the whole phase, or one in every group."),
)
"""The ``natural_card`` table rule; its choices are the one list of the values the phase check takes."""

OPTIONS: tuple[Option, ...] = (
    Option(
        "variant",
        "choice",
        "classic",
        N_("Variation"),
        choices=tuple(VARIANTS),
        words=(
            N_("Classic: the phases in order"),
            N_("All advance: everyone moves on every round"),
            N_("Pick a phase: any order, each once"),
        ),
        help=N_(
            "Classic: complete each phase in order. All advance: everybody moves on every round and the "
            "lowest total wins. Pick a phase: complete the phases in any order, each once."
        ),
    ),
    Option(
        "phases",
        "custom",
        STANDARD,
        N_("Phase list"),
        convert=parse_phase_list,
        help=N_("The phases played, in order; the last one finishes the game."),
    ),
    NATURAL_CARD,
    Option(
        "skip_target",
        "choice",
        "next",
        N_("Who a Skip skips"),
        choices=("next", "choose"),
        words=(N_("The next player"), N_("The player who discards it chooses")),
        help=N_("A Skip skips the next player, or whomever the player who discards it chooses."),
    ),
    Option(
        "skip_once_per_lap",
        "bool",
        True,
        N_("One Skip per player per lap"),
        help=N_("A player who was skipped cannot be skipped again until they have taken a turn."),
    ),
    Option(
        "go_out_by_hit",
        "bool",
        False,
        N_("Go out by hitting"),
        help=N_("A player may go out by hitting with their last card instead of discarding it."),
    ),
)
"""Phase 10's table rules, with the defaults RULES.md names."""


def make_rules(given: Any = None) -> RuleSet:
    """Phase 10 rules from a JSON object (defaults filled in); raises :class:`RulesError`."""
    return parse_rules(OPTIONS, given)


SHEET_OPTIONS: tuple[Option, ...] = (*OPTIONS, JOIN_SCORE)
"""The score sheet's table rules: the game's, and who joins mid-game starts with what (``join_score``)."""


def make_sheet_rules(given: Any = None) -> RuleSet:
    """A score sheet's table rules from a JSON object (the game's rules and ``join_score``), defaults filled in."""
    return parse_rules(SHEET_OPTIONS, given)


def rules_from_text(text: str) -> RuleSet:
    """Phase 10 rules from the simulator's ``--rules`` text (``phases`` takes ``even`` or ``1;3;5``)."""
    return parse_rules_text(OPTIONS, text)


DEFAULT_RULES = make_rules()
