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

from app.engine.common import is_int
from app.engine.errors import PhaseError, RulesError
from app.engine.i18n import N_, _
from app.engine.options import JOIN_SCORE, Option, rule_makers

from .variants import VARIANTS


class GroupKind(StrEnum):
    """The kinds of group a phase is made of (RULES.md: set, run, colour, and the colour run of newer decks)."""

    SET = "set"
    RUN = "run"
    COLOR = "color"
    COLOR_RUN = "color_run"


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
        if self.kind is GroupKind.COLOR_RUN:
            return _("a colour run of {size}").format(size=self.size)
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


S, R, C, CR = GroupKind.SET, GroupKind.RUN, GroupKind.COLOR, GroupKind.COLOR_RUN

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

MASTERS: tuple[Phase, ...] = (
    _phase(1, (S, 2), (S, 2), (S, 2), (S, 2)),
    _phase(2, (C, 6)),
    _phase(3, (S, 4), (R, 4)),
    _phase(4, (R, 8)),
    _phase(5, (C, 7)),
    _phase(6, (R, 9)),
    _phase(7, (S, 4), (S, 4)),
    _phase(8, (CR, 4), (S, 3)),
    _phase(9, (S, 5), (S, 3)),
    _phase(10, (S, 5), (CR, 3)),
)
"""The Phase 10 Masters deck's ten phases (RULES.md "Phase 10: phase lists beyond the classic ten")."""


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


def phase_of_list(key: Any, listed: PhaseList | None) -> Phase:
    """The phase ``key`` names: of a table's own list (numbered 1…n) when one is given, else of the classic ten
    (:func:`get_phase`); the tie-breaker round is always the classic one. A key the list lacks is a
    :class:`PhaseError`."""
    if listed is None or not listed.custom or key == TIEBREAKER:
        return get_phase(key)
    phase = listed.get(key)
    if phase is None:
        raise PhaseError(
            _(
                'There is no phase {key} in this table\'s list: a phase is a number from 1 to {count}, or "tiebreaker".'
            ).format(key=str(key)[:20], count=len(listed))
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


MAX_PHASES = 10
MAX_GROUPS = 4
MAX_PHASE_CARDS = 10
MIN_GROUP, MAX_GROUP = 2, 10
MAX_RUN_SIZE = 12


class PhaseList(tuple[int, ...]):
    """The phases a table plays, in order: a tuple of phase numbers that also knows each phase's groups.

    The classic lists hold numbers of :data:`PHASES` (``(2, 4, 6, 8, 10)``). A list of the table's
    own (``"masters"`` or groups given as data) numbers its phases by place, 1…n, and carries them in
    ``table``; ``spec`` is the JSON form stored with the sheet (``"masters"`` or the list of groups).
    """

    table: dict[int, Phase] | None
    spec: Any

    def __new__(cls, numbers: Sequence[int], table: dict[int, Phase] | None = None, spec: Any = None) -> PhaseList:
        made = super().__new__(cls, tuple(numbers))
        made.table = table
        made.spec = spec
        return made

    @property
    def custom(self) -> bool:
        """Whether the phases are the table's own (not the classic ten's numbers)."""
        return self.table is not None

    def phase(self, key: PhaseKey) -> Phase:
        """The phase numbered ``key`` in this list (or the tie-breaker)."""
        if key == TIEBREAKER or self.table is None:
            return PHASES[key]
        return self.table[key]  # type: ignore[index]

    def get(self, key: Any) -> Phase | None:
        """The phase numbered ``key``, or ``None`` when the list has no such phase."""
        if self.table is None:
            return PHASES.get(key) if is_int(key) else None
        return self.table.get(key) if is_int(key) else None

    def phases(self) -> tuple[Phase, ...]:
        """The phases in the order played."""
        return tuple(self.phase(k) for k in self)

    def to_json(self) -> Any:
        """What is stored and answered: the numbers, ``"masters"`` or the list of groups."""
        return self.spec if self.table is not None else list(self)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, PhaseList):
            return tuple(self) == tuple(other) and self.table == other.table
        if isinstance(other, tuple) and self.table is not None:
            return False
        return tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        if self.table is None:
            return hash(tuple(self))  # equal to the plain tuple of its numbers, so hashed alike
        return hash((tuple(self), tuple(self.table.values())))

    def __reduce__(self) -> Any:
        return (PhaseList, (tuple(self), self.table, self.spec))


def _custom_list(phases: Sequence[Phase], spec: Any) -> PhaseList:
    return PhaseList(tuple(p.key for p in phases), {p.key: p for p in phases}, spec)  # type: ignore[misc]


MASTERS_LIST = _custom_list(MASTERS, "masters")


def _group_from_json(data: Any, phase_no: int, group_no: int) -> Requirement:
    if not isinstance(data, dict) or set(data) != {"kind", "size"}:
        raise RulesError(
            _('In the phase list, phase {phase}, group {group} must be an object with "kind" and "size".').format(
                phase=phase_no, group=group_no
            )
        )
    kind = data["kind"]
    if not isinstance(kind, str) or kind not in {k.value for k in GroupKind}:
        raise RulesError(
            _(
                'In the phase list, phase {phase}, group {group} has kind {kind}: a kind is "set", "run", "color" '
                'or "color_run".'
            ).format(phase=phase_no, group=group_no, kind=json.dumps(kind)[:20])
        )
    size = data["size"]
    if not is_int(size) or not MIN_GROUP <= size <= MAX_GROUP:
        raise RulesError(
            _(
                "In the phase list, phase {phase}, group {group} has size {size}: a group's size is a whole number "
                "from 2 to 10."
            ).format(phase=phase_no, group=group_no, size=json.dumps(size)[:20])
        )
    return Requirement(GroupKind(kind), size)


def parse_custom_phase(groups: Any, phase_no: int) -> Phase:
    """Phase ``phase_no`` of a table's own list from JSON: a list of 1-4 groups ``{"kind", "size"}``, at most 10
    cards in all; a :class:`RulesError` names the phase (and the group) and the problem."""
    if not isinstance(groups, list) or not 1 <= len(groups) <= MAX_GROUPS:
        raise RulesError(_("In the phase list, phase {phase} must be a list of 1 to 4 groups.").format(phase=phase_no))
    reqs = tuple(_group_from_json(g, phase_no, n) for n, g in enumerate(groups, start=1))
    for group_no, req in enumerate(reqs, start=1):
        if req.kind in (GroupKind.RUN, GroupKind.COLOR_RUN) and req.size > MAX_RUN_SIZE:
            raise RulesError(  # unreachable while groups hold at most 10 cards; kept for the rule's sake
                _("In the phase list, phase {phase}, group {group}: a run cannot be longer than 12.").format(
                    phase=phase_no, group=group_no
                )
            )
    total = sum(r.size for r in reqs)
    if total > MAX_PHASE_CARDS:
        raise RulesError(
            _("In the phase list, phase {phase} needs {count} cards: a phase needs at most 10.").format(
                phase=phase_no, count=total
            )
        )
    return Phase(phase_no, reqs)


def parse_custom_phases(value: Any) -> PhaseList:
    """A table's own phase list from JSON: a list of phases, each a list of groups ``{"kind", "size"}``.

    1-10 phases, 1-4 groups each, 2-10 cards a group and at most 10 cards a phase (RULES.md; API.md
    "Decks people own"); a run or colour run is at most 12 cards long. Phases are numbered 1…n.
    """
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_PHASES:
        raise RulesError(_("A phase list of the table's own holds from 1 to 10 phases."))
    made = [parse_custom_phase(groups, phase_no) for phase_no, groups in enumerate(value, start=1)]
    spec = [[{"kind": r.kind.value, "size": r.size} for r in p.requirements] for p in made]
    return _custom_list(made, spec)


def parse_phase_list(value: Any) -> PhaseList:
    """A phase list from JSON (a list of numbers, ``"masters"``, ``"classic"``, or a list of phases given as
    groups) or text (``"even"``, ``"1 3 5"``, ``"1;2;3"``).

    A list of numbers must be non-empty and hold distinct phase numbers 1-10; its last entry is the
    finishing phase.
    """
    if isinstance(value, PhaseList):
        return value
    if isinstance(value, str) and value.strip().lower() == "masters":
        return MASTERS_LIST
    if isinstance(value, str) and value.strip().lower() == "classic":
        return PhaseList(STANDARD)
    if isinstance(value, list) and any(isinstance(p, list) for p in value):
        return parse_custom_phases(value)
    return PhaseList(_parse_numbers(value))


def _parse_numbers(value: Any) -> tuple[int, ...]:
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
    """The name of a standard phase list (``"even"``…, ``"masters"``), or ``None`` for a custom one."""
    if isinstance(phases, PhaseList) and phases.custom:
        return "masters" if phases == MASTERS_LIST else None
    for name, listed in PHASE_LISTS.items():
        if tuple(phases) == listed:
            return name
    return None


GROUP_SCHEMA = {
    "type": "object",
    "properties": {
        "kind": {"type": "string", "enum": [k.value for k in GroupKind]},
        "size": {"type": "integer", "minimum": MIN_GROUP, "maximum": MAX_GROUP},
    },
    "required": ["kind", "size"],
    "additionalProperties": False,
}
PHASES_SCHEMA = {
    "anyOf": [
        {"type": "string", "enum": ["classic", "masters", *PHASE_LISTS]},
        {"type": "array", "items": {"type": "integer", "minimum": 1, "maximum": 10}, "minItems": 1, "maxItems": 10},
        {
            "type": "array",
            "items": {"type": "array", "items": GROUP_SCHEMA, "minItems": 1, "maxItems": MAX_GROUPS},
            "minItems": 1,
            "maxItems": MAX_PHASES,
            "description": "A table's own phases, numbered 1…n by place; each phase at most 10 cards.",
        },
    ]
}
"""The JSON Schema of the ``phases`` table rule (API.md "Decks people own")."""

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
        PhaseList(STANDARD),
        N_("Phase list"),
        convert=parse_phase_list,
        help=N_("The phases played, in order; the last one finishes the game."),
        schema=PHASES_SCHEMA,
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


SHEET_OPTIONS: tuple[Option, ...] = (*OPTIONS, JOIN_SCORE)
"""The score sheet's table rules: the game's, and who joins mid-game starts with what (``join_score``)."""

make_rules, make_sheet_rules, rules_from_text = rule_makers(OPTIONS, SHEET_OPTIONS)


DEFAULT_RULES = make_rules()
