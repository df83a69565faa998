"""The digital UNO game: a state machine that deals, checks and applies actions, and scores hands.

A :class:`UnoGame` answers questions about itself (:meth:`UnoGame.legal_actions`,
:meth:`UnoGame.view`, :meth:`UnoGame.outcome`) and changes only through :meth:`UnoGame.apply`,
which takes an action in the JSON form of API.md and either applies it whole or raises an
:class:`~app.engine.errors.IllegalActionError` that says why, leaving the state untouched.

Inside, a card is a small integer (``colour * 13 + rank`` for coloured cards, 52 a Wild, 53 a
Wild Draw Four) and an action a tuple ``(kind, cards, colour, arg)``; the simulator and the bots
use that internal form through :meth:`UnoGame.step` and :meth:`UnoGame.internal_legal` to stay
fast, but every rule lives in the one :meth:`UnoGame._execute` that the web's actions reach too.
The stored form (:meth:`UnoGame.to_json`, :meth:`UnoGame.from_json`) is :mod:`.storage`'s.

Decisions where RULES.md leaves room (documented here and in the docs):

- **Multiples.** Exactly two identical cards may be played together, as RULES.md says; never three
  or four (which only Wilds and Wild Draw Fours could make).
- **UNO calls after an exchange.** A 7 under ``seven_o`` resets the UNO call of the two seats that
  swap hands only; a 0 resets everyone's. A seat left with one card by an exchange must call anew and
  may be caught by people at once, as the rules say ("before the next player begins a turn"). Bots,
  though, do not catch such a seat until it has had a chance to act or call: every action it takes
  (a call, a catch, a play, a draw) ends that grace, and so does the next turn, which closes the catch
  window anyway. The exchange happens inside another player's action, so without the grace a bot
  would always catch a person before the person's device could show the new hand (and a bot seated
  earlier in the order would catch a bot before it could call). :attr:`UnoGame.exchanged` holds the
  seats in their grace; it is stored with the game.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from app.engine.common import check_seed, is_int
from app.engine.errors import DeckError, GameOverError, IllegalActionError, NotationError, NotYourTurnError, RulesError
from app.engine.i18n import _, ngettext, number
from app.engine.options import RuleSet
from app.engine.outcome import DecidingRule, Outcome
from app.engine.players import BOT_NAMES, join_names, parse_seats

from .actions import (
    ACCEPT,
    ACCEPT_ACTION,
    CATCH,
    CHALLENGE,
    CHALLENGE_ACTION,
    COLOR,
    COLOR_ACTIONS,
    DRAW,
    DRAW_ACTION,
    MULTIPLE,
    OUT_OF_TURN,
    PASS,
    PASS_ACTION,
    PLAY,
    UNO,
    UNO_ACTION,
    Action,
    Move,
)
from .cards import COLORS, Card, check_fits_deck
from .deck import (
    CARD_ID,
    CARD_OF,
    COLOR_OF,
    DECK_IDS,
    DRAW_TWO_RANK,
    HAND_SIZE,
    RANK_OF,
    REVERSE_RANK,
    SKIP_RANK,
    TOKEN,
    WILD,
    WILD_FOUR,
    WILD_FOUR_RANK,
    card_name,
    color_name,
    shuffle,
)
from .log import describe
from .rounds import Result, RoundEntry
from .rules import DEFAULT_RULES, make_rules
from .sheet import MAX_PLAYERS, MIN_PLAYERS, Sheet

LAST_ROUND = DecidingRule.LAST_ROUND
PLAYING, FINISHED = "playing", "finished"
HANDS_PLAYED = "hands_played"
"""The ``termination`` of a game the simulator stopped after ``max_hands`` hands."""
LOG_VIEW = 50
"""How many of the latest log events :meth:`UnoGame.view` shows."""
LOG_KEEP = 200
"""How many log events a game keeps (older ones are dropped; ``seq`` keeps counting)."""


class UnoGame:
    """A digital UNO game from the first deal to the winner.

    ``seats`` lists the players clockwise, each ``{"name": ..., "bot": None | "random" | "smart"}``
    (or a plain name). ``rules`` is a RuleSet (``rules.make_rules``) or a JSON object of table rules.
    ``seed`` fixes every shuffle (``None``: a random seed, recorded). ``deck`` optionally fixes the top of the first hand's deck (API.md).
    The last seat deals the first hand, so seat 0 plays first; the deal passes to the next seat each hand.

    ``log=False`` keeps no event log (the simulator's fast path). ``first_dealer`` and ``max_hands``
    serve the simulator's ``hands`` mode: who deals the first hand, and a number of hands after
    which the game stops.
    """

    def __init__(
        self,
        seats: Sequence[Mapping[str, Any] | str],
        rules: Mapping[str, Any] | RuleSet | None = None,
        seed: int | None = None,
        deck: Sequence[str] | None = None,
        *,
        log: bool = True,
        first_dealer: int | None = None,
        max_hands: int | None = None,
    ) -> None:
        self._set_seats(seats)
        self._set_rules(rules)
        self.seed = seed = check_seed(seed)
        self.rng = random.Random(seed)
        self.bot_rng = random.Random(seed ^ 0x5EED_B075)
        self.logging = log
        self.max_hands = max_hands
        self.log: list[dict[str, Any]] = []
        self._seq = 0
        self._sheet: Sheet | None = Sheet(self.rules, self.names)
        self.scores = [0] * self.n
        self.finished_rounds: list[dict[str, Any]] = []
        self.status = PLAYING
        self.winner: int | None = None
        self.termination: str | None = None
        self.round = 1
        self.dealer = (self.n - 1) if first_dealer is None else first_dealer % self.n
        self.turns = 0
        self.challenges_tried = 0
        self.challenges_won = 0
        self.last_hand: dict[str, Any] | None = None
        order = None
        if deck is not None:
            order = self._fixed_deck(deck)
        self._start_hand(order)

    # --- set-up -----------------------------------------------------------------------------------

    def _set_seats(self, seats: Any) -> None:
        self.names, self.bots = parse_seats(seats, BOT_NAMES, MIN_PLAYERS, MAX_PLAYERS)
        self.n = len(self.names)

    def _set_rules(self, given: Mapping[str, Any] | RuleSet | None) -> None:
        if given is None:
            rules = DEFAULT_RULES
        elif isinstance(given, RuleSet):
            rules = given
        else:
            rules = make_rules(given)
        if rules["newer_wilds"]:
            raise RulesError(
                _("The digital game deals the classic 108-card deck: newer_wilds is for score sheets only.")
            )
        self.rules = rules
        self.stacking = rules["stacking"]
        self.seven_o = rules["seven_o"]
        self.jump_in = rules["jump_in"]
        self.multiples = rules["multiples"]
        self.draw_until_playable = rules["draw_until_playable"]
        self.first_wild_choose = rules["first_wild"] == "choose"
        self.lowest_wins = rules["scoring"] == "lowest_wins"
        self.target = rules["target"]

    def _fixed_deck(self, deck: Sequence[str]) -> list[int]:
        if isinstance(deck, str) or not isinstance(deck, Sequence):
            raise DeckError(_("The deck must be a list of card tokens."))
        try:
            cards = [Card.parse(t) if isinstance(t, str) else Card.parse(str(t)) for t in deck]
        except NotationError as error:
            raise DeckError(str(error)) from None
        check_fits_deck(cards)
        listed = [CARD_ID[c] for c in cards]
        rest = list(DECK_IDS)
        for c in listed:
            rest.remove(c)
        shuffle(self.rng, rest)
        return listed + rest

    def _start_hand(self, order: list[int] | None = None) -> None:
        """Deal a hand: 7 cards each, one at a time from the dealer's left, then turn the first discard."""
        n = self.n
        if order is None:
            order = list(DECK_IDS)
            shuffle(self.rng, order)
        first = (self.dealer + 1) % n
        hands: list[list[int]] = [[] for _ in range(n)]
        pos = 0
        for _round in range(HAND_SIZE):
            for k in range(n):
                hands[(first + k) % n].append(order[pos])
                pos += 1
        self.hands = hands
        self.discard = [order[pos]]
        self.draw = order[pos + 1 :]
        self.draw.reverse()  # the top of the draw pile is the end of the list
        self.direction = 1
        self.pending: dict[str, Any] | None = None
        self.uno = [False] * n
        self.catchable: list[int] = []
        self.exchanged: list[int] = []
        self.hand_turns = 0
        self._log("deal", self.dealer, card=TOKEN[self.discard[-1]])
        rng = self.rng
        while True:
            top = self.discard[-1]
            if top == WILD_FOUR or (top == WILD and not self.first_wild_choose):
                self.draw.append(self.discard.pop())
                shuffle(rng, self.draw)
                self.discard.append(self.draw.pop())
                self._log("return", None, card=TOKEN[top], new=TOKEN[self.discard[-1]])
                continue
            break
        rank = RANK_OF[top]
        self.color = COLOR_OF[top]
        self.turn: int | None = first
        if top == WILD:
            self.pending = {"type": COLOR, "seat": first}
        elif rank == SKIP_RANK:
            self.turn = (first + 1) % n
            self._log("skipped", first)
        elif rank == REVERSE_RANK:
            self.direction = -1
            self.turn = self.dealer
        elif rank == DRAW_TWO_RANK:
            self._draw_cards(first, 2, "draw_two")
            self.turn = (first + 1) % n
            self._log("skipped", first)

    # --- small helpers ----------------------------------------------------------------------------

    def _log(
        self, kind: str, seat: int | None, secret: dict | None = None, to: Sequence[int] = (), **data: Any
    ) -> None:
        if not self.logging:
            return
        self._seq += 1
        entry = {"seq": self._seq, "round": self.round, "seat": seat, "type": kind, **data}
        if secret:
            entry["secret"] = secret
            entry["to"] = list(to)
        self.log.append(entry)
        if len(self.log) > LOG_KEEP + 50:
            del self.log[: len(self.log) - LOG_KEEP]

    def _draw_cards(self, seat: int, count: int, reason: str) -> list[int]:
        """Move up to ``count`` cards from the draw pile to a hand, reshuffling the discard pile when needed."""
        hand = self.hands[seat]
        draw = self.draw
        got = []
        for _i in range(count):
            if not draw:
                if not self._reshuffle():
                    break
                draw = self.draw
            card = draw.pop()
            hand.append(card)
            got.append(card)
        if got:
            self.uno[seat] = False
            self._not_catchable(seat)
            if self.logging:
                self._log(
                    "draw", seat, secret={"cards": [TOKEN[c] for c in got]}, to=(seat,), count=len(got), reason=reason
                )
        return got

    def _not_catchable(self, seat: int) -> None:
        if seat in self.catchable:
            self.catchable.remove(seat)
            if seat in self.exchanged:
                self.exchanged.remove(seat)

    def _close_catch_window(self) -> None:
        self.catchable.clear()
        self.exchanged.clear()

    def _reshuffle(self) -> bool:
        if len(self.discard) <= 1:
            return False
        top = self.discard.pop()
        self.draw = self.discard
        shuffle(self.rng, self.draw)
        self.discard = [top]
        self._log("reshuffle", None, count=len(self.draw))
        return True

    def _playable(self, card: int) -> bool:
        return card >= 52 or COLOR_OF[card] == self.color or RANK_OF[card] == RANK_OF[self.discard[-1]]

    def _next(self, seat: int, steps: int = 1) -> int:
        return (seat + self.direction * steps) % self.n

    def wild_four_is_legal(self, seat: int) -> bool:
        """Whether ``seat`` may play a Wild Draw Four without bluffing (holds no card of the current colour)."""
        color = self.color
        return not any(COLOR_OF[c] == color for c in self.hands[seat])

    # --- legal actions ----------------------------------------------------------------------------

    def internal_legal(self, seat: int) -> list[tuple]:
        """Every action ``seat`` may take now, as internal tuples (without the optional UNO flag)."""
        if self.status != PLAYING:
            return []
        hand = self.hands[seat]
        if seat == self.turn:
            out = self._turn_actions(seat)
        else:
            out = []
            if self.jump_in and self.pending is None:
                top = self.discard[-1]
                if top < 52 and top in hand:
                    self._add_plays(out, seat, (top,), len(hand))
        if len(hand) == 1 and not self.uno[seat]:
            out.append(UNO_ACTION)
        for target in self.catchable:
            if target != seat:
                out.append((CATCH, (), -1, target))
        return out

    def _turn_actions(self, seat: int) -> list[tuple]:
        hand = self.hands[seat]
        pending = self.pending
        out: list[tuple] = []
        if pending is None:
            counts: dict[int, int] = {}
            color = self.color
            top_rank = RANK_OF[self.discard[-1]]
            for c in hand:
                if c >= 52 or COLOR_OF[c] == color or RANK_OF[c] == top_rank:
                    counts[c] = counts.get(c, 0) + 1
            for c, k in counts.items():
                for m in range(1, min(k, MULTIPLE if self.multiples else 1) + 1):
                    self._add_plays(out, seat, (c,) * m, len(hand))
            out.append(DRAW_ACTION)
            return out
        kind = pending["type"]
        if kind == COLOR:
            return list(COLOR_ACTIONS)
        if kind == "drawn":
            self._add_plays(out, seat, (pending["card"],), len(hand))
            out.append(PASS_ACTION)
            return out
        wanted = DRAW_TWO_RANK if kind == "draw_two" else WILD_FOUR_RANK
        if self.stacking:
            counts = {}
            for c in hand:
                if RANK_OF[c] == wanted:
                    counts[c] = counts.get(c, 0) + 1
            for c, k in counts.items():
                for m in range(1, min(k, MULTIPLE if self.multiples else 1) + 1):
                    self._add_plays(out, seat, (c,) * m, len(hand))
        if kind == "draw_two":
            out.append(DRAW_ACTION)
        else:
            out.append(CHALLENGE_ACTION)
            out.append(ACCEPT_ACTION)
        return out

    def _add_plays(self, out: list, seat: int, cards: tuple[int, ...], hand_size: int) -> None:
        card = cards[0]
        if card >= 52:
            for color in range(4):
                out.append((PLAY, cards, color, -1))
        elif self.seven_o and RANK_OF[card] == 7 and hand_size > len(cards):
            out.append((PLAY, cards, -1, -1))
            for other in range(self.n):
                if other != seat:
                    out.append((PLAY, cards, -1, other))
        else:
            out.append((PLAY, cards, -1, -1))

    def legal_actions(self, seat: int) -> list[Move]:
        """Every move ``seat`` may make now, as values :meth:`apply` accepts (their JSON form: :meth:`Move.to_json`);
        a play that leaves one card appears both plain and with the UNO call."""
        self._check_seat(seat)
        out = []
        hand_size = len(self.hands[seat])
        for action in self.internal_legal(seat):
            move = Move.of(action)
            out.append(move)
            if action[0] == PLAY and hand_size - len(action[1]) == 1:
                out.append(move._replace(uno=True))
        return out

    # --- applying actions -------------------------------------------------------------------------

    def apply(self, seat: int, action: Move | Action | Mapping[str, Any]) -> None:
        """Apply ``action`` by ``seat``: a :class:`Move` (as :meth:`legal_actions` and the bots give), an
        :class:`Action` (a move without the UNO call), or the JSON form of API.md.

        Raises a precise :class:`IllegalActionError` (``NotYourTurnError``, ``GameOverError``) and changes
        nothing when the action is not allowed.
        """
        if self.status != PLAYING:
            raise GameOverError(_("The game is over; no more actions can be taken."))
        self._check_seat(seat)
        if isinstance(action, Action):
            action = Move(action)
        # A value is read back from its JSON form, so that it is checked exactly as a sent action is.
        data = action.to_json() if isinstance(action, Move) else action
        key, uno = Action.from_json(data, seats=self.n, multiples=self.multiples, seven_o=self.seven_o)
        if key not in self.internal_legal(seat):
            raise self._why_illegal(seat, key)
        self._execute(seat, key, uno)

    def step(self, seat: int, action: tuple, uno: bool = False) -> None:
        """Apply an internal action known to be legal (bots and the simulator): no checks, same rules."""
        self._execute(seat, action, uno)

    def _check_seat(self, seat: Any) -> None:
        if not is_int(seat) or not 0 <= seat < self.n:
            raise IllegalActionError(_("The seat must be a number from 0 to {last}.").format(last=self.n - 1))

    def _why_illegal(self, seat: int, key: tuple) -> IllegalActionError:
        """The reason an action is not legal, as the precise error to raise."""
        kind, cards, _color, arg = key
        hand = self.hands[seat]
        names = self.names
        if kind == UNO:
            if len(hand) != 1:
                return IllegalActionError(_("You can call UNO only when you hold one card."))
            return IllegalActionError(_("You have already called UNO."))
        if kind == CATCH:
            if arg == seat:
                return IllegalActionError(_("You cannot catch yourself."))
            return IllegalActionError(
                _(
                    "{name} cannot be caught now: only a player left with one card who did not call UNO can be caught, "
                    "before the next player begins a turn."
                ).format(name=names[arg])
            )
        turn = self.turn
        assert turn is not None, "an action is checked only while the game is playing"
        if kind == PLAY and seat != self.turn and self.jump_in:
            top = self.discard[-1]
            if self.pending is not None:
                return NotYourTurnError(
                    _("You cannot jump in while {name} must finish a step.").format(name=names[turn])
                )
            if cards[0] != top or len(cards) > 1:
                return NotYourTurnError(
                    _(
                        "It is {name}'s turn; out of turn you may only jump in with a card identical to the {card}."
                    ).format(name=names[turn], card=card_name(top))
                )
        if seat != self.turn:
            return NotYourTurnError(_("It is {name}'s turn, not yours.").format(name=names[turn]))
        if kind == PLAY:
            for card in set(cards):
                if hand.count(card) < cards.count(card):
                    return IllegalActionError(
                        _("You do not hold the {card}.").format(card=card_name(card))
                        if len(cards) == 1
                        else _("You do not hold {count} of the {card}.").format(count=len(cards), card=card_name(card))
                    )
            if arg >= 0:
                if arg == seat:
                    return IllegalActionError(_("Swap hands with another player, not yourself."))
                if len(hand) == len(cards):
                    return IllegalActionError(_("Your last card ends the hand; there is nothing to swap."))
        pending = self.pending
        if pending is not None:
            ptype = pending["type"]
            if ptype == COLOR:
                return IllegalActionError(_("First name the colour of the Wild turned up: R, Y, G or B."))
            if ptype == "drawn":
                if kind == PLAY:
                    return IllegalActionError(
                        _("After drawing you may only play the card you drew ({card}) or pass.").format(
                            card=card_name(pending["card"])
                        )
                    )
                return IllegalActionError(_("Play the card you drew or pass."))
            if ptype == "draw_two":
                if kind == PLAY:
                    return IllegalActionError(
                        _("Only a Draw Two can be stacked on a Draw Two; otherwise draw {amount}.").format(
                            amount=pending["amount"]
                        )
                    )
                return IllegalActionError(
                    _("You must draw {amount} cards (or stack a Draw Two).").format(amount=pending["amount"])
                )
            if kind == PLAY:
                if self.stacking:
                    return IllegalActionError(_("Only a Wild Draw Four can be stacked on a Wild Draw Four."))
                return IllegalActionError(_("Challenge or accept the Wild Draw Four first."))
            return IllegalActionError(_("Challenge or accept the Wild Draw Four first."))
        if kind == COLOR:
            return IllegalActionError(
                _("There is no Wild to name a colour for; name a Wild's colour when you play it.")
            )
        if kind == PASS:
            return IllegalActionError(_("You can pass only after drawing a card you could play."))
        if kind in (CHALLENGE, ACCEPT):
            return IllegalActionError(_("There is no Wild Draw Four to challenge or accept."))
        if kind == PLAY:
            card = cards[0]
            if not self._playable(card):
                return IllegalActionError(
                    _(
                        "The {card} does not match the {top}: play the colour {color}, the same number or symbol, "
                        "or a Wild."
                    ).format(card=card_name(card), top=card_name(self.discard[-1]), color=color_name(self.color))
                )
        return IllegalActionError(_("That action is not allowed now."))

    def _execute(self, seat: int, action: tuple, uno: bool) -> None:
        kind = action[0]
        if seat in self.exchanged:
            self.exchanged.remove(seat)  # it has had its chance to call UNO (see the module docstring)
        if kind not in OUT_OF_TURN:
            self._close_catch_window()  # a turn begins (or goes on): nobody can be caught any more
        if kind == PLAY:
            self._play(seat, action[1], action[2], action[3], uno)
        elif kind == DRAW:
            pending = self.pending
            if pending is not None:  # the stacked Draw Two penalty
                self.pending = None
                self._draw_cards(seat, pending["amount"], "draw_two")
                self.turn = self._next(seat)
                return
            self.turns += 1
            self.hand_turns += 1
            tries = 10 if self.draw_until_playable else 1
            for _i in range(tries):
                got = self._draw_cards(seat, 1, "draw")
                if got and self._playable(got[0]):
                    self.pending = {"type": "drawn", "seat": seat, "card": got[0]}
                    return
                if not got:
                    break
            self.turn = self._next(seat)
        elif kind == PASS:
            self.pending = None
            self._log("pass", seat)
            self.turn = self._next(seat)
        elif kind == UNO:
            self.uno[seat] = True
            self._not_catchable(seat)
            self._log("uno", seat)
        elif kind == CATCH:
            target = action[3]
            self._not_catchable(target)
            self._log("catch", seat, target=target)
            self._draw_cards(target, 2, "caught")
        elif kind == ACCEPT:
            pending = self._pending_challenge()
            self.pending = None
            self._log("accept", seat)
            self._draw_cards(seat, pending["amount"], "wild_draw_four")
            self.turn = self._next(seat)
        elif kind == CHALLENGE:
            pending = self._pending_challenge()
            self.pending = None
            self.challenges_tried += 1
            by = pending["by"]
            shown = [TOKEN[c] for c in self.hands[by]]
            if pending["bluff"]:
                self.challenges_won += 1
                self._log("challenge", seat, secret={"hand": shown}, to=(seat,), by=by, succeeded=True)
                self._draw_cards(by, pending["amount"], "challenge")
            else:
                self._log("challenge", seat, secret={"hand": shown}, to=(seat,), by=by, succeeded=False)
                self._draw_cards(seat, pending["amount"] + 2, "challenge")
                self.turn = self._next(seat)
        elif kind == COLOR:
            self.pending = None
            self.color = action[2]
            self._log("color", seat, color=COLORS[action[2]])
        else:  # pragma: no cover - internal actions come from internal_legal
            raise IllegalActionError(_("That action is not allowed now."))

    def _play(self, seat: int, cards: tuple[int, ...], color: int, swap: int, uno: bool) -> None:
        hand = self.hands[seat]
        for c in cards:
            hand.remove(c)
        self.discard.extend(cards)
        card = cards[0]
        m = len(cards)
        pending = self.pending
        self.pending = None
        jumped = seat != self.turn
        self.turn = seat
        if pending is None or pending["type"] != "drawn":  # a drawn card's play belongs to the draw's turn
            self.turns += 1
            self.hand_turns += 1
        rank = RANK_OF[card]
        previous_color = self.color
        self.color = color if card >= 52 else COLOR_OF[card]
        if self.logging:
            extra: dict[str, Any] = {}
            if card >= 52:
                extra["color"] = COLORS[color]
            if jumped:
                extra["jump_in"] = True
            if uno and len(hand) == 1:
                extra["uno"] = True
            self._log(
                "play",
                seat,
                cards=[TOKEN[c] for c in cards],
                **extra,
            )
        stacked = pending["amount"] if pending is not None and pending["type"] in ("draw_two", "wild_draw_four") else 0
        n = self.n
        if not hand:
            if rank in (DRAW_TWO_RANK, WILD_FOUR_RANK):
                victim = self._next(seat)
                amount = stacked + (2 if rank == DRAW_TWO_RANK else 4) * m
                self._draw_cards(victim, amount, "draw_two" if rank == DRAW_TWO_RANK else "wild_draw_four")
            self._end_hand(seat)
            return
        if len(hand) == 1:
            self.uno[seat] = uno
            if not uno:
                self.catchable.append(seat)
        if rank < 10:
            if self.seven_o and (rank == 7 or rank == 0):
                if rank == 7:
                    if swap >= 0:
                        self._swap(seat, swap)
                else:
                    self._rotate()
            self.turn = (seat + self.direction) % n
        elif rank == SKIP_RANK:
            self.turn = (seat + self.direction * (1 + m)) % n
        elif rank == REVERSE_RANK:
            if m % 2:
                self.direction = -self.direction
            self.turn = (seat + self.direction * ((1 + m) if n == 2 else 1)) % n
        elif rank == DRAW_TWO_RANK:
            victim = (seat + self.direction) % n
            amount = stacked + 2 * m
            if self.stacking:
                self.pending = {"type": "draw_two", "seat": victim, "amount": amount}
                self.turn = victim
            else:
                self._draw_cards(victim, amount, "draw_two")
                self.turn = (victim + self.direction) % n
        elif rank == WILD_FOUR_RANK:
            victim = (seat + self.direction) % n
            bluff = any(COLOR_OF[c] == previous_color for c in hand)
            self.pending = {
                "type": "wild_draw_four",
                "seat": victim,
                "amount": stacked + 4 * m,
                "by": seat,
                "bluff": bluff,
                "before": previous_color,
            }
            self.turn = victim
        else:  # a plain Wild
            self.turn = (seat + self.direction) % n

    def _swap(self, seat: int, other: int) -> None:
        hands = self.hands
        hands[seat], hands[other] = hands[other], hands[seat]
        self._log("swap", seat, target=other)
        self._after_exchange((seat, other))

    def _rotate(self) -> None:
        hands = self.hands
        if self.direction == 1:
            hands.insert(0, hands.pop())  # each hand passes to the next seat clockwise
        else:
            hands.append(hands.pop(0))
        self._log("rotate", None, direction=self.direction)
        self._after_exchange(range(self.n))

    def _after_exchange(self, seats: Sequence[int]) -> None:
        """Hands moved between ``seats``: each of them must call UNO anew, and whoever of them now holds one
        card may be caught (by bots only after a chance to call: see the module docstring)."""
        hands = self.hands
        for s in seats:
            self.uno[s] = False
            self._not_catchable(s)
            if len(hands[s]) == 1:
                self.catchable.append(s)
                self.exchanged.append(s)

    # --- end of a hand and of the game ------------------------------------------------------------

    def _end_hand(self, winner: int) -> None:
        """Record the hand in the game's score sheet, which scores it and says whether the game is over."""
        names = self.names
        hands = self.hands
        entry = RoundEntry(
            names[winner],
            tuple(Result(names[s], tuple(CARD_OF[c] for c in hands[s])) for s in range(self.n) if s != winner),
        )
        scored = self.sheet.add_round(entry)
        self._read_scores()
        total = sum(result.points for result in scored.results)
        results = [{"player": names[s], "cards": [TOKEN[c] for c in hands[s]]} for s in range(self.n) if s != winner]
        self.finished_rounds.append({"round": self.round, "went_out": names[winner], "results": results})
        self.last_hand = {"round": self.round, "winner": winner, "points": total, "turns": self.hand_turns}
        self._close_catch_window()
        self.pending = None
        if self.logging:
            hand_points = [0] * self.n
            for result in scored.results:
                hand_points[names.index(result.player)] = result.points
            self._log("hand_end", winner, points=total, scores=list(self.scores), hand_points=hand_points)
        outcome = self.sheet.outcome
        if outcome is not None:
            assert outcome.winner is not None, "UNO has no tie-breaker: a tied lowest total plays on"
            termination = "reached_target" if outcome.rule is DecidingRule.REACHED_TARGET else "lowest_total"
            self._finish(names.index(outcome.winner), termination)
            return
        scores = self.scores
        if self.max_hands is not None and len(self.finished_rounds) >= self.max_hands:
            best = min(scores) if self.lowest_wins else max(scores)
            self._finish(scores.index(best) if scores.count(best) == 1 else None, HANDS_PLAYED)
            return
        self.round += 1
        self.dealer = (self.dealer + 1) % self.n
        self._start_hand()

    @property
    def sheet(self) -> Sheet:
        """The score sheet of the hands played (a stored game rebuilds it from its finished hands on first use,
        so loading a game to let the bots move costs no replay)."""
        if self._sheet is None:
            self._sheet = Sheet.replay(self.rules, self.names, self.finished_rounds)
        return self._sheet

    def _read_scores(self) -> None:
        """Each seat's total, as the score sheet has it (the bots and the views read ``scores`` by seat)."""
        totals = self.sheet.totals
        self.scores = [totals[name] for name in self.names]

    def _pending_challenge(self) -> dict[str, Any]:
        """The pending Wild Draw Four that ``accept`` and ``challenge`` answer (legal only while there is one)."""
        pending = self.pending
        assert pending is not None, "accept and challenge are legal only while a Wild Draw Four is pending"
        return pending

    def _finish(self, winner: int | None, termination: str) -> None:
        self.status = FINISHED
        self.winner = winner
        self.termination = termination
        self.turn = None
        self._log("game_end", winner, reason=termination)

    def outcome(self) -> Outcome | None:
        """``None`` while playing; then the winner and the rule that decided it, as Phase 10's game answers
        (:class:`~app.engine.outcome.Outcome`): the score sheet's ``target`` (winner_takes) or ``lowest_total``
        (lowest_wins), or ``rounds`` when the simulator stopped after ``max_hands`` hands (the best total wins;
        on equal best totals a tie, its ``players`` the tied players). ``termination`` keeps the stored word."""
        if self.status != FINISHED:
            return None
        if self.termination != HANDS_PLAYED:
            outcome = self.sheet.outcome
            assert outcome is not None, "a game the score sheet ended has the sheet's outcome"
            return outcome
        return self._hands_played_outcome()

    def _hands_played_outcome(self) -> Outcome:
        """The outcome of a game stopped after ``max_hands`` hands (the simulator's ``hands`` mode)."""
        scores = self.scores
        best = min(scores) if self.lowest_wins else max(scores)
        leaders = tuple(name for name, score in zip(self.names, scores, strict=True) if score == best)
        hands = len(self.finished_rounds)
        why = ngettext(
            "The game was set to end after {rounds} round.", "The game was set to end after {rounds} rounds.", hands
        ).format(rounds=number(hands))
        if len(leaders) > 1:
            verdict = (
                _("{players} share the lowest total, {total}: a tie.")
                if self.lowest_wins
                else _("{players} share the highest total, {total}: a tie.")
            )
            return Outcome(
                LAST_ROUND, None, leaders, f"{why} {verdict.format(players=join_names(leaders), total=number(best))}"
            )
        verdict = (
            _("{winner} has the lowest total, {total}.")
            if self.lowest_wins
            else _("{winner} has the highest total, {total}.")
        )
        return Outcome(
            LAST_ROUND, leaders[0], self.names, f"{why} {verdict.format(winner=leaders[0], total=number(best))}"
        )

    # --- views ------------------------------------------------------------------------------------

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """What ``seat`` may see (its own hand and legal actions), or a spectator's view for ``None``."""
        if seat is not None:
            self._check_seat(seat)
        pending = None
        if self.pending is not None:
            p = self.pending
            pending = {"type": p["type"], "seat": p["seat"]}
            if p["type"] == "drawn" and seat == p["seat"]:
                pending["card"] = TOKEN[p["card"]]
            if "amount" in p:
                pending["amount"] = p["amount"]
            if "by" in p:
                pending["by"] = p["by"]
        seats = []
        for s in range(self.n):
            entry: dict[str, Any] = {
                "name": self.names[s],
                "bot": self.bots[s],
                "cards": len(self.hands[s]),
                "score": self.scores[s],
                "uno": self.uno[s],
            }
            if s == seat:
                entry["hand"] = [TOKEN[c] for c in self.hands[s]]
            seats.append(entry)
        return {
            "game": "uno",
            "rules": self.rules.to_dict(),
            "status": self.status,
            "round": self.round,
            "dealer": self.dealer,
            "turn": self.turn,
            "direction": self.direction,
            "color": COLORS[self.color] if self.color >= 0 else None,
            "discard_top": TOKEN[self.discard[-1]],
            "draw_pile": len(self.draw),
            "pending": pending,
            "seats": seats,
            "legal": [] if seat is None else [move.to_json() for move in self.legal_actions(seat)],
            "log": [self._log_view(e, seat) for e in self.log[-LOG_VIEW:]],
            "winner": None if self.winner is None else self.names[self.winner],
        }

    def _log_view(self, entry: dict[str, Any], seat: int | None) -> dict[str, Any]:
        out = {k: v for k, v in entry.items() if k not in ("secret", "to")}
        if "secret" in entry and seat in entry["to"]:
            out.update(entry["secret"])
        out["text"] = describe(out, self.names)
        return out

    # --- storage (in :mod:`.storage`) -------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """The whole state as JSON-ready data (:func:`.storage.to_json`); :meth:`from_json` restores it."""
        from . import storage

        return storage.to_json(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> UnoGame:
        """Rebuild a game saved by :meth:`to_json` (:func:`.storage.from_json`); it continues exactly as the
        original would."""
        from . import storage

        return storage.from_json(data, cls)
