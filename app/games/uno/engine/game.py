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

What UNO shares with the games built on it (UNO Flip) — turns, direction, deal, drawing and passing, the UNO call
and catch, the challenge of a Wild Draw Four, the end of a hand and of the game, the log, views and errors, and
:func:`~.core.run_bots` — is the turn core, :class:`~.core.UnoCore`; this module brings UNO's deck to it: the card
tables, the first card turned up, the legal plays under the table rules and the cards' effects.

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

from collections.abc import Mapping, Sequence
from typing import Any

from app.engine.errors import DeckError, IllegalActionError, NotationError, NotYourTurnError, RulesError
from app.engine.i18n import _
from app.engine.options import RuleSet
from app.engine.outcome import DecidingRule

from .actions import (
    ACCEPT_ACTION,
    CATCH,
    CHALLENGE_ACTION,
    COLOR,
    COLOR_ACTIONS,
    DRAW_ACTION,
    MULTIPLE,
    PASS_ACTION,
    PLAY,
    UNO_ACTION,
    Action,
    Move,
)
from .cards import COLORS, Card, check_fits_deck
from .core import FINISHED, HANDS_PLAYED, LOG_KEEP, LOG_VIEW, PLAYING, UnoCore
from .deck import (
    CARD_ID,
    CARD_OF,
    COLOR_OF,
    DECK_IDS,
    DRAW_TWO_RANK,
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

__all__ = ["FINISHED", "HANDS_PLAYED", "LAST_ROUND", "LOG_KEEP", "LOG_VIEW", "PLAYING", "TOKEN", "UnoGame", "card_name"]

LAST_ROUND = DecidingRule.LAST_ROUND


class UnoGame(UnoCore):
    """A digital UNO game from the first deal to the winner: the turn core (:class:`~.core.UnoCore`: seats,
    rules, seed, ``deck`` and the simulator's ``log``, ``first_dealer`` and ``max_hands``) on the classic
    108-card deck, with its table rules (stacking, Seven-O, jump-in, multiples, draw until playable)."""

    KIND = "uno"
    MIN_PLAYERS = MIN_PLAYERS
    MAX_PLAYERS = MAX_PLAYERS
    SHEET = Sheet
    DECK = DECK_IDS
    UNO_ACTION = UNO_ACTION

    # --- set-up -----------------------------------------------------------------------------------

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
        self.draw_tries = 10 if self.draw_until_playable else 1
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

    def _new_hand(self) -> None:
        self.exchanged: list[int] = []

    def _start_hand(self, order: list[int] | None = None) -> None:
        """Deal a hand (:meth:`~.core.UnoCore._deal`), then let the first discard act."""
        first = self._deal(order)
        while True:
            top = self.discard[-1]
            if top == WILD_FOUR or (top == WILD and not self.first_wild_choose):
                self._return_first()
                continue
            break
        rank = RANK_OF[top]
        self.color = COLOR_OF[top]
        self.turn = first
        if top == WILD:
            self.pending = {"type": COLOR, "seat": first}
        elif rank == SKIP_RANK:
            self.turn = (first + 1) % self.n
            self._log("skipped", first)
        elif rank == REVERSE_RANK:
            self.direction = -1
            self.turn = self.dealer
        elif rank == DRAW_TWO_RANK:
            self._draw_cards(first, 2, "draw_two")
            self.turn = (first + 1) % self.n
            self._log("skipped", first)

    # --- the deck's tables ------------------------------------------------------------------------

    def _token(self, card: int) -> str:
        return TOKEN[card]

    def _card_name(self, card: int) -> str:
        return card_name(card)

    def _color_letter(self, color: int) -> str:
        return COLORS[color]

    def _color_name(self, color: int) -> str:
        return color_name(color)

    def _describe(self, event: dict[str, Any]) -> str:
        return describe(event, self.names)

    def _playable(self, card: int) -> bool:
        return card >= 52 or COLOR_OF[card] == self.color or RANK_OF[card] == RANK_OF[self.discard[-1]]

    def wild_four_is_legal(self, seat: int) -> bool:
        """Whether ``seat`` may play a Wild Draw Four without bluffing (holds no card of the current colour)."""
        color = self.color
        return not any(COLOR_OF[c] == color for c in self.hands[seat])

    # --- the UNO call after an exchange (see the module docstring) ---------------------------------

    def _not_catchable(self, seat: int) -> None:
        if seat in self.catchable:
            self.catchable.remove(seat)
            if seat in self.exchanged:
                self.exchanged.remove(seat)

    def _close_catch_window(self) -> None:
        self.catchable.clear()
        self.exchanged.clear()

    # --- legal actions ----------------------------------------------------------------------------

    def _out_of_turn_actions(self, seat: int) -> list[tuple]:
        out: list[tuple] = []
        if self.jump_in and self.pending is None:
            hand = self.hands[seat]
            top = self.discard[-1]
            if top < 52 and top in hand:
                self._add_plays(out, seat, (top,), len(hand))
        return out

    def _catch_action(self, target: int) -> tuple:
        return (CATCH, (), -1, target)

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

    def _played(self, action: tuple) -> int:
        return len(action[1])

    def _played_card(self, seat: int, action: tuple) -> int:
        return int(action[1][0])

    def _move(self, action: tuple, uno: bool = False) -> Move:
        return Move.of(action, uno)

    def _move_json(self, move: Move) -> dict[str, Any]:
        return move.to_json()

    def _read_move(self, action: Move | Action | Mapping[str, Any]) -> tuple[tuple, bool]:
        if isinstance(action, Action):
            action = Move(action)
        data = action.to_json() if isinstance(action, Move) else action
        return Action.from_json(data, seats=self.n, multiples=self.multiples, seven_o=self.seven_o)

    # --- why an action is not legal ---------------------------------------------------------------

    def _why_out_of_turn(self, seat: int, action: tuple, turn: int) -> IllegalActionError:
        if action[0] == PLAY and self.jump_in:
            names = self.names
            cards = action[1]
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
        return super()._why_out_of_turn(seat, action, turn)

    def _why_play_refused(self, seat: int, action: tuple) -> IllegalActionError | None:
        cards, arg = action[1], action[3]
        hand = self.hands[seat]
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
        return None

    def _name_color_first(self) -> str:
        return _("First name the colour of the Wild turned up: R, Y, G or B.")

    def _nothing_to_challenge(self) -> str:
        return _("There is no Wild Draw Four to challenge or accept.")

    def _why_pending(self, seat: int, action: tuple, pending: Mapping[str, Any]) -> IllegalActionError:
        kind = action[0]
        if pending["type"] == "draw_two":
            if kind == PLAY:
                return IllegalActionError(
                    _("Only a Draw Two can be stacked on a Draw Two; otherwise draw {amount}.").format(
                        amount=pending["amount"]
                    )
                )
            return IllegalActionError(
                _("You must draw {amount} cards (or stack a Draw Two).").format(amount=pending["amount"])
            )
        if kind == PLAY and self.stacking:
            return IllegalActionError(_("Only a Wild Draw Four can be stacked on a Wild Draw Four."))
        return IllegalActionError(_("Challenge or accept the Wild Draw Four first."))

    # --- applying actions -------------------------------------------------------------------------

    def _execute(self, seat: int, action: tuple, uno: bool) -> None:
        if seat in self.exchanged:
            self.exchanged.remove(seat)  # it has had its chance to call UNO (see the module docstring)
        super()._execute(seat, action, uno)

    def _play(self, seat: int, action: tuple, uno: bool) -> None:
        cards, color, swap = action[1], action[2], action[3]
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
            self._left_one(seat, uno)
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

    # --- end of a hand and of views ---------------------------------------------------------------

    def _round_entry(self, winner: int) -> RoundEntry:
        names = self.names
        hands = self.hands
        return RoundEntry(
            names[winner],
            tuple(Result(names[s], tuple(CARD_OF[c] for c in hands[s])) for s in range(self.n) if s != winner),
        )

    def _view_cards(self, seat: int | None) -> dict[str, Any]:
        return {
            "color": COLORS[self.color] if self.color >= 0 else None,
            "discard_top": TOKEN[self.discard[-1]],
            "draw_pile": len(self.draw),
        }

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
