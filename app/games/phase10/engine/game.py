"""The digital Phase 10 game: a seeded, reproducible state machine for a whole game.

A :class:`Game` holds the table (draw pile, discard pile, hands, laid-down groups), whose turn
it is and at which stage (``"draw"`` or ``"play"``), and the score sheet of the rounds played.
It answers questions instead of making callers re-derive them, as python-chess's ``Board``
does::

    game = Game([{"name": "Ana"}, {"name": "Bot", "bot": "smart"}], make_rules(), seed=7)
    game.legal_actions(0)        # [Action("draw", "pile"), ...]: values (see .actions)
    game.apply(0, {"type": "draw", "from": "pile"})  # the JSON form of API.md, or an Action
    game.view(0)                 # what seat 0 may see (API.md "Digital games")
    game.outcome()               # None while playing; the winner and the rule that decided it

Every rule about groups, lay-downs and hits is asked of :mod:`.verify` (the same code the phase
check and the score sheets use); standings, phase progress and the outcome come from a
:class:`~.sheet.Sheet` fed with each finished round in the score-sheet JSON shape, so the digital
game and a score sheet cannot disagree.

Decisions where RULES.md is silent (documented here and in the docs):

- **Dead round.** When the player to move can draw from neither pile (the draw pile is empty, the
  discard pile holds only its top card and that card is a Skip), or a round passes
  :data:`ROUND_TURN_LIMIT` turns, the round is void: nothing is scored, nobody advances, it is not
  recorded, and the same dealer deals it again from a fresh shuffle. (A score sheet needs a player
  who went out, so a round without one cannot be recorded.)
- **Skips.** A Skip that cannot skip anybody (``skip_once_per_lap``) is a plain discard. Without
  ``skip_once_per_lap`` skips add up: a player skipped twice loses two turns. A player counts as
  having "taken a turn again" when they draw.
- **Tie-breaker round.** The deal passes on as usual; only the tied players get cards, and the
  first tied player left of the dealer plays first. Bots and people lay down a set of 5 and a set
  of 3; the first to do so wins at once.
- **pick_a_phase.** ``legal`` lists one lay-down per phase the hand can make (each with its
  ``phase``); a ``lay_down`` without ``phase`` takes the first phase of the list it makes.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from itertools import chain
from typing import Any

from app.engine.common import check_seed, is_int
from app.engine.errors import DeckError, GameOverError, IllegalActionError, NotationError, NotYourTurnError
from app.engine.i18n import _
from app.engine.options import RuleSet
from app.engine.outcome import Outcome
from app.engine.players import BOT_NAMES, parse_seats

from .actions import (
    DISCARD,
    DRAW,
    DRAW_DISCARD,
    DRAW_PILE,
    HIT,
    LAY_DOWN,
    Action,
    bad_token,
    card_choices,
    resolve_card,
    resolve_groups,
    sort_key,
    tokens,
)
from .cards import COLORS, DECK, HAND_SIZE, Card, Kind, check_fits_deck
from .finder import can_make, find_lay_down
from .hits import HitResult, check_hit, hit_options
from .log import shown
from .phases import PHASES, TIEBREAKER, Phase, make_rules
from .rounds import parse_round
from .scoring import hand_points
from .sheet import MAX_PLAYERS, MIN_PLAYERS, Sheet
from .variants import Variant, variant_of
from .verify import LaidGroup, Verdict, verify_groups

ROUND_TURN_LIMIT = 600
"""A round that passes this many turns is void and dealt again (see the module's notes)."""

LOG_KEEP = 200
"""How many log events a game keeps (older ones are dropped; ``seq`` keeps counting)."""

VIEW_LOG = 40
"""How many of the latest log events :meth:`Game.view` shows."""


class Game:
    """One digital Phase 10 game (see the module's docstring).

    ``seats`` lists the players in clockwise order, each ``{"name": ..., "bot": "random" | "smart" |
    None}`` (a plain string is a person). ``rules`` is a :class:`RuleSet` or a JSON object of table
    rules. ``deck`` (tokens) fixes the top of the first round's deck: dealt one card at a time to
    seat 0, 1, 2, … until the hands are full, then the first discard, then the draw pile; a
    number without a colour stands for any card of that number. ``record_log=False`` skips the
    log (the simulator's fast mode); ``on_deal`` is called with the hands of every deal.
    Raises :class:`RulesError` for bad seats or rules, :class:`NotationError`/:class:`DeckError`
    for a deck the real deck cannot hold.
    """

    _standings: list[Any] | None  # the sheet's standings, cached until the next round ends

    def __init__(
        self,
        seats: Sequence[Any],
        rules: RuleSet | Mapping[str, Any] | None = None,
        seed: int | None = None,
        deck: Sequence[str] | None = None,
        *,
        record_log: bool = True,
        on_deal: Callable[[list[list[Card]]], None] | None = None,
    ):
        self.rules = rules if isinstance(rules, RuleSet) else make_rules(rules)
        self.names, self.bots = check_seats(seats)
        self.seed = seed = check_seed(seed)
        self.rng = random.Random(seed)
        self.bot_rng = random.Random(seed * 7919 + 17)
        self.record_log = record_log
        self.sheet = Sheet(self.rules, self.names)
        n = len(self.names)
        self.status = "playing"
        self.round = 1
        self.dealer = n - 1
        self.tiebreak = False
        self.active: list[int] = list(range(n))
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.draw_pile: list[Card] = []
        self.discard: list[Card] = []
        self.laid: list[list[Any]] = [[] for _ in range(n)]
        self.laid_down: list[list[list[Card]] | None] = [None] * n
        self.completed: list[Any] = [None] * n
        self.laid_turn: list[int | None] = [None] * n
        self.skips_pending = [0] * n
        self.skipped = [False] * n
        self.turn: int | None = None
        self.stage = "draw"
        self.turn_id = 0
        self.round_turns = 0
        self.turns = 0
        self.redeals = 0
        self.log: list[dict[str, Any]] = []
        self.seq = 0
        self.finished_rounds: list[dict[str, Any]] = []
        self.tiebreaker: dict[str, Any] | None = None
        self.dealt_hands: list[list[Card]] = []
        self.on_deal = on_deal
        order = _stacked_order(deck, self.rng) if deck else None
        self._deal(order)

    # --- questions ------------------------------------------------------------------------------

    @property
    def players(self) -> int:
        """How many seats the game has."""
        return len(self.names)

    @property
    def finished(self) -> bool:
        return self.status == "finished"

    @property
    def winner(self) -> str | None:
        """The winner's name once the game is over."""
        outcome = self.outcome()
        return outcome.winner if outcome else None

    def outcome(self) -> Outcome | None:
        """``None`` while the game goes on (or waits for its tie-breaker round); else the winner and the
        rule that decided it (``sole_finisher``, ``lowest_total`` or ``tiebreaker``), as the score sheet
        of the same rounds says."""
        if self.status != "finished":
            return None
        return self.sheet.outcome

    @property
    def variant(self) -> Variant:
        """The variation this table plays (the rules' ``variant`` as an object)."""
        return variant_of(self.rules)

    def phase_to_play(self, seat: int) -> Phase | None:
        """The phase ``seat`` plays this round (``None`` under ``pick_a_phase``, where it picks, or
        when the seat sits out the tie-breaker round)."""
        if self.tiebreak:
            return PHASES[TIEBREAKER] if seat in self.active else None
        if self.variant.picks_phase:
            return None
        key = self._standing(seat).phase
        return self.rules.phases.phase(key) if key is not None else None

    def phases_open(self, seat: int) -> list[Phase]:
        """The phases ``seat`` may lay down this round, as the score sheet's variant says (several only under
        ``pick_a_phase``; none once laid down, or while the seat sits out a tie-breaker round)."""
        if self.completed[seat] is not None or seat not in self.active:
            return []
        if self.tiebreak:
            return [PHASES[TIEBREAKER]]
        return [self.rules.phases.phase(p) for p in self.sheet.phases_open(self.names[seat])]

    def standings(self) -> list[Any]:
        """The score sheet's standings (score, next phase, phases done per seat), cached until the next round ends."""
        cached = self.__dict__.get("_standings")
        if cached is None:
            cached = self._standings = self.sheet.standings()
        return cached

    def _standing(self, seat: int):
        return self.standings()[seat]

    def can_draw_from(self, source: str) -> bool:
        """Whether the seat to move could draw from ``"pile"`` or ``"discard"`` now (ignoring the stage)."""
        if source == "pile":
            return bool(self.draw_pile) or len(self.discard) > 1
        return bool(self.discard) and not self.discard[-1].is_skip

    def draw_actions(self) -> list[Action]:
        """The draws open to the seat to move (at the draw stage)."""
        return [a for s, a in (("pile", DRAW_PILE), ("discard", DRAW_DISCARD)) if self.can_draw_from(s)]

    def lay_down_actions(self, seat: int) -> list[Action]:
        """The lay-downs the finder suggests for ``seat`` now (one, or one per phase under ``pick_a_phase``)."""
        if self.turn != seat or self.stage != "play" or self.completed[seat] is not None:
            return []
        hand = self.hands[seat]
        pick = self.variant.picks_phase and not self.tiebreak
        actions: list[Action] = []
        for phase in self.phases_open(seat):
            if len(hand) - phase.size < 1 and not self.rules.go_out_by_hit:
                continue
            if not can_make(phase, hand, natural_card=self.rules.natural_card):
                continue
            verdict = find_lay_down(phase, hand, natural_card=self.rules.natural_card)
            if not verdict.valid:
                continue
            groups = tuple(tuple(g.cards) for g in verdict.groups)
            actions.append(Action(LAY_DOWN, groups=groups, phase=phase.key if pick else None))
        return actions

    def hit_targets(self, seat: int) -> list[tuple[int, int]]:
        """The ``(seat, group)`` pairs ``seat`` may hit on now: its own groups once laid down, and
        others' groups from the turn after its lay-down."""
        if self.completed[seat] is None:
            return []
        targets = [(seat, g) for g in range(len(self.laid[seat]))]
        if self.laid_turn[seat] != self.turn_id:
            for other in self.active:
                if other != seat:
                    targets.extend((other, g) for g in range(len(self.laid[other])))
        return targets

    def hit_actions(self, seat: int) -> list[Action]:
        """Every hit ``seat`` may make now, including each end of a run where a wild could go at either."""
        if self.turn != seat or self.stage != "play" or self.completed[seat] is None:
            return []
        hand = self.hands[seat]
        if len(hand) < 2 and not self.rules.go_out_by_hit:
            return []
        actions = []
        cards = sorted({c for c in hand if not c.is_skip}, key=sort_key)
        for target, index in self.hit_targets(seat):
            group = self.laid[target][index]
            for card in cards:
                options = hit_options(group, card)
                if len(options) == 1:
                    actions.append(Action(HIT, card=card, seat=target, group=index))
                else:
                    for option in options:
                        actions.append(Action(HIT, card=card, seat=target, group=index, end=option.end))
        return actions

    def skip_target_chosen(self) -> bool:
        """Whether the player who discards a Skip chooses whom it skips (``skip_target=choose`` with more
        than two players in play); otherwise it skips the next player."""
        return self.rules.skip_target == "choose" and len(self.active) > 2

    def skip_targets(self, seat: int) -> list[int]:
        """Whom a Skip discarded by ``seat`` may skip now (empty: it would be a plain discard, as when it is the
        last card: the round ends with it)."""
        if len(self.hands[seat]) == 1:
            return []
        others = self._after(seat)
        if not self.skip_target_chosen():
            others = others[:1]
        if self.rules.skip_once_per_lap:
            others = [s for s in others if not self.skipped[s]]
        return others

    def discard_actions(self, seat: int) -> list[Action]:
        """Every discard ``seat`` may make now (a Skip once per target under ``skip_target=choose``)."""
        if self.turn != seat or self.stage != "play":
            return []
        actions: list[Action] = []
        going_out = len(self.hands[seat]) == 1  # the round ends with this discard: a Skip skips nobody
        for card in sorted(set(self.hands[seat]), key=sort_key):
            if card.is_skip and self.skip_target_chosen() and not going_out:
                targets = self.skip_targets(seat)
                if targets:
                    actions.extend(Action(DISCARD, card=card, skip=t) for t in targets)
                    continue
            actions.append(Action(DISCARD, card=card))
        return actions

    def legal_actions(self, seat: int | None) -> list[Action]:
        """Every action ``seat`` may take now, as values :meth:`apply` accepts (a lay-down once, as the finder's
        suggestion; any other valid lay-down is accepted too). Empty when it is not ``seat``'s turn."""
        if self.status != "playing" or seat is None or seat != self.turn:
            return []
        if self.stage == "draw":
            return self.draw_actions()
        return self.lay_down_actions(seat) + self.hit_actions(seat) + self.discard_actions(seat)

    # --- acting ---------------------------------------------------------------------------------

    def apply(self, seat: int, action: Action | Mapping[str, Any]) -> None:
        """Take ``action`` (an :class:`Action`, or its JSON form: API.md) for ``seat``. Raises :class:`GameOverError` on a finished game,
        :class:`NotYourTurnError` for a seat that may not act now, :class:`IllegalActionError` (saying
        why) for a seat that does not exist and anything else the rules refuse; the state is then unchanged."""
        if self.status != "playing":
            raise GameOverError(_("The game is over: no more actions."))
        if not is_int(seat) or not 0 <= seat < len(self.names):
            raise IllegalActionError(_("There is no seat {seat} in this game.").format(seat=seat))
        turn = self.turn
        if seat != turn:
            assert turn is not None, "a game that is playing has a turn"
            raise NotYourTurnError(
                _("It is not {name}'s turn: {other} is to play.").format(name=self.names[seat], other=self.names[turn])
            )
        if not isinstance(action, Action):
            action = Action.from_json(action)
        kind = action.kind
        if kind == DRAW:
            self._draw(seat, action.source)
        elif kind == LAY_DOWN:
            self._lay_down(seat, action.groups, action.phase)
        elif kind == HIT:
            assert action.card is not None and action.seat is not None and action.group is not None, "a hit's fields"
            self._hit(seat, action.card, action.seat, action.group, action.end)
        else:
            assert action.card is not None, "a discard names its card"
            self._discard(seat, action.card, action.skip)

    def _need_stage(self, stage: str) -> None:
        if self.stage == stage:
            return
        if stage == "draw":
            raise IllegalActionError(_("You have drawn already this turn: lay down, hit or discard."))
        raise IllegalActionError(_("Draw a card first, from the draw pile or the discard pile."))

    def _draw(self, seat: int, source: str | None) -> None:
        self._need_stage("draw")
        if source == "pile":
            if not self.draw_pile:
                if len(self.discard) < 2:
                    raise IllegalActionError(_("The draw pile is empty and there is nothing to reshuffle."))
                top = self.discard.pop()
                self.draw_pile = self.discard
                self.rng.shuffle(self.draw_pile)
                self.discard = [top]
                self._event(None, "reshuffle")
            card = self.draw_pile.pop()
        elif source == "discard":
            if not self.discard:
                raise IllegalActionError(_("The discard pile is empty: draw from the draw pile."))
            if self.discard[-1].is_skip:
                raise IllegalActionError(_("A Skip can never be taken from the discard pile."))
            card = self.discard.pop()
        else:  # pragma: no cover - Action.from_json refuses any other source
            raise IllegalActionError(_('A draw is from "pile" or "discard".'))
        self.hands[seat].append(card)
        self.stage = "play"
        self.skipped[seat] = False
        self.turn_id += 1
        self.turns += 1
        self.round_turns += 1
        if self.record_log:
            if source == "pile":
                self._event(seat, "draw", {"from": "pile", "card": str(card)})
            else:
                self._event(seat, "draw", {"from": "discard", "card": str(card)})

    def _lay_down(self, seat: int, groups: Sequence[Sequence[Card]], phase_key: int | str | None) -> None:
        self._need_stage("play")
        if self.completed[seat] is not None:
            raise IllegalActionError(_("You have laid down your phase already this round."))
        open_phases = self.phases_open(seat)
        if not open_phases:
            raise IllegalActionError(_("You have no phase left to lay down."))
        hand = self.hands[seat]
        readings = resolve_groups(hand, groups)
        cards = next(readings)
        used = sum(len(g) for g in cards)
        if used >= len(hand) and not self.rules.go_out_by_hit:
            raise IllegalActionError(_("Keep a card to discard: a lay-down cannot use your whole hand."))
        natural = self.rules.natural_card
        if phase_key is not None:
            if self.tiebreak or not self.variant.picks_phase:
                raise IllegalActionError(_('Only pick_a_phase lets you choose the phase: leave "phase" out.'))
            chosen = [p for p in open_phases if p.key == phase_key]
            if not chosen:
                raise IllegalActionError(
                    _("Phase {phase} is not one you may lay down: choose from {phases}.").format(
                        phase=phase_key, phases=", ".join(str(p.key) for p in open_phases)
                    )
                )
            candidates = chosen
        else:
            candidates = open_phases
        refusal: Verdict | None = None
        for reading in chain([cards], readings):  # a colourless number takes a colour that makes the phase
            for phase in candidates:
                verdict = verify_groups(phase, reading, natural_card=natural)
                if verdict.valid:
                    break
            if verdict.valid:
                cards = reading
                break
            refusal = refusal or verdict
        if not verdict.valid:
            verdict = refusal or verdict
            if len(candidates) > 1:
                raise IllegalActionError(_("These cards make none of the phases you may lay down."))
            raise IllegalActionError(
                _("These cards do not make {phase}: {reasons}").format(
                    phase=candidates[0].name, reasons=" ".join(verdict.reasons)
                )
            )
        for group in cards:
            for card in group:
                hand.remove(card)
        self.laid[seat] = list(verdict.groups)
        self.laid_down[seat] = [list(g.cards) for g in verdict.groups]
        self.completed[seat] = phase.key
        self.laid_turn[seat] = self.turn_id
        if self.record_log:
            self._event(seat, "lay_down", {"phase": phase.key, "groups": [tokens(g.cards) for g in verdict.groups]})
        if self.tiebreak:
            self._win_tiebreaker(seat)
        elif not hand:
            self._end_round(seat)

    def _hit(self, seat: int, token: Card, target: int, index: int, end: str | None) -> None:
        self._need_stage("play")
        if self.completed[seat] is None:
            raise IllegalActionError(_("Lay down your own phase before you hit."))
        if not is_int(target) or not 0 <= target < len(self.names):
            raise IllegalActionError(_("There is no seat {seat} to hit on.").format(seat=target))
        groups = self.laid[target]
        if not groups:
            raise IllegalActionError(_("{name} has no phase laid down to hit on.").format(name=self.names[target]))
        if not is_int(index) or not 0 <= index < len(groups):
            raise IllegalActionError(
                _("{name} has no group {group}: groups count from 0 to {last}.").format(
                    name=self.names[target], group=index, last=len(groups) - 1
                )
            )
        if target != seat and self.laid_turn[seat] == self.turn_id:
            raise IllegalActionError(
                _(
                    "In the turn you lay down your phase you may hit only on your own phase; "
                    "hit on others from your next turn."
                )
            )
        hand = self.hands[seat]
        choices = card_choices(hand, token)
        if len(hand) < 2 and not self.rules.go_out_by_hit:
            raise IllegalActionError(_("Keep your last card: a turn ends with a discard."))
        refusal: HitResult | None = None
        for card in choices:  # a colourless number: the first held card of that number the group takes
            result = check_hit(groups[index], card, end)
            if result.legal:
                break
            refusal = refusal or result
        else:
            raise IllegalActionError((refusal or result).reason)
        hand.remove(card)
        groups[index] = result.group
        if self.record_log:
            self._event(seat, "hit", {"card": str(card), "target": target, "group": index, "end": result.end})
        if not hand:
            self._end_round(seat)

    def _discard(self, seat: int, token: Card, skip: int | None) -> None:
        self._need_stage("play")
        hand = self.hands[seat]
        card = resolve_card(hand, token)
        target = None
        if card.is_skip and len(hand) == 1:
            pass  # going out: the round is over, nobody is skipped (a "skip" sent with it is ignored)
        elif card.is_skip:
            targets = self.skip_targets(seat)
            if self.skip_target_chosen():
                if skip is None and targets:
                    raise IllegalActionError(
                        _('Say whom the Skip skips: add "skip" with a seat number ({seats}).').format(
                            seats=", ".join(str(t) for t in targets)
                        )
                    )
                if skip is not None:
                    self._check_not_skipped_this_lap(skip)
                    if skip not in targets:
                        raise IllegalActionError(
                            _("Seat {seat} cannot be skipped now; you may skip: {seats}.").format(
                                seat=skip, seats=", ".join(str(t) for t in targets) or _("nobody")
                            )
                        )
                    target = skip
            else:
                if skip is not None and skip not in targets:
                    self._check_not_skipped_this_lap(skip)
                    raise IllegalActionError(_('A Skip skips the next player here: leave "skip" out.'))
                target = targets[0] if targets else None
        elif skip is not None:
            raise IllegalActionError(_('Only a Skip takes a "skip" target.'))
        hand.remove(card)
        self.discard.append(card)
        if self.record_log:
            self._event(seat, "discard", {"card": str(card), "skip": target})
        if not hand:
            self._end_round(seat)
            return
        if target is not None:
            self.skips_pending[target] += 1
            self.skipped[target] = True
        self._next_turn(seat)

    def _check_not_skipped_this_lap(self, skip: Any) -> None:
        """Refuse a Skip aimed at a player already skipped this lap (``skip_once_per_lap``), saying so."""
        if (
            self.rules.skip_once_per_lap
            and isinstance(skip, int)
            and not isinstance(skip, bool)
            and 0 <= skip < len(self.names)
            and self.skipped[skip]
        ):
            raise IllegalActionError(
                _("{name} was already skipped this lap: a player is skipped at most once per lap.").format(
                    name=self.names[skip]
                )
            )

    # --- turns and rounds -----------------------------------------------------------------------

    def _after(self, seat: int) -> list[int]:
        """The other active seats in playing order after ``seat``."""
        n = len(self.names)
        return [s for s in ((seat + k) % n for k in range(1, n)) if s in self.active]

    def _next_turn(self, seat: int) -> None:
        n = len(self.names)
        while True:
            seat = (seat + 1) % n
            if seat not in self.active:
                continue
            if self.skips_pending[seat]:
                self.skips_pending[seat] -= 1
                if self.record_log:
                    self._event(seat, "skipped")
                continue
            break
        self.turn = seat
        self.stage = "draw"
        if self.round_turns >= ROUND_TURN_LIMIT or not (self.can_draw_from("pile") or self.can_draw_from("discard")):
            self._event(None, "dead_round")
            self.redeals += 1
            self._deal(None)

    def _deal(self, order: list[Card] | None) -> None:
        """Deal the round (``order``: the whole deck, first card first; else a fresh shuffle)."""
        if order is None:
            order = list(DECK)
            self.rng.shuffle(order)
        n = len(self.names)
        first = next(s for s in ((self.dealer + k) % n for k in range(1, n + 1)) if s in self.active)
        seating = [s for s in ((first + k) % n for k in range(n)) if s in self.active]
        self.hands = [[] for _ in range(n)]
        position = 0
        for _round in range(HAND_SIZE):
            for s in seating:
                self.hands[s].append(order[position])
                position += 1
        self.discard = [order[position]]
        self.draw_pile = order[position + 1 :][::-1]
        self.laid = [[] for _ in range(n)]
        self.laid_down = [None] * n
        self.completed = [None] * n
        self.laid_turn = [None] * n
        self.skips_pending = [0] * n
        self.skipped = [False] * n
        self.round_turns = 0
        self.dealt_hands = [list(self.hands[s]) for s in seating]
        if self.on_deal is not None:
            self.on_deal(self.dealt_hands)
        if self.record_log:
            data: dict[str, Any] = {"discard_top": str(self.discard[-1])}
            if self.tiebreak:
                data["_tiebreaker"] = seating
            self._event(self.dealer, "deal", data)
        self.turn = first
        self.stage = "draw"
        if self.discard[-1].is_skip:
            # A Skip turned up skips the first player, whatever skip_target says.
            self.skips_pending[first] += 1
            self.skipped[first] = True
            self._next_turn(self.dealer)

    def _end_round(self, seat: int) -> None:
        name = self.names[seat]
        pick = self.variant.picks_phase
        results = []
        for s, player in enumerate(self.names):
            result: dict[str, Any] = {"player": player}
            done = self.completed[s]
            result["completed"] = done if (pick and done is not None) else done is not None
            result["cards"] = tokens(sorted(self.hands[s], key=sort_key))
            laid = self.laid_down[s]
            if done is not None and laid is not None:
                result["laid_down"] = [tokens(g) for g in laid]
            results.append(result)
        record = {"round": self.round, "went_out": name, "results": results}
        self.sheet.add_round(parse_round(record, self.rules))
        self._standings = None
        self.finished_rounds.append(record)
        if self.record_log:
            self._event(
                seat,
                "out",
                {
                    "round_record": record,
                    # Per seat, for the round-over box: the phase completed this round (or None) and the points.
                    "summary": [
                        {"phase": self.completed[s], "points": 0 if s == seat else hand_points(self.hands[s])}
                        for s in range(len(self.names))
                    ],
                },
            )
        outcome = self.sheet.outcome
        if outcome is not None and outcome.winner is not None:
            self._finish(outcome)  # the last round stays the current one: no deal follows
            return
        self.dealer = (self.dealer + 1) % len(self.names)
        self.round += 1
        if outcome is not None:  # a tie: the tie-breaker round is dealt to the tied players only
            self.tiebreak = True
            self.active = [s for s, p in enumerate(self.names) if p in outcome.players]
            self.tiebreaker = {"players": list(outcome.players), "winner": None}
            self._event(None, "tie")
        self._deal(None)

    def _win_tiebreaker(self, seat: int) -> None:
        assert self.tiebreaker is not None, "only a tie-breaker round is won this way"
        self.sheet.record_tiebreaker(self.names[seat])
        self._standings = None
        self.tiebreaker = {"players": self.tiebreaker["players"], "winner": self.names[seat]}
        outcome = self.sheet.outcome
        assert outcome is not None, "a recorded tie-breaker decides the game"
        self._finish(outcome)

    def _finish(self, outcome: Outcome) -> None:
        self.status = "finished"
        self.turn = None
        self._event(None, "game_over", {"winner": outcome.winner, "rule": outcome.rule.value})

    def _event(self, seat: int | None, kind: str, data: Mapping[str, Any] | None = None) -> None:
        """Log an event as data (worded when shown: :mod:`app.games.phase10.engine.log`)."""
        self.seq += 1
        if not self.record_log:
            return
        event = {"seq": self.seq, "round": self.round, "seat": seat, "type": kind}
        if data:
            event.update(data)
        self.log.append(event)
        if len(self.log) > LOG_KEEP + 50:
            del self.log[: len(self.log) - LOG_KEEP]

    # --- views, and storage (in :mod:`.storage`) -----------------------------------------------

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """What ``seat`` may see (API.md "Digital games", the state minus ``id`` and ``sheet``); ``None``
        is a spectator: no hands, no legal actions. Each seat carries ``phases_open``, the phases it may still
        lay down this round as :meth:`phases_open` says (public: it follows from the rules and the phases done),
        so the page never works them out again."""
        if seat is not None and (not is_int(seat) or not 0 <= seat < len(self.names)):
            raise IllegalActionError(_("There is no seat {seat} in this game.").format(seat=seat))
        standings = self.standings()
        seats = []
        for s, name in enumerate(self.names):
            entry: dict[str, Any] = {
                "name": name,
                "bot": self.bots[s],
                "cards": len(self.hands[s]),
                "score": standings[s].score,
                "phase": standings[s].phase,
                "phases_done": list(standings[s].phases_done),
                "playing": s in self.active,
                "laid_down_phase": self.completed[s],
                "phases_open": [phase.key for phase in self.phases_open(s)],
                "skipped": self.skipped[s],
                "laid": [_group_json(g) for g in self.laid[s]],
            }
            if seat == s:
                entry["hand"] = tokens(sorted(self.hands[s], key=sort_key))
            seats.append(entry)
        log = []
        for event in self.log[-VIEW_LOG:]:
            if event["type"] == "draw" and event.get("from") == "pile" and event["seat"] != seat:
                event = {k: v for k, v in event.items() if k != "card"}
            log.append(shown(event, self.names, self.sheet))
        outcome = self.outcome()
        return {
            "game": "phase10",
            "rules": self.rules.to_dict(),
            "status": self.status,
            "round": self.round,
            "tiebreaker_round": self.tiebreak,
            "dealer": self.dealer,
            "turn": self.turn,
            "stage": self.stage if self.status == "playing" else None,
            "discard_top": str(self.discard[-1]) if self.discard else None,
            "draw_pile": len(self.draw_pile),
            "pending": None,
            "seats": seats,
            "legal": [a.to_json() for a in self.legal_actions(seat)],
            "log": log,
            "winner": outcome.winner if outcome else None,
            "outcome": outcome.to_json() if outcome else None,
            "tiebreaker": self.tiebreaker,
        }

    def to_json(self) -> dict[str, Any]:
        """The whole state as JSON (RNG states included, so a resumed game continues identically): :mod:`.storage`."""
        from . import storage

        return storage.to_json(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Game:
        """A game from :meth:`to_json`'s object (:mod:`.storage`); raises :class:`RulesError` when it is not one."""
        from . import storage

        return storage.from_json(data, cls)

    def all_cards(self) -> list[Card]:
        """Every card on the table (draw pile, discard pile, hands, laid-down groups): for invariant checks."""
        cards = list(self.draw_pile) + list(self.discard)
        for hand in self.hands:
            cards.extend(hand)
        for groups in self.laid:
            for group in groups:
                cards.extend(group.cards)
        return cards


# --- helpers --------------------------------------------------------------------------------------


def check_seats(seats: Any) -> tuple[tuple[str, ...], tuple[str | None, ...]]:
    """The names and bots of the seats (clockwise), checked against the player limits and the bot names."""
    return parse_seats(seats, BOT_NAMES, MIN_PLAYERS, MAX_PLAYERS)


def _stacked_order(tokens: Any, rng: random.Random) -> list[Card]:
    """The whole deck with ``tokens`` first (a colourless number taking a free card of that number)."""
    if isinstance(tokens, str) or not isinstance(tokens, (list, tuple)):
        raise NotationError(_("The deck must be a list of card tokens."))
    listed = [Card.parse(t) if isinstance(t, str) else bad_token(t) for t in tokens]
    check_fits_deck(listed)
    if len(listed) > len(DECK):
        raise DeckError(
            _("The deck has only {limit} cards, but {count} were given.").format(limit=len(DECK), count=len(listed))
        )
    free = Counter(DECK)
    for card in listed:
        if card.kind is not Kind.NUMBER or card.color:
            free[card] -= 1
    order = []
    for card in listed:
        if card.kind is Kind.NUMBER and not card.color:
            color = next(c for c in COLORS if free[Card(Kind.NUMBER, card.number, c)] > 0)
            card = Card(Kind.NUMBER, card.number, color)
            free[card] -= 1
        order.append(card)
    rest = [card for card, count in free.items() for _ in range(count)]
    rng.shuffle(rest)
    return order + rest


def _group_json(group: LaidGroup) -> dict[str, Any]:
    return group.to_json()
