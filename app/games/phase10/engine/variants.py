"""The variations of Phase 10 as small objects, each answering the questions the sheet and the game ask.

``classic`` plays the phases in order and ends when someone completes the last one; ``all_advance``
moves everybody on every round and ends after the last phase; ``pick_a_phase`` lets each player
complete the phases in any order, each once, and ends when someone has completed them all.
Callers ask :func:`variant_of` (``variant_of(rules).picks_phase``) instead of comparing names,
as python-chess's ``chess.variant`` classes answer for their boards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from app.engine.i18n import N_, _


@dataclass(frozen=True, slots=True)
class RoundEnd:
    """Where the players stand once a round is scored: what :meth:`Variant.finishers` decides from.

    ``done`` holds each player's completed phases (this round's included), ``completed_now`` the phase each
    completed in this round (``None`` for none), ``played`` the rounds played so far (this one included).
    """

    phases: tuple[int, ...]
    players: tuple[str, ...]
    done: Mapping[str, Sequence[int]]
    completed_now: Mapping[str, int | None]
    played: int


class Variant:
    """Classic Phase 10; the other variations override what they change.

    ``phases`` is the table's phase list (in order), ``done`` the phases a player completed (in the
    order completed), ``played`` the number of rounds played so far (tie-breaker excluded).
    """

    name: ClassVar[str] = "classic"
    picks_phase: ClassVar[bool] = False
    """Whether a player chooses which phase to lay down (a round entry then names it)."""
    summary: ClassVar[str] = N_("Phases in order; lower total is better.")
    """One line for the standings page (an English template, translated when shown)."""

    def phase_to_play(self, phases: Sequence[int], done: Sequence[int], played: int) -> int | None:
        """The phase a player plays next (API.md: ``phase``); ``None`` when nothing is left."""
        return phases[len(done)] if len(done) < len(phases) else None

    def phases_open(self, phases: Sequence[int], done: Sequence[int], played: int) -> tuple[int, ...]:
        """The phases a player may lay down this round."""
        phase = self.phase_to_play(phases, done, played)
        return () if phase is None else (phase,)

    def finishers(self, end: RoundEnd) -> tuple[tuple[str, ...], bool] | None:
        """Once a round ends the game, the players in the running and whether they are there for reaching the
        goal (``True``) rather than for the phases running out (``False``, under ``all_advance``); else ``None``."""
        last = end.phases[-1]
        reached = tuple(p for p in end.players if end.completed_now.get(p) == last)
        return (reached, True) if reached else None

    def leader_key(self, score: int, done: Sequence[int]) -> Any:
        """Sorts the players ahead first: most phases completed, then the lowest total."""
        return (-len(done), score)

    def goal(self, last_phase_name: str) -> str:
        """What a player completes to end the game, for the outcome's sentence."""
        return last_phase_name


class AllAdvance(Variant):
    """Everybody moves one phase on every round, completed or not; after the last phase the lowest total wins."""

    name = "all_advance"
    summary = N_("All advance: everyone plays the same phase each round; lowest total wins at the end.")

    def phase_to_play(self, phases: Sequence[int], done: Sequence[int], played: int) -> int | None:
        return phases[played] if played < len(phases) else None

    def finishers(self, end: RoundEnd) -> tuple[tuple[str, ...], bool] | None:
        return (tuple(end.players), False) if end.played >= len(end.phases) else None

    def leader_key(self, score: int, done: Sequence[int]) -> Any:
        return score


class PickAPhase(Variant):
    """Any phase not yet done, in any order, each once; the first to complete them all wins."""

    name = "pick_a_phase"
    picks_phase = True
    summary = N_("Pick a phase: any phase not yet done, each once.")

    def phase_to_play(self, phases: Sequence[int], done: Sequence[int], played: int) -> int | None:
        return next((p for p in phases if p not in done), None)

    def phases_open(self, phases: Sequence[int], done: Sequence[int], played: int) -> tuple[int, ...]:
        return tuple(p for p in phases if p not in done)

    def finishers(self, end: RoundEnd) -> tuple[tuple[str, ...], bool] | None:
        goal = set(end.phases)
        reached = tuple(p for p in end.players if goal <= set(end.done[p]))
        return (reached, True) if reached else None

    def goal(self, last_phase_name: str) -> str:
        return _("all the phases")


VARIANTS: dict[str, Variant] = {variant.name: variant for variant in (Variant(), AllAdvance(), PickAPhase())}
"""Every variation by name (the choices of the ``variant`` table rule, in this order)."""


def variant_of(rules: Mapping[str, Any]) -> Variant:
    """The variation a table plays (``rules`` is a Phase 10 rule set)."""
    return VARIANTS[rules["variant"]]
