"""Which phase list the phase check page (/check/) follows: a score sheet's (``?sheet=<id>``), a list passed in
the address (``?phases=masters``, ``?phases=set 3 + run 4; color 7``), or the classic ten.

The page's choices of phase and of group kind, the natural-card rule it starts from, the sentence saying which
list it uses, and the query its forms post back with all come from :func:`check_list_of`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext

from app.engine.errors import IllegalActionError, RulesError
from app.engine.players import isolated
from app.i18n import format_list

from .engine import lists
from .engine.cards import Card
from .engine.hits import MAKES_KIND, read_group
from .engine.phases import MASTERS_LIST, PHASES, STANDARD, TIEBREAKER, GroupKind, Phase, PhaseList, phase_of_list
from .engine.verify import LaidGroup

KIND_CHOICE = (GroupKind.COLOR_RUN.value, _l("A colour run"))
"""The hit check's choice of a colour run, offered when the list has one."""


@dataclass
class CheckList:
    """The list the check page follows."""

    phases: PhaseList
    query: dict[str, str] = field(default_factory=dict)
    """What the page's forms post back with (``{"sheet": id}`` or ``{"phases": text}``), so they keep the list."""
    natural_card: str | None = None
    """The sheet's natural-card rule (the form starts from it), ``None`` without a sheet."""
    source: str | None = None
    """Which sheet or address the list comes from, a sentence (``None``: the classic ten, nothing said)."""
    problem: str | None = None
    """Why the list asked for could not be used (the classic ten are checked instead)."""
    sheet_id: str | None = None

    @property
    def followed(self) -> bool:
        """Whether a sheet's or the address's list is followed (not the classic ten by default)."""
        return self.source is not None

    def described(self) -> str:
        """Which phases the list holds, a sentence."""
        if self.phases.custom and self.phases == MASTERS_LIST:
            return _("It uses the ten phases of the Phase 10 Masters deck.")
        if self.phases.custom:
            return ngettext(
                "It uses the table's own list of %(num)s phase.",
                "It uses the table's own list of %(num)s phases.",
                len(self.phases),
            )
        if tuple(self.phases) == STANDARD:
            return _("It uses the classic ten phases.")
        return _("It uses the classic phases %(list)s.", list=format_list([str(n) for n in self.phases]))

    def phase_choices(self) -> list[tuple[str, str]]:
        """The phases to choose from, each with what it needs, then the tie-breaker (the classic one)."""
        rows = [*self.phases.phases(), PHASES[TIEBREAKER]]
        return [(str(p.key), _label(p)) for p in rows]

    def phase(self, key: Any) -> Phase:
        """The phase chosen (a number of this list, or the tie-breaker); raises ``PhaseError``."""
        if isinstance(key, str) and key.isascii() and key.isdigit():
            key = int(key)
        return phase_of_list(key, self.phases if self.phases.custom else None)

    def kinds(self) -> tuple[GroupKind, ...] | None:
        """The kinds of group this list's phases lay down (a hit lands on one of them); ``None`` for any kind."""
        if not self.followed:
            return None
        found = {r.kind for p in (*self.phases.phases(), PHASES[TIEBREAKER]) for r in p.requirements}
        return tuple(k for k in GroupKind if k in found)

    def read_group(self, cards: Sequence[Card], kind: str | None, readings: Sequence[LaidGroup]) -> LaidGroup:
        """The group ``cards`` make as it lies on the table (:func:`~.engine.hits.read_group`); following a list,
        its one reading among the list's kinds (``readings``), and a group of a kind the list never lays down is
        refused with a sentence."""
        kinds = self.kinds()
        if kinds is None or kind is not None:
            return read_group(cards, kind)
        if len(readings) == 1:
            return readings[0]
        group = read_group(cards, None)
        if group.kind not in kinds:
            raise IllegalActionError(MAKES_KIND[group.kind]())
        return group


def _label(phase: Phase) -> str:
    name = phase.name
    return f"{name[0].upper()}{name[1:]}: {phase.describe()}"


def check_list_of(args: Any) -> CheckList:
    """The list the check page follows for the query ``args``: ``sheet`` (a Phase 10 score sheet's id) or
    ``phases`` (a list as the new-sheet form's field takes it); else the classic ten."""
    sheet_id = (args.get("sheet") or "").strip()[:40]
    if sheet_id:
        return _of_sheet(sheet_id)
    text = (args.get("phases") or "").strip()[:600]
    if text:
        try:
            listed = lists.parse_list_text(text)
        except RulesError as error:
            return CheckList(PhaseList(STANDARD), problem=str(error))
        return CheckList(listed, {"phases": text}, source=_("This check follows the phase list in the address."))
    return CheckList(PhaseList(STANDARD))


def _of_sheet(sheet_id: str) -> CheckList:
    from app.errors import ApiError
    from app.services import sheets

    from .plugin import GAME

    try:
        game = sheets.get_game(sheet_id)
    except ApiError:
        return CheckList(PhaseList(STANDARD), problem=_("There is no score sheet %(id)s.", id=sheet_id))
    if sheets.kind_of(game).id != GAME.id:
        return CheckList(PhaseList(STANDARD), problem=_("That score sheet is not a Phase 10 sheet."))
    rules = sheets.rules_of(game)
    names = [isolated(p.name) for p in game.players]

    return CheckList(
        rules.phases,
        {"sheet": game.id},
        natural_card=rules.natural_card,
        source=_("This check follows the score sheet of %(players)s.", players=format_list(names)),
        sheet_id=game.id,
    )
