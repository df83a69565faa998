"""One round of a Phase 10 score sheet: what was entered, read from JSON, and whether it can have happened.

A round is entered as a :class:`RoundEntry` (who went out, and one :class:`Result` per player:
whether they completed a phase, and their leftover ``cards``, card ``counts`` or ``points``).
:func:`parse_round` reads it from the JSON body of ``POST /api/games/<id>/rounds`` (or from a
stored round), :func:`score_round` checks it against the players' progress (a
:class:`RoundContext` the sheet builds) and returns a :class:`ScoredRound` with each player's
penalty, whose :meth:`ScoredRound.to_json` is what the web layer stores and shows.

Every refusal is a :class:`~app.engine.errors.RoundError` whose message is one sentence naming the
player and the problem.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from app.engine import sheetbase
from app.engine.common import is_int
from app.engine.dealcheck import CardClass, Demand, conflicting, together_refusal
from app.engine.errors import DeckError, RoundError
from app.engine.i18n import _, ngettext
from app.engine.options import RuleSet
from app.engine.sheetbase import match_results, read_each, read_points, read_result_head, read_round_head, read_tokens

from .cards import CARD_CLASSES, HAND_SIZE, IN_DECK_BY_CLASS, Card, card_class, check_fits_deck
from .phases import PHASES, Phase
from .scoring import CLASS_POINTS, LOW_POINTS, hand_points
from .variants import variant_of
from .verify import verify_groups

COUNT_KEYS = CARD_CLASSES
"""Keys of a ``counts`` entry: cards of 1-9, of 10-12, skips, wilds."""

_CLASS_LIMITS = IN_DECK_BY_CLASS


# --- entries ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Counts:
    """A hand entered on a keypad of four buttons: cards of 1-9, of 10-12, skips and wilds."""

    low: int = 0
    high: int = 0
    skip: int = 0
    wild: int = 0

    @property
    def total(self) -> int:
        """How many cards."""
        return self.low + self.high + self.skip + self.wild

    @property
    def points(self) -> int:
        """The penalty for these cards."""
        return sum(getattr(self, key) * CLASS_POINTS[key] for key in COUNT_KEYS)

    def to_json(self) -> dict[str, int]:
        return {key: getattr(self, key) for key in COUNT_KEYS}


def completed_if_out(went_out: bool, ticked: bool) -> bool:
    """Whether a player completed their phase, from a form's tick box: going out needs a laid-down phase, so the
    player who went out completed it, ticked or not ("went out ⇒ completed")."""
    return ticked or went_out


def completed_by_hand(ticked: bool, counts: Mapping[str, int | None], cards: int | None) -> bool:
    """Whether a player who did not go out completed their phase, from a form's tick box and their hand.

    A player without a completed phase holds exactly :data:`HAND_SIZE` cards ("no phase ⇒ 10 cards"), so a hand
    entered as fewer cards (the four keys with "low" given, or ``cards``: how many cards were typed) was left by
    a completed phase, ticked or not. A typed total says no number of cards, so it needs the tick box.
    """
    if ticked:
        return True
    if cards is not None:
        return cards < HAND_SIZE
    given = [counts.get(key) for key in COUNT_KEYS]
    return counts.get("low") is not None and sum(value or 0 for value in given) < HAND_SIZE


def filled_counts(counts: Mapping[str, int | None], completed: bool) -> dict[str, int] | None:
    """The ``counts`` of a player who did not go out, from the four-key keypad (``None`` for a key left alone).

    A player without a completed phase holds exactly :data:`HAND_SIZE` cards ("no phase ⇒ 10 cards"): a "low"
    key left alone is the rest of the ten, and nothing entered at all is ten low cards. A player who completed
    a phase and entered nothing gets ``None``: their hand must be entered.
    """
    given = {key: counts.get(key) for key in COUNT_KEYS}
    if all(value is None for value in given.values()):
        return None if completed else {key: HAND_SIZE if key == "low" else 0 for key in COUNT_KEYS}
    filled = {key: value or 0 for key, value in given.items()}
    if given["low"] is None and not completed:
        filled["low"] = max(0, HAND_SIZE - sum(filled[key] for key in COUNT_KEYS if key != "low"))
    return filled


def counts_of(cards: Sequence[Card]) -> Counts:
    """The :class:`Counts` of explicit cards."""
    tally = dict.fromkeys(COUNT_KEYS, 0)
    for card in cards:
        tally[card_class(card)] += 1
    return Counts(**tally)


@dataclass(frozen=True, slots=True)
class Result:
    """One player's line of a round, as entered.

    ``completed`` is ``True``/``False``; in ``pick_a_phase`` it is the number of the phase completed
    or ``False``. At most one of ``cards``, ``counts`` and ``points`` is set (none only for the
    player who went out). ``laid_down`` optionally lists the groups the player laid down.
    """

    player: str
    completed: bool | int = False
    cards: tuple[Card, ...] | None = None
    counts: Counts | None = None
    points: int | None = None
    laid_down: tuple[tuple[Card, ...], ...] | None = None

    @property
    def did_complete(self) -> bool:
        """Whether the player completed a phase this round."""
        return self.completed is not False

    @property
    def card_count(self) -> int | None:
        """How many cards the player holds, when ``cards`` or ``counts`` say so."""
        if self.cards is not None:
            return len(self.cards)
        if self.counts is not None:
            return self.counts.total
        return None

    @property
    def penalty(self) -> int | None:
        """The points of what was entered (``None`` when nothing was)."""
        if self.cards is not None:
            return hand_points(self.cards)
        if self.counts is not None:
            return self.counts.points
        return self.points

    def to_json(self) -> dict[str, Any]:
        """What was entered, as JSON (cards as canonical tokens)."""
        data: dict[str, Any] = {"player": self.player, "completed": self.completed}
        if self.cards is not None:
            data["cards"] = [str(card) for card in self.cards]
        if self.counts is not None:
            data["counts"] = self.counts.to_json()
        if self.points is not None:
            data["points"] = self.points
        if self.laid_down is not None:
            data["laid_down"] = [[str(card) for card in group] for group in self.laid_down]
        return data


@dataclass(frozen=True, slots=True)
class RoundEntry(sheetbase.RoundEntry):
    """A round as entered: who went out, and the players' results (in any order)."""

    results: tuple[Result, ...]


# --- reading JSON ----------------------------------------------------------------------------------

_RESULT_KEYS = frozenset({"player", "completed", "cards", "counts", "points", "laid_down"})
_STORED_ROUND_KEYS = frozenset({"round", "went_out", "results", "dealer"})


def _parse_counts(value: Any, where: str, player: str | None) -> Counts:
    if not isinstance(value, Mapping):
        raise RoundError(
            _('{where} must be an object with the keys "low", "high", "skip" and "wild".').format(where=where),
            player=player,
        )
    unknown = [str(key) for key in value if key not in COUNT_KEYS]
    if unknown:
        raise RoundError(
            _('{where} has an unknown key "{key}": the keys are "low", "high", "skip" and "wild".').format(
                where=where, key=unknown[0]
            ),
            player=player,
        )
    numbers = {}
    for key in COUNT_KEYS:
        number = value.get(key, 0)
        if not is_int(number) or not 0 <= number <= HAND_SIZE:
            raise RoundError(
                _("{where}.{key} must be a whole number from 0 to {maximum}.").format(
                    where=where, key=key, maximum=HAND_SIZE
                ),
                player=player,
            )
        numbers[key] = number
    return Counts(**numbers)


def _parse_completed(value: Any, where: str, player: str | None, pick: bool) -> bool | int:
    if pick:
        if value is False or (is_int(value) and value in PHASES):
            return value
        raise RoundError(
            _("{where}.completed must be the number of the phase the player completed, or false.").format(where=where),
            player=player,
        )
    if isinstance(value, bool):
        return value
    raise RoundError(_("{where}.completed must be true or false.").format(where=where), player=player)


def _parse_result(item: Any, index: int, pick: bool, stored: bool) -> Result:
    where, player = read_result_head(item, index, _RESULT_KEYS)
    if "completed" not in item:
        raise RoundError(
            _("{where}.completed is missing: say whether {player} completed a phase.").format(
                where=where, player=player
            ),
            player=player,
        )
    completed = _parse_completed(item["completed"], where, player, pick)
    cards = read_tokens(item["cards"], where + ".cards", player, Card.parse) if "cards" in item else None
    counts = _parse_counts(item["counts"], where + ".counts", player) if "counts" in item else None
    points = read_points(item, where, player)
    # A stored round carries the computed points next to the cards or counts they came from.
    if stored and (cards is not None or counts is not None):
        points = None
    given = [name for name, value in (("cards", cards), ("counts", counts), ("points", points)) if value is not None]
    if len(given) > 1:
        raise RoundError(
            _("{where} must give only one of cards, counts or points, not {given}.").format(
                where=where, given=" + ".join(given)
            ),
            player=player,
        )
    laid_down = None
    if "laid_down" in item and item["laid_down"] is not None:
        groups = item["laid_down"]
        if not isinstance(groups, list) or not groups:
            raise RoundError(
                _("{where}.laid_down must be a list of groups, each a list of card tokens.").format(where=where),
                player=player,
            )
        laid_down = tuple(
            read_tokens(group, f"{where}.laid_down[{number}]", player, Card.parse, field="laid_down")
            for number, group in enumerate(groups)
        )
        if any(not group for group in laid_down):
            raise RoundError(_("{where}.laid_down holds an empty group.").format(where=where), player=player)
    return Result(player, completed, cards, counts, points, laid_down)


def parse_round(body: Any, rules: RuleSet, *, stored: bool = False) -> RoundEntry:
    """Read a round from its JSON body (API.md "Score sheets"); raise :class:`RoundError` when malformed.

    Checks shapes and types only (names are matched to the game's players by :func:`score_round`).
    ``completed`` is a phase number or ``false`` under ``pick_a_phase``, else ``true``/``false``.
    With ``stored=True`` the body is a round as :meth:`ScoredRound.to_json` wrote it, whose
    ``points`` next to ``cards`` or ``counts`` were computed and are ignored.
    """
    went_out = read_round_head(body, _STORED_ROUND_KEYS if stored else {"round", "went_out", "results"})
    results = body.get("results")
    if not isinstance(results, list) or not results:
        raise RoundError(_("results must be a list with one result for each player."))
    pick = variant_of(rules).picks_phase
    parsed = read_each(results, lambda item, index: _parse_result(item, index, pick, stored))
    if stored:
        # The stored 0 of the player who went out was computed, not entered.
        key = went_out.casefold()
        parsed = tuple(
            Result(r.player, r.completed, r.cards, r.counts, None, r.laid_down)
            if r.player.casefold() == key and r.points == 0
            else r
            for r in parsed
        )
    return RoundEntry(went_out, parsed)


def parse_row(item: Any, rules: RuleSet) -> Result:
    """One player's line of a round (a ``results`` item) read on its own; raise :class:`RoundError` when malformed."""
    return _parse_result(item, 0, variant_of(rules).picks_phase, False)


# --- what a hand can score -------------------------------------------------------------------------


@cache
def hand_totals(size: int) -> frozenset[int]:
    """Every penalty a hand of exactly ``size`` cards can make from the deck's cards.

    Walks the counts of wilds, skips and 10-12 cards within the deck's limits (8, 4, 24); the
    rest are 1-9 cards (72 in the deck).
    """
    totals = set()
    for wild in range(min(IN_DECK_BY_CLASS["wild"], size) + 1):
        for skip in range(min(IN_DECK_BY_CLASS["skip"], size - wild) + 1):
            for high in range(min(IN_DECK_BY_CLASS["high"], size - wild - skip) + 1):
                low = size - wild - skip - high
                if low <= IN_DECK_BY_CLASS["low"]:
                    totals.add(Counts(low, high, skip, wild).points)
    return frozenset(totals)


# --- checking a round ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RoundContext:
    """What a round is checked against: the game's rules and players and where each player stands.

    ``phases`` maps each player to the phase they play this round (``None`` under
    ``pick_a_phase``, where the entry names it; also ``None`` for a player with nothing left to
    play); ``done`` maps each player to the phases completed before this round. ``stored``: the round is
    already on the sheet (replayed), so the typed totals are not checked together (:mod:`app.engine.dealcheck`
    protects new input; rounds stored before it must still load).
    """

    rules: RuleSet
    players: tuple[str, ...]
    number: int
    dealer: str
    phases: Mapping[str, int | None]
    done: Mapping[str, tuple[int, ...]]
    stored: bool = False


@dataclass(frozen=True, slots=True)
class ScoredResult(sheetbase.ScoredResult):
    """A player's :class:`Result` with what follows from it: the penalty (``points``) and the phase completed
    (if any)."""

    completed_phase: int | None


@dataclass(frozen=True, slots=True)
class ScoredRound(sheetbase.ScoredRound):
    """A round that passed every check, with each player's :class:`ScoredResult`, in seating order."""

    entry_type = RoundEntry
    results: tuple[ScoredResult, ...]

    @property
    def points(self) -> dict[str, int]:
        """Each player's penalty this round."""
        return {r.player: r.points for r in self.results}


def _canonical_results(entry: RoundEntry, context: RoundContext) -> tuple[str, dict[str, Result]]:
    players = context.players
    went_out, by_player = match_results(entry, players)
    for player in players:
        if player not in by_player:
            raise RoundError(
                _("{player} has no result in this round: every player needs one.").format(player=player), player=player
            )
    return went_out, by_player


def _phase_completed(result: Result, context: RoundContext) -> int | None:
    """The phase the player completed this round (``None`` when they did not), after checking it may be."""
    player = result.player
    if not result.did_complete:
        return None
    if variant_of(context.rules).picks_phase:
        number = result.completed
        listed = tuple(context.rules.phases)
        if number not in listed:
            raise RoundError(
                _("{player} cannot have completed phase {number}: this game plays phases {phases}.").format(
                    player=player, number=number, phases=", ".join(str(p) for p in listed)
                ),
                player=player,
            )
        if number in context.done[player]:
            raise RoundError(
                _("{player} already completed phase {number} in an earlier round; each phase counts once.").format(
                    player=player, number=number
                ),
                player=player,
            )
        return number
    to_play = context.phases[player]
    if to_play is None:
        raise RoundError(_("{player} has no phase left to complete.").format(player=player), player=player)
    return to_play


def _check_laid_down(result: Result, phase: Phase | None, context: RoundContext) -> None:
    player = result.player
    if result.laid_down is None:
        return
    if phase is None:
        raise RoundError(
            _("{player} did not complete a phase, so {player} cannot have laid cards down.").format(player=player),
            player=player,
        )
    verdict = verify_groups(phase, result.laid_down, natural_card=context.rules.natural_card)
    if not verdict.valid:
        raise RoundError(
            _("The cards {player} laid down do not make {phase}: {reasons}").format(
                player=player, phase=phase.name, reasons=" ".join(verdict.reasons)
            ),
            player=player,
        )


def _check_went_out(result: Result, completed: int | None) -> int:
    player = result.player
    if completed is None:
        raise RoundError(
            _("{player} went out, so {player} completed a phase this round: going out needs a laid-down phase.").format(
                player=player
            ),
            player=player,
        )
    if result.card_count or result.points:
        raise RoundError(
            _("{player} went out, so {player} holds no cards and scores 0.").format(player=player), player=player
        )
    return 0


def _max_cards(result: Result, phase: Phase | None) -> int:
    """The most cards a player can hold at the end of the round: 10 without a phase, else 10 minus the phase's
    size. ``laid_down`` is what lies on the table at the end of the round, other players' hits included, so
    only the phase itself is known to have come from this player's hand."""
    if phase is None:
        return HAND_SIZE
    return HAND_SIZE - phase.size


def _too_many_cards_reason(result: Result, phase: Phase, most: int, ending: str, value: int) -> str:
    """Why a player cannot hold that many cards or points: one whole sentence per cause and ``ending``.

    ``ending`` is ``"count"`` (``value`` cards entered), ``"most"`` (``value`` is the most points such a
    hand scores) or ``"none"`` (no such hand scores ``value`` points).
    """
    if ending == "count":
        template = ngettext(
            "{player} completed {phase} ({size} cards), so {player} holds at most {most} card, not {value}.",
            "{player} completed {phase} ({size} cards), so {player} holds at most {most} cards, not {value}.",
            most,
        )
    elif ending == "most":
        template = ngettext(
            "{player} completed {phase} ({size} cards), so {player} holds at most {most} card: at most {value} points.",
            "{player} completed {phase} ({size} cards), so {player} holds at most {most} cards: at most {value} "
            "points.",
            most,
        )
    else:
        template = ngettext(
            "{player} completed {phase} ({size} cards), so {player} holds at most {most} card, and no such hand "
            "scores {value} points.",
            "{player} completed {phase} ({size} cards), so {player} holds at most {most} cards, and no such hand "
            "scores {value} points.",
            most,
        )
    return template.format(player=result.player, phase=phase.name, size=phase.size, most=most, value=value)


def _check_leftover(result: Result, phase: Phase | None) -> int:
    """The penalty of a player who did not go out, after checking it is possible."""
    player = result.player
    penalty = result.penalty
    if penalty is None:
        raise RoundError(
            _("Enter {player}'s leftover cards, card counts or points: {player} did not go out.").format(player=player),
            player=player,
        )
    most = _max_cards(result, phase)
    count = result.card_count
    if count is not None:
        if phase is None and count != HAND_SIZE:
            raise RoundError(
                _("{player} did not complete a phase, so {player} holds 10 cards, not {count}.").format(
                    player=player, count=count
                ),
                player=player,
            )
        if count == 0:
            raise RoundError(
                _("{player} did not go out, so {player} holds at least one card.").format(player=player), player=player
            )
        if count > most and phase is not None:  # without a phase the count is 10, checked above
            raise RoundError(
                _too_many_cards_reason(result, phase, most, "count", count),
                player=player,
            )
        return penalty
    # Only a total was entered: it must be what some hand of a possible size scores.
    if penalty % 5:
        raise RoundError(
            _("{player}'s {points} points are not a multiple of 5: every card scores 5, 10, 15 or 25.").format(
                player=player, points=penalty
            ),
            player=player,
        )
    if penalty < LOW_POINTS:
        raise RoundError(
            _("{player} did not go out, so {player} holds at least one card: at least 5 points.").format(player=player),
            player=player,
        )
    if phase is None:
        # Every multiple of 5 from the least to the most that 10 cards can hold is some hand.
        reachable = hand_totals(HAND_SIZE)
        if penalty < min(reachable):
            raise RoundError(
                _("{player} did not complete a phase, so {player} holds 10 cards: at least {least} points.").format(
                    player=player, least=min(reachable)
                ),
                player=player,
            )
        if penalty > max(reachable):
            raise RoundError(
                _("{player} did not complete a phase, so {player} holds 10 cards: at most {most} points.").format(
                    player=player, most=max(reachable)
                ),
                player=player,
            )
        return penalty
    reachable = frozenset().union(*(hand_totals(size) for size in range(1, most + 1))) if most >= 1 else frozenset()
    if not reachable or penalty > max(reachable):
        raise RoundError(
            _too_many_cards_reason(result, phase, most, "most", max(reachable, default=0)),
            player=player,
        )
    if penalty not in reachable:
        raise RoundError(
            _too_many_cards_reason(result, phase, most, "none", penalty),
            player=player,
        )
    return penalty


def _check_deck(results: Sequence[Result]) -> None:
    explicit: list[Card] = []
    for result in results:
        explicit.extend(result.cards or ())
        for group in result.laid_down or ():
            explicit.extend(group)
    try:
        check_fits_deck(explicit)
    except DeckError as error:
        raise RoundError(
            _("The cards entered for this round do not fit in one deck: {problem}").format(problem=error)
        ) from None
    totals = counts_of(explicit).to_json()
    for result in results:
        if result.counts is not None:
            for key, value in result.counts.to_json().items():
                totals[key] += value
    for key in COUNT_KEYS:
        if totals[key] > _CLASS_LIMITS[key]:
            raise RoundError(_too_many(key, totals[key]).format(count=totals[key], limit=_CLASS_LIMITS[key]))


def _too_many(key: str, count: int) -> str:
    """More cards of a class than the deck holds: one whole sentence per class, its count through ngettext."""
    if key == "low":
        return ngettext(
            "Together the cards entered for this round hold 1 card of 1 to 9, but the deck has only {limit}.",
            "Together the cards entered for this round hold {count} cards of 1 to 9, but the deck has only {limit}.",
            count,
        )
    if key == "high":
        return ngettext(
            "Together the cards entered for this round hold 1 card of 10 to 12, but the deck has only {limit}.",
            "Together the cards entered for this round hold {count} cards of 10 to 12, but the deck has only {limit}.",
            count,
        )
    if key == "skip":
        return ngettext(
            "Together the cards entered for this round hold 1 skip, but the deck has only {limit}.",
            "Together the cards entered for this round hold {count} skips, but the deck has only {limit}.",
            count,
        )
    return ngettext(
        "Together the cards entered for this round hold 1 wild, but the deck has only {limit}.",
        "Together the cards entered for this round hold {count} wilds, but the deck has only {limit}.",
        count,
    )


def _shortage(key: str, count: int) -> str:
    """ "The deck has only 8 wilds.": one whole sentence per class of cards, its count through ngettext."""
    if key == "low":
        template = ngettext("The deck has only 1 card of 1 to 9.", "The deck has only {count} cards of 1 to 9.", count)
    elif key == "high":
        template = ngettext(
            "The deck has only 1 card of 10 to 12.", "The deck has only {count} cards of 10 to 12.", count
        )
    elif key == "skip":
        template = ngettext("The deck has only 1 skip.", "The deck has only {count} skips.", count)
    else:
        template = ngettext("The deck has only 1 wild.", "The deck has only {count} wilds.", count)
    return template.format(count=count)


def _used_by_class(results: Sequence[Result]) -> dict[str, int]:
    """The cards entered explicitly (cards, counts, laid-down phases), per class."""
    explicit: list[Card] = []
    for result in results:
        explicit.extend(result.cards or ())
        for group in result.laid_down or ():
            explicit.extend(group)
    used = counts_of(explicit).to_json()
    for result in results:
        if result.counts is not None:
            for key, value in result.counts.to_json().items():
                used[key] += value
    return used


def _check_together(results: Sequence[Result], went_out: str, phases: dict[str, Phase | None]) -> None:
    """Typed totals checked together with everything else entered: one deal of the 108 cards must give
    every player what was entered for them (API.md "Phase 10 rounds: typed totals checked together")."""
    typed = [r for r in results if r.player != went_out and r.cards is None and r.counts is None]
    points = {r.player: r.points for r in typed if r.points is not None}
    if not typed:
        return
    used = _used_by_class(results)
    classes = [
        CardClass(
            _shortage(key, _CLASS_LIMITS[key]), CLASS_POINTS[key], _CLASS_LIMITS[key] - used[key], _CLASS_LIMITS[key]
        )
        for key in COUNT_KEYS
    ]
    demands = []
    for result in typed:
        phase = phases[result.player]
        most = _max_cards(result, phase)
        demands.append(Demand(result.player, points[result.player], HAND_SIZE if phase is None else 1, most))
    conflict = conflicting(classes, demands)
    if conflict is not None:
        deck = sum(IN_DECK_BY_CLASS.values())
        raise together_refusal(conflict, points, deck)


def score_round(entry: RoundEntry, context: RoundContext) -> ScoredRound:
    """Check that ``entry`` can have happened given ``context`` and score it; raise :class:`RoundError` if not.

    Checks, in this order: the players (each exactly once, no stranger), then each player in
    seating order (the phase completed may be completed, ``laid_down`` makes it, the player who
    went out completed a phase and holds nothing, every other hand has a possible size and total),
    then that all the cards entered fit in one deck.
    """
    went_out, by_player = _canonical_results(entry, context)
    scored = [score_row(by_player[player], player == went_out, context) for player in context.players]
    check_together(scored, went_out, context)
    return ScoredRound(context.number, context.dealer, went_out, tuple(scored))


def score_row(result: Result, went_out: bool, context: RoundContext) -> ScoredResult:
    """One player's line checked on its own (the phase completed may be, ``laid_down`` makes it, the hand
    fits whether the player went out); raise :class:`RoundError` if not. ``result.player`` is spelled as the
    game spells it."""
    completed = _phase_completed(result, context)
    phase = context.rules.phases.phase(completed) if completed is not None else None
    _check_laid_down(result, phase, context)
    points = _check_went_out(result, completed) if went_out else _check_leftover(result, phase)
    return ScoredResult(result, points, completed)


def check_together(scored: Sequence[ScoredResult], went_out: str | None, context: RoundContext) -> None:
    """The lines checked together (every card entered fits in one deck; typed totals fit what is left), for
    the lines given (a round being filled in gives those filled so far); raise :class:`RoundError` if not."""
    results = [s.result for s in scored]
    _check_deck(results)
    if not context.stored:
        phases = {
            s.player: context.rules.phases.phase(s.completed_phase) if s.completed_phase is not None else None
            for s in scored
        }
        _check_together(results, went_out or "", phases)
