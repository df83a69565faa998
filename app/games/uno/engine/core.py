"""The turn core of the digital UNO games: the rules that are the same whatever deck is dealt.

:class:`UnoCore` holds what UNO (:class:`~.game.UnoGame`) and the games built on UNO (UNO Flip's
:class:`~app.games.uno_flip.engine.game.FlipGame`) play alike: the seats, whose turn it is and the direction,
the deal, drawing (reshuffling the discard pile when the draw pile runs out) and passing after a draw, the UNO
call and catching a missing one, the challenge of a wild draw card (a caught bluff makes its player draw the
penalty; a legal play makes the challenger draw it and 2 more and lose their turn), naming a colour, the end of
a hand in the game's score sheet and the end of the game, the event log, the views and the precise errors for
illegal actions; and :func:`run_bots`, which moves the bots until a person must act.

A game built on the core gives it its deck and its cards' effects through hooks: the card tables (``_token``,
``_card_name``, ``_color_letter``, ``_playable``), the first card turned up (``_start_hand`` after
:meth:`UnoCore._deal`), the actions a seat may take in its turn (``_turn_actions``), the effect of a play
(``_play``), an action's JSON form (``_read_move``, ``_move``), and the score sheet's entry for a hand
(``_round_entry``). A card is a small integer, an index into the game's own tables; an action a tuple
``(kind, cards, color, arg)`` whose first item is its kind and whose last is the seat caught.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from app.engine.common import check_seed, is_int
from app.engine.errors import GameOverError, IllegalActionError, NotYourTurnError
from app.engine.i18n import _, ngettext, number
from app.engine.options import RuleSet
from app.engine.outcome import DecidingRule, Outcome
from app.engine.players import BOT_NAMES, join_names, parse_seats

from .actions import ACCEPT, CATCH, CHALLENGE, COLOR, DRAW, OUT_OF_TURN, PASS, PLAY, UNO
from .deck import HAND_SIZE, shuffle

PLAYING, FINISHED = "playing", "finished"
HANDS_PLAYED = "hands_played"
"""The ``termination`` of a game the simulator stopped after ``max_hands`` hands."""
LOG_VIEW = 50
"""How many of the latest log events :meth:`UnoCore.view` shows."""
LOG_KEEP = 200
"""How many log events a game keeps (older ones are dropped; ``seq`` keeps counting)."""
CATCH_PENALTY = 2
"""The cards a player caught without calling UNO draws."""
CHALLENGE_EXTRA = 2
"""The cards a challenger of a legal wild draw card draws beyond the penalty."""


class UnoCore:
    """The turn core of a digital UNO game (see the module docstring); a game subclasses it with its deck.

    ``seats`` lists the players clockwise, each ``{"name": ..., "bot": None | "random" | "smart"}`` (or a plain
    name). ``rules`` is a RuleSet or a JSON object of table rules. ``seed`` fixes every shuffle (``None``: a
    random seed, recorded). ``deck`` optionally fixes the top of the first hand's deck (API.md). The last seat
    deals the first hand, so seat 0 plays first; the deal passes to the next seat each hand.

    ``log=False`` keeps no event log (the simulator's fast path). ``first_dealer`` and ``max_hands`` serve the
    simulator's ``hands`` mode: who deals the first hand, and a number of hands after which the game stops.
    """

    KIND: ClassVar[str]
    """The game's kind, as its views name it."""
    MIN_PLAYERS: ClassVar[int]
    MAX_PLAYERS: ClassVar[int]
    SHEET: ClassVar[Any]
    """The game's score sheet class (``Sheet(rules, names)``, ``Sheet.replay(rules, names, rounds)``)."""
    DECK: ClassVar[Sequence[int]]
    """Every card of the deck, in a fixed order that the shuffle starts from."""
    UNO_ACTION: ClassVar[tuple]
    """The action that calls UNO, in the game's action type."""
    LOG_STATE: ClassVar[tuple[str, ...]] = ()
    """Attributes of the game that every log event records (UNO Flip: the ``side``)."""
    rules: RuleSet
    lowest_wins: bool
    target: int
    turn: int | None
    color: int
    jump_in = False
    """Whether a player may play out of turn (UNO's ``jump_in`` table rule): bots then react after every action."""
    draw_tries = 1
    """How many cards a player draws in a turn looking for one to play (UNO's ``draw_until_playable``: 10)."""

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
        self._sheet: Any = self.SHEET(self.rules, self.names)
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
        self._new_game()
        self._start_hand(self._fixed_deck(deck) if deck is not None else None)

    def _set_seats(self, seats: Any) -> None:
        self.names, self.bots = parse_seats(seats, BOT_NAMES, self.MIN_PLAYERS, self.MAX_PLAYERS)
        self.n = len(self.names)

    # --- hooks: the deck and its cards ------------------------------------------------------------

    def _set_rules(self, given: Mapping[str, Any] | RuleSet | None) -> None:
        """Read the table rules into ``self.rules`` (and the game's own attributes)."""
        raise NotImplementedError

    def _new_game(self) -> None:
        """Set the game's own counters before the first deal."""

    def _fixed_deck(self, deck: Sequence[str]) -> list[int]:
        """The first hand's deck: the cards listed, in order, then the rest shuffled (API.md ``deck``)."""
        raise NotImplementedError

    def _start_hand(self, order: list[int] | None = None) -> None:
        """Deal a hand (:meth:`_deal`) and let the first card turned up act."""
        raise NotImplementedError

    def _new_hand(self) -> None:
        """Set the game's own state of a new hand, before the deal is logged."""

    def _token(self, card: int) -> str:
        """The token ``card`` shows (as the JSON form and the log write it)."""
        raise NotImplementedError

    def _card_name(self, card: int) -> str:
        """The name of the card ``card`` shows, for sentences."""
        raise NotImplementedError

    def _color_letter(self, color: int) -> str:
        """The letter of a colour index, as the JSON form writes it."""
        raise NotImplementedError

    def _color_name(self, color: int) -> str:
        """The name of a colour index, for sentences."""
        raise NotImplementedError

    def _playable(self, card: int) -> bool:
        """Whether ``card`` matches the top of the discard pile (or is wild)."""
        raise NotImplementedError

    def _turn_actions(self, seat: int) -> list[Any]:
        """Every action ``seat`` may take in its turn now."""
        raise NotImplementedError

    def _out_of_turn_actions(self, seat: int) -> list[Any]:
        """Plays ``seat`` may make out of turn (UNO's jump-in)."""
        return []

    def _catch_action(self, target: int) -> tuple:
        """The action that catches ``target``, in the game's action type."""
        raise NotImplementedError

    def _play(self, seat: int, action: tuple, uno: bool) -> None:
        """Play the cards of ``action`` and let them act (the game's cards' effects)."""
        raise NotImplementedError

    def _played(self, action: tuple) -> int:
        """How many cards a play puts down."""
        return 1

    def _played_card(self, seat: int, action: tuple) -> int:
        """The card of the hand a play names (the play is known to name a card the hand holds)."""
        raise NotImplementedError

    def _move(self, action: tuple, uno: bool = False) -> Any:
        """The move (an action with the UNO call) that :meth:`apply` takes and :meth:`legal_actions` lists."""
        raise NotImplementedError

    def _move_json(self, move: Any) -> dict[str, Any]:
        """A move's JSON form (API.md)."""
        raise NotImplementedError

    def _read_move(self, action: Any) -> tuple[tuple, bool]:
        """The internal action and the UNO call of a value :meth:`apply` takes, read from its JSON form so that
        it is checked exactly as a sent action is; raises :class:`IllegalActionError` saying what is wrong."""
        raise NotImplementedError

    def _why_play_refused(self, seat: int, action: tuple) -> IllegalActionError | None:
        """Why a play in turn is refused for its cards (not held, a swap with nobody, …), or ``None``."""
        return None

    def _why_out_of_turn(self, seat: int, action: tuple, turn: int) -> IllegalActionError:
        """The error for an in-turn action taken out of turn."""
        return NotYourTurnError(_("It is {name}'s turn, not yours.").format(name=self.names[turn]))

    def _why_pending(self, seat: int, action: tuple, pending: Mapping[str, Any]) -> IllegalActionError:
        """The error for an action that does not answer the pending draw card."""
        raise NotImplementedError

    def _name_color_first(self) -> str:
        """The sentence asking to name the colour of the Wild turned up first."""
        raise NotImplementedError

    def _nothing_to_challenge(self) -> str:
        """The sentence for a challenge or accept without a wild draw card."""
        raise NotImplementedError

    def _challenge_log(self) -> dict[str, Any]:
        """What the log of a challenge or an accept records of the card challenged."""
        return {}

    def _penalty(self, seat: int, pending: Mapping[str, Any], extra: int, reason: str) -> None:
        """``seat`` draws a pending wild draw card's penalty and ``extra`` cards more."""
        self._draw_cards(seat, pending["amount"] + extra, reason)

    def _round_entry(self, winner: int) -> Any:
        """The score sheet's entry for the hand ``winner`` went out of."""
        raise NotImplementedError

    def _hand_record(self) -> dict[str, Any]:
        """What the game records of a finished hand beyond the core's (UNO Flip: its side)."""
        return {}

    def _view_cards(self, seat: int | None) -> dict[str, Any]:
        """The view's colour and piles (:meth:`view`), as ``seat`` sees them."""
        raise NotImplementedError

    def _view_pending(self, pending: dict[str, Any], seat: int | None) -> None:
        """Add the game's own fields of the pending step to its view."""

    def _view_seat(self, entry: dict[str, Any], player: int, seat: int | None) -> None:
        """Add what ``seat`` sees of ``player``'s hand to ``player``'s entry in the view."""
        if player == seat:
            entry["hand"] = [self._token(c) for c in self.hands[player]]

    def _describe(self, event: dict[str, Any]) -> str:
        """A log event in words."""
        raise NotImplementedError

    # --- the deal ---------------------------------------------------------------------------------

    def _deal(self, order: list[int] | None) -> int:
        """Deal a hand: 7 cards each, one at a time from the dealer's left, then turn the first discard. Returns
        the seat left of the dealer (the first card turned up acts on it: :meth:`_start_hand`)."""
        n = self.n
        if order is None:
            order = list(self.DECK)
            shuffle(self.rng, order)
        first = (self.dealer + 1) % n
        hands: list[list[int]] = [[] for _ in range(n)]
        pos = 0
        for _round in range(HAND_SIZE):
            for k in range(n):
                hands[(first + k) % n].append(order[pos])
                pos += 1
        self._new_hand()
        self.hands = hands
        self.discard = [order[pos]]
        self.draw = order[pos + 1 :]
        self.draw.reverse()  # the top of the draw pile is the end of the list
        self.direction = 1
        self.pending: dict[str, Any] | None = None
        self.uno = [False] * n
        self.catchable: list[int] = []
        self.hand_turns = 0
        self._log("deal", self.dealer, card=self._token(self.discard[-1]))
        return first

    def _return_first(self) -> None:
        """The card turned up goes back into the draw pile, which is shuffled, and another card is turned."""
        top = self.discard.pop()
        self.draw.append(top)
        shuffle(self.rng, self.draw)
        self.discard.append(self.draw.pop())
        self._log("return", None, card=self._token(top), new=self._token(self.discard[-1]))

    # --- small helpers ----------------------------------------------------------------------------

    def _log(
        self, kind: str, seat: int | None, secret: dict | None = None, to: Sequence[int] = (), **data: Any
    ) -> None:
        if not self.logging:
            return
        self._seq += 1
        entry: dict[str, Any] = {"seq": self._seq, "round": self.round, "seat": seat, "type": kind}
        for name in self.LOG_STATE:
            entry[name] = getattr(self, name)
        entry.update(data)
        if secret:
            entry["secret"] = secret
            entry["to"] = list(to)
        self.log.append(entry)
        if len(self.log) > LOG_KEEP + 50:
            del self.log[: len(self.log) - LOG_KEEP]

    def _draw_one(self) -> int | None:
        """The top card of the draw pile (the discard pile reshuffled into it when it is empty), or ``None``."""
        if not self.draw and not self._reshuffle():
            return None
        return self.draw.pop()

    def _drew(self, seat: int, got: list[int], reason: str) -> None:
        """``seat`` drew ``got``: it must call UNO anew and cannot be caught any more."""
        if got:
            self.uno[seat] = False
            self._not_catchable(seat)
            if self.logging:
                self._log(
                    "draw",
                    seat,
                    secret={"cards": [self._token(c) for c in got]},
                    to=(seat,),
                    count=len(got),
                    reason=reason,
                )

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
        self._drew(seat, got, reason)
        return got

    def _not_catchable(self, seat: int) -> None:
        if seat in self.catchable:
            self.catchable.remove(seat)

    def _close_catch_window(self) -> None:
        self.catchable.clear()

    def _left_one(self, seat: int, uno: bool) -> None:
        """``seat`` played down to one card, calling UNO with the play or not (then it may be caught)."""
        self.uno[seat] = uno
        if not uno:
            self.catchable.append(seat)

    def _reshuffle(self) -> bool:
        if len(self.discard) <= 1:
            return False
        top = self.discard.pop()
        self.draw = self.discard
        shuffle(self.rng, self.draw)
        self.discard = [top]
        self._log("reshuffle", None, count=len(self.draw))
        return True

    def _next(self, seat: int, steps: int = 1) -> int:
        return (seat + self.direction * steps) % self.n

    # --- legal actions ----------------------------------------------------------------------------

    def internal_legal(self, seat: int) -> list[Any]:
        """Every action ``seat`` may take now, as internal tuples (without the optional UNO call)."""
        if self.status != PLAYING:
            return []
        out = self._turn_actions(seat) if seat == self.turn else self._out_of_turn_actions(seat)
        if len(self.hands[seat]) == 1 and not self.uno[seat]:
            out.append(self.UNO_ACTION)
        for target in self.catchable:
            if target != seat:
                out.append(self._catch_action(target))
        return out

    def legal_actions(self, seat: int) -> list[Any]:
        """Every move ``seat`` may make now, as values :meth:`apply` accepts; a play that leaves one card appears
        both plain and with the UNO call."""
        self._check_seat(seat)
        out = []
        size = len(self.hands[seat])
        for action in self.internal_legal(seat):
            out.append(self._move(action))
            if action[0] == PLAY and size - self._played(action) == 1:
                out.append(self._move(action, True))
        return out

    # --- applying actions -------------------------------------------------------------------------

    def apply(self, seat: int, action: Any) -> None:
        """Apply ``action`` by ``seat``: a move (as :meth:`legal_actions` and the bots give), an action (a move
        without the UNO call), or the JSON form of API.md.

        Raises a precise :class:`IllegalActionError` (``NotYourTurnError``, ``GameOverError``) and changes
        nothing when the action is not allowed.
        """
        if self.status != PLAYING:
            raise GameOverError(_("The game is over; no more actions can be taken."))
        self._check_seat(seat)
        key, uno = self._read_move(action)
        if key not in self.internal_legal(seat):
            raise self._why_illegal(seat, key)
        self._execute(seat, key, uno)

    def step(self, seat: int, action: tuple, uno: bool = False) -> None:
        """Apply an internal action known to be legal (bots and the simulator): no checks, same rules."""
        self._execute(seat, action, uno)

    def _check_seat(self, seat: Any) -> None:
        if not is_int(seat) or not 0 <= seat < self.n:
            raise IllegalActionError(_("The seat must be a number from 0 to {last}.").format(last=self.n - 1))

    def _why_illegal(self, seat: int, action: tuple) -> IllegalActionError:
        """The reason an action is not legal, as the precise error to raise."""
        kind = action[0]
        hand = self.hands[seat]
        if kind == UNO:
            if len(hand) != 1:
                return IllegalActionError(_("You can call UNO only when you hold one card."))
            return IllegalActionError(_("You have already called UNO."))
        if kind == CATCH:
            if action[3] == seat:
                return IllegalActionError(_("You cannot catch yourself."))
            return IllegalActionError(
                _(
                    "{name} cannot be caught now: only a player left with one card who did not call UNO can be caught, "
                    "before the next player begins a turn."
                ).format(name=self.names[action[3]])
            )
        turn = self.turn
        assert turn is not None, "an action is checked only while the game is playing"
        if seat != turn:
            return self._why_out_of_turn(seat, action, turn)
        if kind == PLAY:
            refused = self._why_play_refused(seat, action)
            if refused is not None:
                return refused
        pending = self.pending
        if pending is not None:
            ptype = pending["type"]
            if ptype == COLOR:
                return IllegalActionError(self._name_color_first())
            if ptype == "drawn":
                if kind == PLAY:
                    return IllegalActionError(
                        _("After drawing you may only play the card you drew ({card}) or pass.").format(
                            card=self._card_name(pending["card"])
                        )
                    )
                return IllegalActionError(_("Play the card you drew or pass."))
            return self._why_pending(seat, action, pending)
        if kind == COLOR:
            return IllegalActionError(
                _("There is no Wild to name a colour for; name a Wild's colour when you play it.")
            )
        if kind == PASS:
            return IllegalActionError(_("You can pass only after drawing a card you could play."))
        if kind in (CHALLENGE, ACCEPT):
            return IllegalActionError(self._nothing_to_challenge())
        if kind == PLAY:
            card = self._played_card(seat, action)
            if not self._playable(card):
                return IllegalActionError(
                    _(
                        "The {card} does not match the {top}: play the colour {color}, the same number or symbol, "
                        "or a Wild."
                    ).format(
                        card=self._card_name(card),
                        top=self._card_name(self.discard[-1]),
                        color=self._color_name(self.color),
                    )
                )
        return IllegalActionError(_("That action is not allowed now."))

    def _execute(self, seat: int, action: tuple, uno: bool) -> None:
        kind = action[0]
        if kind not in OUT_OF_TURN:
            self._close_catch_window()  # a turn begins (or goes on): nobody can be caught any more
        if kind == PLAY:
            self._play(seat, action, uno)
        elif kind == DRAW:
            self._draw_turn(seat)
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
            self._draw_cards(target, CATCH_PENALTY, "caught")
        elif kind in (ACCEPT, CHALLENGE):
            self._answer_challenge(seat, kind == CHALLENGE)
        elif kind == COLOR:
            self.pending = None
            self.color = action[2]
            self._log("color", seat, color=self._color_letter(action[2]))
        else:  # pragma: no cover - internal actions come from internal_legal
            raise IllegalActionError(_("That action is not allowed now."))

    def _draw_turn(self, seat: int) -> None:
        """``seat`` draws in its turn: a pending draw penalty (UNO's stacked Draw Twos), or a card, which it may
        play if it can (under ``draw_tries`` above 1, drawing until one can be played)."""
        pending = self.pending
        if pending is not None:  # the stacked draw penalty
            self.pending = None
            self._draw_cards(seat, pending["amount"], pending["type"])
            self.turn = self._next(seat)
            return
        self.turns += 1
        self.hand_turns += 1
        for _i in range(self.draw_tries):
            got = self._draw_cards(seat, 1, "draw")
            if got and self._playable(got[0]):
                self.pending = {"type": "drawn", "seat": seat, "card": got[0]}
                return
            if not got:
                break
        self.turn = self._next(seat)

    def _answer_challenge(self, seat: int, challenge: bool) -> None:
        """``seat`` accepts or challenges the pending wild draw card (see the module docstring)."""
        pending = self.pending
        assert pending is not None, "accept and challenge are legal only while a wild draw card is pending"
        self.pending = None
        card = self._challenge_log()
        if not challenge:
            self._log("accept", seat, **card)
            self._penalty(seat, pending, 0, pending["type"])
            self.turn = self._next(seat)
            return
        self.challenges_tried += 1
        by = pending["by"]
        shown = [self._token(c) for c in self.hands[by]]
        succeeded = pending["bluff"]
        self._log("challenge", seat, secret={"hand": shown}, to=(seat,), by=by, **card, succeeded=succeeded)
        if succeeded:
            self.challenges_won += 1
            self._penalty(by, pending, 0, "challenge")
        else:
            self._penalty(seat, pending, CHALLENGE_EXTRA, "challenge")
            self.turn = self._next(seat)

    # --- end of a hand and of the game ------------------------------------------------------------

    def _end_hand(self, winner: int) -> None:
        """Record the hand in the game's score sheet, which scores it and says whether the game is over."""
        names = self.names
        hands = self.hands
        scored = self.sheet.add_round(self._round_entry(winner))
        self._read_scores()
        total = sum(result.points for result in scored.results)
        results = [
            {"player": names[p], "cards": [self._token(c) for c in hands[p]]} for p in range(self.n) if p != winner
        ]
        record = self._hand_record()
        self.finished_rounds.append({"round": self.round, "went_out": names[winner], **record, "results": results})
        self.last_hand = {"round": self.round, "winner": winner, "points": total, "turns": self.hand_turns, **record}
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
    def sheet(self) -> Any:
        """The score sheet of the hands played (a stored game rebuilds it from its finished hands on first use,
        so loading a game to let the bots move costs no replay)."""
        if self._sheet is None:
            self._sheet = self.SHEET.replay(self.rules, self.names, self.finished_rounds)
        return self._sheet

    def _read_scores(self) -> None:
        """Each seat's total, as the score sheet has it (the bots and the views read ``scores`` by seat)."""
        totals = self.sheet.totals
        self.scores = [totals[name] for name in self.names]

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
                DecidingRule.LAST_ROUND,
                None,
                leaders,
                f"{why} {verdict.format(players=join_names(leaders), total=number(best))}",
            )
        verdict = (
            _("{winner} has the lowest total, {total}.")
            if self.lowest_wins
            else _("{winner} has the highest total, {total}.")
        )
        return Outcome(
            DecidingRule.LAST_ROUND,
            leaders[0],
            self.names,
            f"{why} {verdict.format(winner=leaders[0], total=number(best))}",
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
                pending["card"] = self._token(p["card"])
            if "amount" in p:
                pending["amount"] = p["amount"]
            if "by" in p:
                pending["by"] = p["by"]
            self._view_pending(pending, seat)
        seats = []
        for player in range(self.n):
            entry: dict[str, Any] = {
                "name": self.names[player],
                "bot": self.bots[player],
                "cards": len(self.hands[player]),
                "score": self.scores[player],
                UNO: self.uno[player],  # the UNO call (API.md)
            }
            self._view_seat(entry, player, seat)
            seats.append(entry)
        return {
            "game": self.KIND,
            "rules": self.rules.to_dict(),
            "status": self.status,
            "round": self.round,
            "dealer": self.dealer,
            "turn": self.turn,
            "direction": self.direction,
            **self._view_cards(seat),
            "pending": pending,
            "seats": seats,
            "legal": [] if seat is None else [self._move_json(move) for move in self.legal_actions(seat)],
            "log": [self._log_view(e, seat) for e in self.log[-LOG_VIEW:]],
            "winner": None if self.winner is None else self.names[self.winner],
        }

    def _log_view(self, entry: dict[str, Any], seat: int | None) -> dict[str, Any]:
        out = {k: v for k, v in entry.items() if k not in ("secret", "to")}
        if "secret" in entry and seat in entry["to"]:
            out.update(entry["secret"])
        out["text"] = self._describe(out)
        return out


class Bot:
    """The interface every bot of a digital UNO game implements."""

    name = "bot"

    def act(self, game: Any, seat: int) -> Any:
        """The in-turn action of ``seat`` (it must be the seat's turn)."""
        raise NotImplementedError

    def react(self, game: Any, seat: int) -> Any:
        """An out-of-turn action of ``seat``, or ``None``."""
        return None

    def choose(self, game: Any, seat: int) -> Any:
        """The move ``seat`` makes now, as a value the game's ``apply`` takes (``None``: nothing to do)."""
        if game.status != PLAYING:
            return None
        action = self.react(game, seat)
        if action is None and game.turn == seat:
            action = self.act(game, seat)
        if action is None:
            return None
        return game._move(action, action[0] == PLAY and len(game.hands[seat]) - game._played(action) == 1)


def run_bots(
    game: UnoCore,
    bots_by_name: Mapping[str, Bot],
    *,
    stop_after_hand: bool = False,
    max_hands: int | None = None,
    max_actions: int | None = None,
) -> int:
    """Move bots until a person must act or the game ends (or the hand ends, with ``stop_after_hand``;
    or ``max_hands`` hands have been played in the game, a bound for games of bots only; or ``max_actions``
    actions were taken, so that a caller can bound the time it spends).

    After every action, bots get the chance to act out of turn (call UNO, catch, jump in), seats
    taken in turn order from the seat to play. Returns the number of actions taken.
    """
    bots = [None if b is None else bots_by_name[b] for b in game.bots]
    n = game.n
    steps = 0
    hand = game.round
    step = game._execute  # bots choose among legal actions: no need to check them again
    while game.status == PLAYING:
        if stop_after_hand and game.round != hand:
            break
        if max_hands is not None and len(game.finished_rounds) >= max_hands:
            break
        if max_actions is not None and steps >= max_actions:
            break
        turn = game.turn
        if turn is None:
            break
        if game.catchable or game.jump_in:
            acted = False
            for k in range(n):
                s = (turn + k) % n
                bot = bots[s]
                if bot is not None:
                    action = bot.react(game, s)
                    if action is not None:
                        step(s, action, False)
                        steps += 1
                        acted = True
                        break
            if acted:
                continue
        bot = bots[turn]
        if bot is None:
            break
        step(turn, bot.act(game, turn), True)  # the call goes with a play that leaves one card
        steps += 1
    return steps


def bots_to_move(game: UnoCore) -> bool:
    """Whether a bot may act now (:func:`run_bots`' own conditions): it plays its turn, or (out of turn) may
    call, catch or jump in."""
    if game.status != PLAYING or game.turn is None:
        return False
    if game.bots[game.turn] is not None:
        return True
    return bool(game.catchable or game.jump_in) and any(bot is not None for bot in game.bots)
