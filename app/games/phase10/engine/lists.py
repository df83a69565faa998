"""A table's own phase list written as text, and the check the new-sheet form asks of it.

The text notation (what the new-sheet form's field takes when no script builds the list): phases are
separated by ``;`` or new lines, the groups of a phase by ``+``, and a group is the API's kind and a
size: ``set 3 + run 4; color 7; color_run 4 + set 3``. The field also takes what it took before (phase
numbers ``1 2 3 7 10``, a named list ``even``, ``masters``) and the API's JSON itself.

:func:`check_list` says of each phase whether it can be made from the 10 cards a player is dealt: its
size, and a lay-down from one deck that the engine's own phase check accepts (:func:`example`).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

from app.engine.errors import EngineError, RulesError
from app.engine.i18n import _

from .cards import COLORS, COPIES_PER_COLOR, HAND_SIZE, HIGHEST, LOWEST, WILD, WILDS_IN_DECK, Card
from .finder import check_phase
from .phases import (
    MAX_GROUP,
    MAX_PHASES,
    MIN_GROUP,
    PHASE_LISTS,
    GroupKind,
    Phase,
    PhaseList,
    Requirement,
    parse_custom_phase,
    parse_phase_list,
)

_KIND_WORDS = {
    "set": GroupKind.SET,
    "run": GroupKind.RUN,
    "color": GroupKind.COLOR,
    "colour": GroupKind.COLOR,
    "color_run": GroupKind.COLOR_RUN,
    "colour_run": GroupKind.COLOR_RUN,
}
_GROUP = re.compile(r"([a-z]+(?:[ _-]+run)?)\s*(?:of\s+)?(\d{1,3})", re.IGNORECASE)
_NAMED = {*PHASE_LISTS, "masters", "classic"}


def parse_list_text(text: str) -> PhaseList:
    """The phase list written in ``text`` (see the module's notation); a :class:`RulesError` names the phase, the
    group and the problem."""
    text = (text or "").strip()
    if not text:
        raise RulesError(_("Write the phases of your own list, for example: set 3 + run 4; color 7."))
    if text.startswith("["):
        try:
            value = json.loads(text)
        except ValueError:
            raise RulesError(
                _("The phase list starts with [ but is not JSON: write it as set 3 + run 4; color 7.")
            ) from None
        return parse_phase_list(value)
    if text.lower() in _NAMED or not any(ch.isalpha() for ch in text):
        return parse_phase_list(text)
    return parse_phase_list(spec_of_text(text))


def spec_of_text(text: str) -> list[list[dict[str, Any]]]:
    """The API's JSON form of a list written in the notation (sizes are checked by :func:`parse_phase_list`)."""
    pieces = [piece.strip() for piece in re.split(r"[;\n]", text)]
    spec = []
    for phase_no, piece in enumerate((p for p in pieces if p), start=1):
        groups = []
        for group_no, written in enumerate((g.strip() for g in piece.split("+")), start=1):
            found = _GROUP.fullmatch(written)
            kind = _KIND_WORDS.get(re.sub(r"[ _-]+", "_", found.group(1).lower())) if found else None
            if found is None or kind is None:
                raise RulesError(
                    _(
                        'In the phase list, phase {phase}, group {group}: "{text}" is not a group. Write a kind '
                        "(set, run, color or color_run) and a size, for example run 4."
                    ).format(phase=phase_no, group=group_no, text=written[:30])
                )
            groups.append({"kind": kind.value, "size": int(found.group(2))})
        spec.append(groups)
    return spec


def list_text(listed: PhaseList) -> str:
    """A table's own list in the notation (``set 3 + run 4; color 7``); the numbers of a classic list."""
    if not listed.custom:
        return " ".join(str(n) for n in listed)
    return "; ".join(" + ".join(f"{r.kind.value} {r.size}" for r in p.requirements) for p in listed.phases())


# --- can each phase be made from 10 cards? ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PhaseReport:
    """What the check says of one phase: what it needs, an example lay-down from one deck, or the problem
    (``phase`` is ``None`` when its groups could not be read)."""

    number: int
    phase: Phase | None
    example: tuple[tuple[Card, ...], ...] = ()
    problem: str | None = None

    def to_json(self) -> dict[str, Any]:
        reqs = self.phase.requirements if self.phase is not None else ()
        return {
            "phase": self.number,
            "needs": self.phase.describe() if self.phase is not None else None,
            "groups": [{"kind": r.kind.value, "size": r.size} for r in reqs],
            "cards": sum(r.size for r in reqs),
            "example": [[str(c) for c in group] for group in self.example],
            "problem": self.problem,
        }


class _Deck:
    """What is left of one deck while an example is dealt from it."""

    def __init__(self) -> None:
        self.left = Counter({(c, n): COPIES_PER_COLOR for c in COLORS for n in range(LOWEST, HIGHEST + 1)})
        self.wilds = WILDS_IN_DECK

    def take(self, color: str, number: int) -> Card | None:
        if self.left[(color, number)] <= 0:
            return None
        self.left[(color, number)] -= 1
        return Card.number_card(number, color)

    def any_color(self, number: int, offset: int) -> Card | None:
        for i in range(len(COLORS)):
            card = self.take(COLORS[(offset + i) % len(COLORS)], number)
            if card is not None:
                return card
        return None

    def wild(self) -> Card | None:
        if self.wilds <= 0:
            return None
        self.wilds -= 1
        return WILD

    def in_color(self, color: str) -> int:
        return sum(v for (c, _n), v in self.left.items() if c == color)


def _group(deck: _Deck, req: Requirement, index: int) -> list[Card | None]:
    """Cards for one group, dealt from ``deck`` (a wild where the deck has run out of the natural card)."""
    size = req.size
    if req.kind is GroupKind.SET:
        number = max(range(HIGHEST, LOWEST - 1, -1), key=lambda n: sum(deck.left[(c, n)] for c in COLORS))
        return [deck.any_color(number, i) or deck.wild() for i in range(size)]
    if req.kind is GroupKind.RUN:
        start = LOWEST + index % (HIGHEST - size + 1)
        return [deck.any_color(start + i, i) or deck.wild() for i in range(size)]
    color = max(COLORS, key=deck.in_color)
    if req.kind is GroupKind.COLOR:
        taken: list[Card | None] = []
        for number in (*range(LOWEST, HIGHEST + 1, 2), *range(LOWEST + 1, HIGHEST + 1, 2)):  # odd numbers first
            card = deck.take(color, number) if len(taken) < size else None
            if card is not None:
                taken.append(card)
        return taken + [deck.wild() for _ in range(size - len(taken))]
    start = max(
        range(LOWEST, HIGHEST - size + 2), key=lambda s: sum(deck.left[(color, n)] > 0 for n in range(s, s + size))
    )
    return [deck.take(color, n) or deck.wild() for n in range(start, start + size)]


def example(phase: Phase) -> tuple[tuple[Card, ...], ...] | None:
    """A lay-down of ``phase`` dealt from one deck that the phase check accepts, or ``None`` when there is none."""
    deck = _Deck()
    groups = []
    for index, req in enumerate(phase.requirements):
        cards = _group(deck, req, index)
        if any(c is None for c in cards):
            return None
        groups.append(tuple(c for c in cards if c is not None))
    try:
        verdict = check_phase(phase, groups=groups)
    except EngineError:
        return None
    return tuple(groups) if verdict.valid else None


def check_phase_of_list(phase: Phase) -> PhaseReport:
    """Whether ``phase`` can be made from the 10 cards a player is dealt, with an example lay-down."""
    number = int(phase.key)
    if phase.size > HAND_SIZE:
        return PhaseReport(
            number,
            phase,
            problem=_("Phase {phase} needs {count} cards: a player holds 10, so a phase needs at most 10.").format(
                phase=number, count=phase.size
            ),
        )
    made = example(phase)
    if made is None:
        return PhaseReport(
            number, phase, problem=_("Phase {phase} cannot be laid down from one deck's cards.").format(phase=number)
        )
    return PhaseReport(number, phase, made)


def check_list(text: str) -> tuple[list[PhaseReport], str | None]:
    """Each phase of the list written in ``text`` checked on its own, and the first problem (``None``: the list
    can be played). A list that cannot be read as phases at all gives no reports and the sentence saying why."""
    text = (text or "").strip()
    if not text or text.startswith("[") or text.lower() in _NAMED or not any(ch.isalpha() for ch in text):
        try:
            listed = parse_list_text(text)
        except RulesError as error:
            return [], str(error)
        reports = [check_phase_of_list(p) for p in listed.phases()]
        return reports, next((r.problem for r in reports if r.problem), None)
    try:
        spec = spec_of_text(text)
    except RulesError as error:
        return [], str(error)
    reports = []
    for number, groups in enumerate(spec, start=1):
        try:
            reports.append(check_phase_of_list(parse_custom_phase(groups, number)))
        except RulesError as error:
            reports.append(PhaseReport(number, _readable(groups, number), problem=str(error)))
    problem = next((r.problem for r in reports if r.problem), None)
    if problem is None and len(spec) > MAX_PHASES:
        problem = _("A phase list of the table's own holds from 1 to 10 phases.")
    return reports, problem


def _readable(groups: list[dict[str, Any]], number: int) -> Phase | None:
    """The phase ``groups`` describe when each group's kind and size can be read (a phase too big, say)."""
    if not all(MIN_GROUP <= g["size"] <= MAX_GROUP for g in groups):
        return None
    return Phase(number, tuple(Requirement(GroupKind(g["kind"]), g["size"]) for g in groups))
