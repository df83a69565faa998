"""The digital UNO Flip game: UNO's turn, draw, UNO call and catch, on a deck of two-sided cards with a side in play.

A :class:`FlipGame` answers questions about itself (:meth:`FlipGame.legal_actions`, :meth:`FlipGame.view`,
:meth:`FlipGame.outcome`) and changes only through :meth:`FlipGame.apply`, which takes an action in its JSON form
and either applies it whole or raises an :class:`~app.engine.errors.IllegalActionError` that says why, leaving the
state untouched. Bots reach the same rules through :meth:`FlipGame.step`.

A card is a physical card (:mod:`.deck`): the hands, the draw pile and the discard pile hold physical cards, and
what a card *is* now is its face on :attr:`FlipGame.side`. Playing a Flip turns everything over (RULES.md "UNO
Flip"): the side changes, so every hand shows its other faces; the draw pile and the discard pile are turned over
as piles, so their order reverses (the Flip just played goes to the bottom of the discard pile, and the card that
was at the bottom comes to the top, showing its other face). A hand is scored, by the score sheet's own code, on
the side it ended on.

The cards (RULES.md): Draw One (the next player draws 1 and loses their turn), Reverse, Skip, Flip, Wild and Wild
Draw Two (the next player draws 2 and loses their turn) on the light side; Draw Five (5), Reverse, Skip Everyone
(every other player is skipped: its player plays again), Flip, Wild and Wild Draw Color (the next player draws
until they draw a card of the colour named, and loses their turn) on the dark side.

Decisions where Mattel's sheet and RULES.md leave room (this book chooses, as RULES.md says it does):

- **Wild Draw Two and Wild Draw Color** are UNO's Wild Draw Four: legal only when the player holds no card of the
  colour in play, played anyway as a bluff, and challenged by the next player only: a caught bluff makes its
  player take the penalty (2 cards, or draw until the colour) and the challenger plays on; a legal play makes the
  challenger take the penalty plus 2 cards and lose their turn. A wild card drawn does not end a Wild Draw Color's
  drawing (it has no colour); an empty draw pile that cannot be refilled ends it.
- **The first card turned up** acts as it would played (UNO's table): Skip, Reverse, Draw One on the player left
  of the dealer; a Wild lets that player name the colour; a Wild Draw Two goes back into the deck, which is
  shuffled, and another card is turned; a Flip turns everything over at once, so the hand starts on the dark side.
- **After a flip** the card that comes to the top of the discard pile gives the colour, number or symbol to match
  and has no action of its own; a wild that comes to the top lets the player whose turn it is name the colour
  (as a Wild turned up first).
- **A Flip as a player's last card** turns everything over before the hand is scored: the hand ends on the other
  side. The last card's draw penalty (Draw One, Draw Five, Wild Draw Two, Wild Draw Color) is drawn first and
  counts, as RULES.md says.
- Between two physical cards showing the same face, the one a player plays is the first of them in their hand
  (the player cannot see the other faces of their own cards, so the choice is no choice).
- Every hand is dealt light side up.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from app.engine.common import check_seed, is_int
from app.engine.errors import DeckError, GameOverError, IllegalActionError, NotationError, NotYourTurnError
from app.engine.i18n import _, ngettext, number
from app.engine.options import RuleSet
from app.engine.outcome import DecidingRule, Outcome
from app.engine.players import BOT_NAMES, join_names, parse_seats
from app.games.uno.engine.deck import shuffle
from app.games.uno.engine.rounds import Result

from .actions import ACCEPT, CATCH, CHALLENGE, COLOR, DRAW, OUT_OF_TURN, PASS, PLAY, UNO, Action, Move
from .cards import (
    DRAW_FIVE,
    DRAW_ONE,
    FLIP,
    LIGHT,
    REVERSE,
    SKIP,
    SKIP_EVERYONE,
    WILD,
    WILD_DRAW_COLOR,
    WILD_DRAW_TWO,
    parse_card,
)
from .deck import CARDS, COLOR_OF, COLORS, FACE, HAND_SIZE, SIDE_OF, TOKEN, color_name, other, token_name
from .log import describe
from .rounds import RoundEntry
from .rules import DEFAULT_RULES, make_rules
from .sheet import MAX_PLAYERS, MIN_PLAYERS, Sheet

PLAYING, FINISHED = "playing", "finished"
HANDS_PLAYED = "hands_played"
"""The ``termination`` of a game stopped after ``max_hands`` hands."""
LOG_VIEW = 50
LOG_KEEP = 200
DRAWS = {DRAW_ONE: 1, DRAW_FIVE: 5, WILD_DRAW_TWO: 2}
"""How many cards each drawing card gives the next player (a Wild Draw Color: until the colour)."""
CHALLENGED = {WILD_DRAW_TWO: "wild_draw_two", WILD_DRAW_COLOR: "wild_draw_color"}
"""The wild drawing cards, which the next player may challenge, and their pending step's name."""
CHALLENGE_EXTRA = 2
"""The cards a challenger of a legal Wild Draw Two or Wild Draw Color draws beyond the penalty."""


class FlipGame:
    """A digital UNO Flip game from the first deal to the winner (seats, rules, seed and ``deck`` as
    :class:`~app.games.uno.engine.game.UnoGame` takes them; ``deck`` lists light faces, the side dealt up)."""

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
        self.flips = 0
        self.last_hand: dict[str, Any] | None = None
        self._start_hand(self._fixed_deck(deck) if deck is not None else None)

    # --- set-up -----------------------------------------------------------------------------------

    def _set_seats(self, seats: Any) -> None:
        self.names, self.bots = parse_seats(seats, BOT_NAMES, MIN_PLAYERS, MAX_PLAYERS)
        self.n = len(self.names)

    def _set_rules(self, given: Mapping[str, Any] | RuleSet | None) -> None:
        rules = DEFAULT_RULES if given is None else given if isinstance(given, RuleSet) else make_rules(given)
        self.rules = rules
        self.lowest_wins = rules["scoring"] == "lowest_wins"
        self.target = rules["target"]

    def _fixed_deck(self, deck: Sequence[str]) -> list[int]:
        """The first hand's deck: the light faces listed, in order, then the rest shuffled (API.md ``deck``)."""
        if isinstance(deck, str) or not isinstance(deck, Sequence):
            raise DeckError(_("The deck must be a list of card tokens."))
        pool: dict[str, list[int]] = {}
        for card in CARDS:
            pool.setdefault(TOKEN[0][card], []).append(card)
        listed = []
        for token in deck:
            try:
                face = parse_card(str(token), LIGHT)
            except NotationError as error:
                raise DeckError(str(error)) from None
            left = pool.get(str(face), [])
            if not left:
                total = sum(1 for c in CARDS if TOKEN[0][c] == str(face))
                raise DeckError(
                    _("The deck has only {limit} of {token}, but more were given.").format(limit=total, token=str(face))
                )
            listed.append(left.pop(0))
        rest = [card for cards in pool.values() for card in cards]
        rest.sort()
        shuffle(self.rng, rest)
        return listed + rest

    def _start_hand(self, order: list[int] | None = None) -> None:
        """Deal a hand light side up: 7 cards each, one at a time from the dealer's left, then turn the first
        discard and let it act (see the module docstring)."""
        n = self.n
        if order is None:
            order = list(CARDS)
            shuffle(self.rng, order)
        first = (self.dealer + 1) % n
        hands: list[list[int]] = [[] for _ in range(n)]
        pos = 0
        for _round in range(HAND_SIZE):
            for k in range(n):
                hands[(first + k) % n].append(order[pos])
                pos += 1
        self.side = LIGHT
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
        while FACE[0][self.discard[-1]].rank == WILD_DRAW_TWO:
            top = self.discard.pop()
            self.draw.append(top)
            shuffle(self.rng, self.draw)
            self.discard.append(self.draw.pop())
            self._log("return", None, card=TOKEN[0][top], new=TOKEN[0][self.discard[-1]])
        top = self.discard[-1]
        rank = FACE[0][top].rank
        self.color = COLOR_OF[0][top]
        self.turn: int | None = first
        if rank == WILD:
            self.pending = {"type": COLOR, "seat": first}
        elif rank == SKIP:
            self.turn = self._next(first)
            self._log("skipped", first)
        elif rank == REVERSE:
            self.direction = -1
            self.turn = self.dealer
        elif rank == DRAW_ONE:
            self._draw_cards(first, 1, "draw_one")
            self.turn = self._next(first)
            self._log("skipped", first)
        elif rank == FLIP:
            self._flip(None)
            self._name_color_if_wild()

    # --- small helpers ----------------------------------------------------------------------------

    @property
    def s(self) -> int:
        """The side in play as an index (0 light, 1 dark) into :mod:`.deck`'s tables."""
        return SIDE_OF[self.side]

    def _token(self, card: int) -> str:
        return TOKEN[SIDE_OF[self.side]][card]

    def face(self, card: int) -> Any:
        """The face ``card`` shows on the side in play (a :class:`~.cards.Card`)."""
        return FACE[SIDE_OF[self.side]][card]

    def _log(
        self, kind: str, seat: int | None, secret: dict | None = None, to: Sequence[int] = (), **data: Any
    ) -> None:
        if not self.logging:
            return
        self._seq += 1
        entry = {"seq": self._seq, "round": self.round, "seat": seat, "type": kind, "side": self.side, **data}
        if secret:
            entry["secret"] = secret
            entry["to"] = list(to)
        self.log.append(entry)
        if len(self.log) > LOG_KEEP + 50:
            del self.log[: len(self.log) - LOG_KEEP]

    def _draw_one(self) -> int | None:
        if not self.draw and not self._reshuffle():
            return None
        return self.draw.pop()

    def _drew(self, seat: int, got: list[int], reason: str) -> None:
        if got:
            self.uno[seat] = False
            self._not_catchable(seat)
            self._log(
                "draw", seat, secret={"cards": [self._token(c) for c in got]}, to=(seat,), count=len(got), reason=reason
            )

    def _draw_cards(self, seat: int, count: int, reason: str) -> list[int]:
        """Move up to ``count`` cards from the draw pile to a hand, reshuffling the discard pile when needed."""
        got = []
        for _i in range(count):
            card = self._draw_one()
            if card is None:
                break
            self.hands[seat].append(card)
            got.append(card)
        self._drew(seat, got, reason)
        return got

    def _draw_until(self, seat: int, color: int, extra: int, reason: str) -> list[int]:
        """A Wild Draw Color's penalty: draw until a card of ``color`` (on the side in play), then ``extra`` more."""
        got = []
        s = self.s
        while True:
            card = self._draw_one()
            if card is None:
                break
            self.hands[seat].append(card)
            got.append(card)
            if COLOR_OF[s][card] == color:
                break
        self._drew(seat, got, reason)
        if extra:
            got += self._draw_cards(seat, extra, reason)
        return got

    def _penalty(self, seat: int, pending: Mapping[str, Any], extra: int, reason: str) -> None:
        if pending["type"] == CHALLENGED[WILD_DRAW_COLOR]:
            self._draw_until(seat, pending["color"], extra, reason)
        else:
            self._draw_cards(seat, pending["amount"] + extra, reason)

    def _not_catchable(self, seat: int) -> None:
        if seat in self.catchable:
            self.catchable.remove(seat)

    def _reshuffle(self) -> bool:
        if len(self.discard) <= 1:
            return False
        top = self.discard.pop()
        self.draw = self.discard
        shuffle(self.rng, self.draw)
        self.discard = [top]
        self._log("reshuffle", None, count=len(self.draw))
        return True

    def _flip(self, seat: int | None) -> None:
        """Everything turns over: the side changes, the piles are turned over (their order reverses). The card now
        on top gives the colour; a wild there waits for the player to act to name it."""
        self.side = other(self.side)
        self.discard.reverse()
        self.draw.reverse()
        self.flips += 1
        top = self.discard[-1]
        self.color = COLOR_OF[self.s][top]
        self._log("flip", seat, card=self._token(top))

    def _name_color_if_wild(self) -> None:
        if self.color < 0 and self.turn is not None:
            self.pending = {"type": COLOR, "seat": self.turn}

    def _playable(self, card: int) -> bool:
        s = self.s
        face = FACE[s][card]
        return face.color is None or COLOR_OF[s][card] == self.color or face.rank == FACE[s][self.discard[-1]].rank

    def _next(self, seat: int, steps: int = 1) -> int:
        return (seat + self.direction * steps) % self.n

    def holds_color(self, seat: int, color: int | None = None) -> bool:
        """Whether ``seat`` holds a card of ``color`` (the colour in play by default) on the side in play: a Wild
        Draw Two or Wild Draw Color played then is a bluff."""
        color = self.color if color is None else color
        s = self.s
        return any(COLOR_OF[s][c] == color for c in self.hands[seat])

    def card_in_hand(self, seat: int, token: str) -> int | None:
        """The first card of ``seat``'s hand showing ``token`` on the side in play (``None``: none does)."""
        s = self.s
        for card in self.hands[seat]:
            if TOKEN[s][card] == token:
                return card
        return None

    # --- legal actions ----------------------------------------------------------------------------

    def internal_legal(self, seat: int) -> list[Action]:
        """Every action ``seat`` may take now (without the optional UNO call)."""
        if self.status != PLAYING:
            return []
        out = self._turn_actions(seat) if seat == self.turn else []
        if len(self.hands[seat]) == 1 and not self.uno[seat]:
            out.append(Action(UNO))
        for target in self.catchable:
            if target != seat:
                out.append(Action(CATCH, "", -1, target))
        return out

    def _turn_actions(self, seat: int) -> list[Action]:
        pending = self.pending
        out: list[Action] = []
        if pending is None:
            seen = set()
            for card in self.hands[seat]:
                token = self._token(card)
                if token not in seen and self._playable(card):
                    seen.add(token)
                    self._add_plays(out, card)
            out.append(Action(DRAW))
            return out
        kind = pending["type"]
        if kind == COLOR:
            return [Action(COLOR, "", c) for c in range(4)]
        if kind == "drawn":
            self._add_plays(out, pending["card"])
            out.append(Action(PASS))
            return out
        return [Action(CHALLENGE), Action(ACCEPT)]

    def _add_plays(self, out: list[Action], card: int) -> None:
        token = self._token(card)
        if self.face(card).color is None:
            out.extend(Action(PLAY, token, c) for c in range(4))
        else:
            out.append(Action(PLAY, token))

    def legal_actions(self, seat: int) -> list[Move]:
        """Every move ``seat`` may make now; a play that leaves one card appears both plain and with the UNO call."""
        self._check_seat(seat)
        out = []
        size = len(self.hands[seat])
        for action in self.internal_legal(seat):
            out.append(Move(action))
            if action.kind == PLAY and size == 2:
                out.append(Move(action, True))
        return out

    # --- applying actions -------------------------------------------------------------------------

    def apply(self, seat: int, action: Move | Action | Mapping[str, Any]) -> None:
        """Apply ``action`` by ``seat`` (a :class:`Move`, an :class:`Action` or the JSON form); raises a precise
        :class:`IllegalActionError` and changes nothing when it is not allowed."""
        if self.status != PLAYING:
            raise GameOverError(_("The game is over; no more actions can be taken."))
        self._check_seat(seat)
        if isinstance(action, Action):
            action = Move(action)
        data = action.to_json(self.side) if isinstance(action, Move) else action
        move = Move.from_json(data, side=self.side, seats=self.n)
        if move.action not in self.internal_legal(seat):
            raise self._why_illegal(seat, move.action)
        self._execute(seat, move.action, move.uno)

    def step(self, seat: int, action: Action, uno: bool = False) -> None:
        """Apply an action known to be legal (bots): no checks, same rules."""
        self._execute(seat, action, uno)

    def _check_seat(self, seat: Any) -> None:
        if not is_int(seat) or not 0 <= seat < self.n:
            raise IllegalActionError(_("The seat must be a number from 0 to {last}.").format(last=self.n - 1))

    def _why_illegal(self, seat: int, action: Action) -> IllegalActionError:
        """The reason an action is not legal, as the precise error to raise."""
        kind = action.kind
        hand = self.hands[seat]
        names = self.names
        if kind == UNO:
            if len(hand) != 1:
                return IllegalActionError(_("You can call UNO only when you hold one card."))
            return IllegalActionError(_("You have already called UNO."))
        if kind == CATCH:
            if action.arg == seat:
                return IllegalActionError(_("You cannot catch yourself."))
            return IllegalActionError(
                _(
                    "{name} cannot be caught now: only a player left with one card who did not call UNO can be caught, "
                    "before the next player begins a turn."
                ).format(name=names[action.arg])
            )
        turn = self.turn
        assert turn is not None, "an action is checked only while the game is playing"
        if seat != turn:
            return NotYourTurnError(_("It is {name}'s turn, not yours.").format(name=names[turn]))
        side = self.side
        if kind == PLAY and self.card_in_hand(seat, action.card) is None:
            return IllegalActionError(_("You do not hold the {card}.").format(card=token_name(action.card, side)))
        pending = self.pending
        if pending is not None:
            ptype = pending["type"]
            if ptype == COLOR:
                return IllegalActionError(
                    _("First name the colour of the Wild on top of the discard pile: {colors}.").format(
                        colors=", ".join(COLORS[side])
                    )
                )
            if ptype == "drawn":
                if kind == PLAY:
                    return IllegalActionError(
                        _("After drawing you may only play the card you drew ({card}) or pass.").format(
                            card=token_name(self._token(pending["card"]), side)
                        )
                    )
                return IllegalActionError(_("Play the card you drew or pass."))
            by = self.discard[-1]
            return IllegalActionError(
                _("Challenge or accept the {card} first.").format(card=token_name(self._token(by), side))
            )
        if kind == COLOR:
            return IllegalActionError(
                _("There is no Wild to name a colour for; name a Wild's colour when you play it.")
            )
        if kind == PASS:
            return IllegalActionError(_("You can pass only after drawing a card you could play."))
        if kind in (CHALLENGE, ACCEPT):
            return IllegalActionError(_("There is no Wild Draw Two or Wild Draw Color to challenge or accept."))
        if kind == PLAY:
            return IllegalActionError(
                _(
                    "The {card} does not match the {top}: play the colour {color}, the same number or symbol, "
                    "or a Wild."
                ).format(
                    card=token_name(action.card, side),
                    top=token_name(self._token(self.discard[-1]), side),
                    color=color_name(side, self.color),
                )
            )
        return IllegalActionError(_("That action is not allowed now."))

    def _execute(self, seat: int, action: Action, uno: bool) -> None:
        kind = action.kind
        if kind not in OUT_OF_TURN:
            self.catchable.clear()  # a turn begins (or goes on): nobody can be caught any more
        if kind == PLAY:
            self._play(seat, action, uno)
        elif kind == DRAW:
            self.turns += 1
            self.hand_turns += 1
            got = self._draw_cards(seat, 1, "draw")
            if got and self._playable(got[0]):
                self.pending = {"type": "drawn", "seat": seat, "card": got[0]}
            else:
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
            self._not_catchable(action.arg)
            self._log("catch", seat, target=action.arg)
            self._draw_cards(action.arg, 2, "caught")
        elif kind in (ACCEPT, CHALLENGE):
            pending = self.pending
            assert pending is not None, "accept and challenge are legal only while a wild draw card is pending"
            self.pending = None
            card = self._token(self.discard[-1])
            if kind == ACCEPT:
                self._log("accept", seat, card=card)
                self._penalty(seat, pending, 0, pending["type"])
                self.turn = self._next(seat)
                return
            self.challenges_tried += 1
            by = pending["by"]
            shown = [self._token(c) for c in self.hands[by]]
            succeeded = pending["bluff"]
            self._log("challenge", seat, secret={"hand": shown}, to=(seat,), by=by, card=card, succeeded=succeeded)
            if succeeded:
                self.challenges_won += 1
                self._penalty(by, pending, 0, "challenge")
            else:
                self._penalty(seat, pending, CHALLENGE_EXTRA, "challenge")
                self.turn = self._next(seat)
        elif kind == COLOR:
            self.pending = None
            self.color = action.color
            self._log("color", seat, color=COLORS[self.side][action.color])
        else:  # pragma: no cover - actions come from internal_legal
            raise IllegalActionError(_("That action is not allowed now."))

    def _play(self, seat: int, action: Action, uno: bool) -> None:
        hand = self.hands[seat]
        pending = self.pending
        self.pending = None
        if pending is not None and pending["type"] == "drawn":
            card = pending["card"]  # a drawn card's play belongs to the draw's turn
        else:
            found = self.card_in_hand(seat, action.card)
            assert found is not None, "a legal play is of a card in the hand"
            card = found
            self.turns += 1
            self.hand_turns += 1
        hand.remove(card)
        self.discard.append(card)
        rank = self.face(card).rank
        wild = self.face(card).color is None
        previous = self.color
        self.color = action.color if wild else COLOR_OF[self.s][card]
        if self.logging:
            extra: dict[str, Any] = {}
            if wild:
                extra["color"] = COLORS[self.side][action.color]
            if uno and len(hand) == 1:
                extra["uno"] = True
            self._log("play", seat, cards=[action.card], **extra)
        victim = self._next(seat)
        if not hand:
            if rank in DRAWS:
                self._draw_cards(victim, DRAWS[rank], CHALLENGED.get(rank, "draw"))
            elif rank == WILD_DRAW_COLOR:
                self._draw_until(victim, self.color, 0, CHALLENGED[rank])
            elif rank == FLIP:
                self._flip(seat)
            self._end_hand(seat)
            return
        if len(hand) == 1:
            self.uno[seat] = uno
            if not uno:
                self.catchable.append(seat)
        if rank == SKIP:
            self.turn = self._next(seat, 2)
            self._log("skipped", victim)
        elif rank == SKIP_EVERYONE:
            self.turn = seat
            self._log("skip_everyone", seat)
        elif rank == REVERSE:
            self.direction = -self.direction
            self.turn = seat if self.n == 2 else self._next(seat)
        elif rank in (DRAW_ONE, DRAW_FIVE):
            self._draw_cards(victim, DRAWS[rank], "draw")
            self._log("skipped", victim)
            self.turn = self._next(victim)
        elif rank in CHALLENGED:
            self.pending = {
                "type": CHALLENGED[rank],
                "seat": victim,
                "by": seat,
                "bluff": self.holds_color(seat, previous),
                "before": previous,
            }
            if rank == WILD_DRAW_TWO:
                self.pending["amount"] = DRAWS[rank]
            else:
                self.pending["color"] = self.color
            self.turn = victim
        elif rank == FLIP:
            self.turn = victim
            self._flip(seat)
            self._name_color_if_wild()
        else:  # a number or a plain Wild
            self.turn = victim

    # --- end of a hand and of the game ------------------------------------------------------------

    def _end_hand(self, winner: int) -> None:
        """Record the hand, read on the side it ended on, in the game's score sheet, which scores it (with the
        score sheet's card values) and says whether the game is over."""
        names = self.names
        hands = self.hands
        s = self.s
        entry = RoundEntry(
            names[winner],
            tuple(Result(names[p], tuple(FACE[s][c] for c in hands[p])) for p in range(self.n) if p != winner),
            self.side,
        )
        scored = self.sheet.add_round(entry)
        self._read_scores()
        total = sum(result.points for result in scored.results)
        results = [{"player": names[p], "cards": [TOKEN[s][c] for c in hands[p]]} for p in range(self.n) if p != winner]
        self.finished_rounds.append(
            {"round": self.round, "went_out": names[winner], "side": self.side, "results": results}
        )
        self.last_hand = {
            "round": self.round,
            "winner": winner,
            "points": total,
            "turns": self.hand_turns,
            "side": self.side,
        }
        self.catchable.clear()
        self.pending = None
        if self.logging:
            hand_points = [0] * self.n
            for result in scored.results:
                hand_points[names.index(result.player)] = result.points
            self._log("hand_end", winner, points=total, scores=list(self.scores), hand_points=hand_points)
        outcome = self.sheet.outcome
        if outcome is not None:
            assert outcome.winner is not None, "UNO Flip has no tie-breaker: a tied lowest total plays on"
            termination = "reached_target" if outcome.rule is DecidingRule.REACHED_TARGET else "lowest_total"
            self._finish(names.index(outcome.winner), termination)
            return
        if self.max_hands is not None and len(self.finished_rounds) >= self.max_hands:
            scores = self.scores
            best = min(scores) if self.lowest_wins else max(scores)
            self._finish(scores.index(best) if scores.count(best) == 1 else None, HANDS_PLAYED)
            return
        self.round += 1
        self.dealer = (self.dealer + 1) % self.n
        self._start_hand()

    @property
    def sheet(self) -> Sheet:
        """The score sheet of the hands played (a stored game rebuilds it from its finished hands on first use)."""
        if self._sheet is None:
            self._sheet = Sheet.replay(self.rules, self.names, self.finished_rounds)
        return self._sheet

    def _read_scores(self) -> None:
        totals = self.sheet.totals
        self.scores = [totals[name] for name in self.names]

    def _finish(self, winner: int | None, termination: str) -> None:
        self.status = FINISHED
        self.winner = winner
        self.termination = termination
        self.turn = None
        self._log("game_end", winner, reason=termination)

    def outcome(self) -> Outcome | None:
        """``None`` while playing; then the score sheet's outcome (or, for a game stopped after ``max_hands``
        hands, the best total's)."""
        if self.status != FINISHED:
            return None
        if self.termination != HANDS_PLAYED:
            outcome = self.sheet.outcome
            assert outcome is not None, "a game the score sheet ended has the sheet's outcome"
            return outcome
        scores = self.scores
        best = min(scores) if self.lowest_wins else max(scores)
        leaders = tuple(name for name, score in zip(self.names, scores, strict=True) if score == best)
        hands = len(self.finished_rounds)
        why = ngettext(
            "The game was set to end after {rounds} round.", "The game was set to end after {rounds} rounds.", hands
        ).format(rounds=number(hands))
        if len(leaders) > 1:
            verdict = _("{players} share the highest total, {total}: a tie.")
            if self.lowest_wins:
                verdict = _("{players} share the lowest total, {total}: a tie.")
            text = verdict.format(players=join_names(leaders), total=number(best))
            return Outcome(DecidingRule.LAST_ROUND, None, leaders, f"{why} {text}")
        verdict = (
            _("{winner} has the lowest total, {total}.")
            if self.lowest_wins
            else _("{winner} has the highest total, {total}.")
        )
        text = verdict.format(winner=leaders[0], total=number(best))
        return Outcome(DecidingRule.LAST_ROUND, leaders[0], self.names, f"{why} {text}")

    # --- views ------------------------------------------------------------------------------------

    def view(self, seat: int | None = None) -> dict[str, Any]:
        """What ``seat`` may see, or a spectator's view for ``None``: the side in play, every card's face on it in
        the seat's own hand, and the other players' cards as the seat sees them, from the back: their faces on the
        other side (``backs``), as the top of the draw pile shows its other face (``draw_top``)."""
        if seat is not None:
            self._check_seat(seat)
        s = self.s
        back = 1 - s
        side = self.side
        pending = None
        if self.pending is not None:
            p = self.pending
            pending = {"type": p["type"], "seat": p["seat"]}
            if p["type"] == "drawn" and seat == p["seat"]:
                pending["card"] = TOKEN[s][p["card"]]
            if "amount" in p:
                pending["amount"] = p["amount"]
            if "by" in p:
                pending["by"] = p["by"]
            if "color" in p:
                pending["color"] = COLORS[side][p["color"]]
        seats = []
        for i in range(self.n):
            entry: dict[str, Any] = {
                "name": self.names[i],
                "bot": self.bots[i],
                "cards": len(self.hands[i]),
                "score": self.scores[i],
                UNO: self.uno[i],  # the UNO call (API.md)
            }
            if i == seat:
                entry["hand"] = [TOKEN[s][c] for c in self.hands[i]]
            else:
                entry["backs"] = [TOKEN[back][c] for c in self.hands[i]]
            seats.append(entry)
        return {
            "game": "uno_flip",
            "rules": self.rules.to_dict(),
            "status": self.status,
            "round": self.round,
            "dealer": self.dealer,
            "turn": self.turn,
            "direction": self.direction,
            "side": side,
            "color": COLORS[side][self.color] if self.color >= 0 else None,
            "discard_top": TOKEN[s][self.discard[-1]],
            "draw_pile": len(self.draw),
            "draw_top": TOKEN[back][self.draw[-1]] if self.draw else None,
            "pending": pending,
            "seats": seats,
            "legal": [] if seat is None else [move.to_json(side) for move in self.legal_actions(seat)],
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
        """The whole state as JSON-ready data (:func:`.storage.to_json`)."""
        from . import storage

        return storage.to_json(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> FlipGame:
        """Rebuild a game saved by :meth:`to_json`; it continues exactly as the original would."""
        from . import storage

        return storage.from_json(data, cls)
