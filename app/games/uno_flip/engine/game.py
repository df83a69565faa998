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

from collections.abc import Mapping, Sequence
from typing import Any

from app.engine.errors import DeckError, IllegalActionError, NotationError
from app.engine.i18n import _
from app.engine.options import RuleSet
from app.games.uno.engine.core import FINISHED, HANDS_PLAYED, LOG_KEEP, LOG_VIEW, PLAYING, UnoCore
from app.games.uno.engine.deck import shuffle
from app.games.uno.engine.rounds import Result

from .actions import ACCEPT, CATCH, CHALLENGE, COLOR, DRAW, PASS, PLAY, UNO, Action, Move
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
from .deck import CARDS, COLOR_OF, COLORS, FACE, SIDE_OF, TOKEN, color_name, other, token_name
from .log import describe
from .rounds import RoundEntry
from .rules import DEFAULT_RULES, make_rules
from .sheet import MAX_PLAYERS, MIN_PLAYERS, Sheet

__all__ = ["CHALLENGED", "DRAWS", "FINISHED", "HANDS_PLAYED", "LOG_KEEP", "LOG_VIEW", "PLAYING", "FlipGame"]

DRAWS = {DRAW_ONE: 1, DRAW_FIVE: 5, WILD_DRAW_TWO: 2}
"""How many cards each drawing card gives the next player (a Wild Draw Color: until the colour)."""
CHALLENGED = {WILD_DRAW_TWO: "wild_draw_two", WILD_DRAW_COLOR: "wild_draw_color"}
"""The wild drawing cards, which the next player may challenge, and their pending step's name."""


class FlipGame(UnoCore):
    """A digital UNO Flip game from the first deal to the winner: UNO's turn core (:class:`~app.games.uno.engine.
    core.UnoCore`; seats, rules, seed and ``deck`` as UNO takes them, ``deck`` listing light faces, the side dealt
    up) on the two-sided deck, with the side in play."""

    KIND = "uno_flip"
    MIN_PLAYERS = MIN_PLAYERS
    MAX_PLAYERS = MAX_PLAYERS
    SHEET = Sheet
    DECK = CARDS
    UNO_ACTION = Action(UNO)
    LOG_STATE = ("side",)

    # --- set-up -----------------------------------------------------------------------------------

    def _set_rules(self, given: Mapping[str, Any] | RuleSet | None) -> None:
        rules = DEFAULT_RULES if given is None else given if isinstance(given, RuleSet) else make_rules(given)
        self.rules = rules
        self.lowest_wins = rules["scoring"] == "lowest_wins"
        self.target = rules["target"]

    def _new_game(self) -> None:
        self.flips = 0

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

    def _new_hand(self) -> None:
        self.side = LIGHT  # every hand is dealt light side up

    def _start_hand(self, order: list[int] | None = None) -> None:
        """Deal a hand light side up (:meth:`~app.games.uno.engine.core.UnoCore._deal`), then let the first discard
        act (see the module docstring)."""
        first = self._deal(order)
        while FACE[0][self.discard[-1]].rank == WILD_DRAW_TWO:
            self._return_first()
        top = self.discard[-1]
        rank = FACE[0][top].rank
        self.color = COLOR_OF[0][top]
        self.turn = first
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

    # --- the deck's tables, on the side in play ---------------------------------------------------

    @property
    def s(self) -> int:
        """The side in play as an index (0 light, 1 dark) into :mod:`.deck`'s tables."""
        return SIDE_OF[self.side]

    def _token(self, card: int) -> str:
        return TOKEN[SIDE_OF[self.side]][card]

    def _card_name(self, card: int) -> str:
        return token_name(self._token(card), self.side)

    def _color_letter(self, color: int) -> str:
        return COLORS[self.side][color]

    def _color_name(self, color: int) -> str:
        return color_name(self.side, color)

    def _describe(self, event: dict[str, Any]) -> str:
        return describe(event, self.names)

    def face(self, card: int) -> Any:
        """The face ``card`` shows on the side in play (a :class:`~.cards.Card`)."""
        return FACE[SIDE_OF[self.side]][card]

    def _playable(self, card: int) -> bool:
        s = self.s
        face = FACE[s][card]
        return face.color is None or COLOR_OF[s][card] == self.color or face.rank == FACE[s][self.discard[-1]].rank

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

    # --- the cards' effects ------------------------------------------------------------------------

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

    # --- legal actions ----------------------------------------------------------------------------

    def _catch_action(self, target: int) -> tuple:
        return Action(CATCH, "", -1, target)

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

    def _played_card(self, seat: int, action: tuple) -> int:
        found = self.card_in_hand(seat, action[1])
        assert found is not None, "a play refused for its card is refused before"
        return found

    def _move(self, action: tuple, uno: bool = False) -> Move:
        assert isinstance(action, Action)
        return Move(action, uno)

    def _move_json(self, move: Move) -> dict[str, Any]:
        return move.to_json(self.side)

    def _read_move(self, action: Move | Action | Mapping[str, Any]) -> tuple[tuple, bool]:
        if isinstance(action, Action):
            action = Move(action)
        data = action.to_json(self.side) if isinstance(action, Move) else action
        move = Move.from_json(data, side=self.side, seats=self.n)
        return move.action, move.uno

    # --- why an action is not legal ---------------------------------------------------------------

    def _why_play_refused(self, seat: int, action: tuple) -> IllegalActionError | None:
        if self.card_in_hand(seat, action[1]) is None:
            return IllegalActionError(_("You do not hold the {card}.").format(card=token_name(action[1], self.side)))
        return None

    def _name_color_first(self) -> str:
        return _("First name the colour of the Wild on top of the discard pile: {colors}.").format(
            colors=", ".join(COLORS[self.side])
        )

    def _nothing_to_challenge(self) -> str:
        return _("There is no Wild Draw Two or Wild Draw Color to challenge or accept.")

    def _why_pending(self, seat: int, action: tuple, pending: Mapping[str, Any]) -> IllegalActionError:
        return IllegalActionError(
            _("Challenge or accept the {card} first.").format(card=self._card_name(self.discard[-1]))
        )

    # --- applying actions -------------------------------------------------------------------------

    def _challenge_log(self) -> dict[str, Any]:
        return {"card": self._token(self.discard[-1])}

    def _play(self, seat: int, action: tuple, uno: bool) -> None:
        assert isinstance(action, Action)
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
            self._left_one(seat, uno)
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

    # --- end of a hand and views ------------------------------------------------------------------

    def _round_entry(self, winner: int) -> RoundEntry:
        """The hand, read on the side it ended on (scored with the score sheet's card values)."""
        names = self.names
        hands = self.hands
        s = self.s
        return RoundEntry(
            names[winner],
            tuple(Result(names[p], tuple(FACE[s][c] for c in hands[p])) for p in range(self.n) if p != winner),
            self.side,
        )

    def _hand_record(self) -> dict[str, Any]:
        return {"side": self.side}

    def _view_cards(self, seat: int | None) -> dict[str, Any]:
        """The side in play, and the top of the draw pile as everyone sees it: its other face (``draw_top``)."""
        s = self.s
        back = 1 - s
        side = self.side
        return {
            "side": side,
            "color": COLORS[side][self.color] if self.color >= 0 else None,
            "discard_top": TOKEN[s][self.discard[-1]],
            "draw_pile": len(self.draw),
            "draw_top": TOKEN[back][self.draw[-1]] if self.draw else None,
        }

    def _view_pending(self, pending: dict[str, Any], seat: int | None) -> None:
        p = self.pending
        assert p is not None
        if "color" in p:
            pending["color"] = COLORS[self.side][p["color"]]

    def _view_seat(self, entry: dict[str, Any], player: int, seat: int | None) -> None:
        """A seat sees its own hand's faces on the side in play, and the other players' cards from the back: their
        faces on the other side (``backs``)."""
        if player == seat:
            entry["hand"] = [TOKEN[self.s][c] for c in self.hands[player]]
        else:
            entry["backs"] = [TOKEN[1 - self.s][c] for c in self.hands[player]]

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
