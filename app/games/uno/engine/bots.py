"""UNO bots behind one interface, and :func:`run_bots`, which moves them until a person must act.

Every bot has

- ``act(game, seat)``: the seat's next in-turn action as an internal tuple (fast path);
- ``react(game, seat)``: an out-of-turn action (call UNO, catch, jump in) or ``None``;
- ``choose(game, seat)``: the same decision as a :class:`~.actions.Move`, the value
  :meth:`~.game.UnoGame.apply` takes (``None`` when the seat has nothing it wants to do now).

Bots look only at what their seat may see: their own hand, the number of cards in every hand,
the discard pile (every card played in the open), the colour, direction, scores and pending
step. They never read other hands, the draw pile, or whether a Wild Draw Four was a bluff.
Their randomness comes from the game's ``bot_rng``, stored with the game, so seeded games repeat.

``random`` plays like RLCard's random agent: uniformly among the distinct cards it can play (a
Wild with a uniformly chosen colour; a Wild Draw Four only when it holds no card of the colour in
play, as RLCard allows), draws only when it has nothing playable, plays a drawn card when it can,
stacks when it can, always calls UNO with its play (and out of turn when it must), never
catches, never challenges, never jumps in, never plays multiples; under ``seven_o`` it picks the
swap (or none) uniformly.

``smart`` keeps wilds for the end, or dumps them early when an opponent is close to going out or
near the target; matches the colour it holds most (and names it for wilds); plays Skip, Reverse,
Draw Two or Wild Draw Four against a next player close to going out; plays multiples; swaps with
the player holding fewest cards under ``seven_o``; never bluffs; challenges a Wild Draw Four when
the chance of a bluff, from the unseen cards of the colour and the player's hand size (with a
prior that players bluff rarely), beats the break-even of the cards at stake (4 saved against 2
more: 1 in 3);
calls UNO, catches every missing call, and jumps in whenever it can.

No bot catches a seat left with one card by a 7 or a 0 before that seat has had a chance to call
(``UnoGame.exchanged``; see :mod:`.game`); the seat's own bot calls for it in :func:`run_bots`.
"""

from __future__ import annotations

from app.engine.players import BOT_NAMES

from . import core
from .actions import (
    ACCEPT_ACTION,
    CATCH,
    CHALLENGE_ACTION,
    COLOR,
    DRAW_ACTION,
    PASS_ACTION,
    PLAY,
    UNO_ACTION,
)
from .core import Bot
from .deck import (
    COLOR_OF,
    DRAW_TWO_RANK,
    POINTS,
    RANK_OF,
    REVERSE_RANK,
    SKIP_RANK,
    WILD_FOUR,
    WILD_FOUR_RANK,
)
from .game import UnoGame


def _has_color(hand: list[int], color: int) -> bool:
    return any(COLOR_OF[c] == color for c in hand)


class RandomBot(Bot):
    """Uniform choice among the playable cards, RLCard style (see the module docstring)."""

    name = "random"

    def act(self, game: UnoGame, seat: int) -> tuple:
        rng = game.bot_rng
        hand = game.hands[seat]
        pending = game.pending
        if pending is None:
            color = game.color
            top_rank = RANK_OF[game.discard[-1]]
            options = []
            has_color = four = False
            for c in hand:
                if c >= 52:
                    if c == WILD_FOUR:
                        four = True
                    elif c not in options:
                        options.append(c)
                elif COLOR_OF[c] == color:
                    has_color = True
                    if c not in options:
                        options.append(c)
                elif RANK_OF[c] == top_rank and c not in options:
                    options.append(c)
            if four and not has_color:
                options.append(WILD_FOUR)
            if not options:
                return DRAW_ACTION
            return self._play(game, seat, options[int(rng.random() * len(options))])
        kind = pending["type"]
        if kind == "drawn":
            card = pending["card"]
            if card == WILD_FOUR and _has_color(hand, game.color):
                return PASS_ACTION
            return self._play(game, seat, card)
        if kind == COLOR:
            return (COLOR, (), int(rng.random() * 4), -1)
        if kind == "draw_two":
            if game.stacking:
                options = [c for c in dict.fromkeys(hand) if RANK_OF[c] == DRAW_TWO_RANK]
                if options:
                    return self._play(game, seat, options[int(rng.random() * len(options))])
            return DRAW_ACTION
        if game.stacking and WILD_FOUR in hand and not _has_color(hand, game.color):
            return self._play(game, seat, WILD_FOUR)
        return ACCEPT_ACTION

    @staticmethod
    def _play(game: UnoGame, seat: int, card: int) -> tuple:
        rng = game.bot_rng
        if card >= 52:
            return (PLAY, (card,), int(rng.random() * 4), -1)
        if game.seven_o and RANK_OF[card] == 7 and len(game.hands[seat]) > 1:
            choice = int(rng.random() * game.n)  # the seat itself stands for "no swap"
            return (PLAY, (card,), -1, -1 if choice == seat else choice)
        return (PLAY, (card,), -1, -1)

    def react(self, game: UnoGame, seat: int) -> tuple | None:
        if seat in game.catchable:
            return UNO_ACTION
        return None


class SmartBot(Bot):
    """A heuristic player (see the module docstring)."""

    name = "smart"
    bluff_prior = 0.1
    """How much less often than a legal one a player is assumed to play a bluffing Wild Draw Four."""

    def react(self, game: UnoGame, seat: int) -> tuple | None:
        catchable = game.catchable
        if seat in catchable:
            return UNO_ACTION
        for target in catchable:
            if target != seat and target not in game.exchanged:
                return (CATCH, (), -1, target)
        if game.jump_in and game.pending is None and seat != game.turn:
            top = game.discard[-1]
            hand = game.hands[seat]
            if top < 52 and top in hand:
                return self._with_swap(game, seat, (PLAY, (top,), -1, -1))
        return None

    def act(self, game: UnoGame, seat: int) -> tuple:
        hand = game.hands[seat]
        pending = game.pending
        best_color = self._best_color(hand, ())
        if pending is not None:
            kind = pending["type"]
            if kind == COLOR:
                return (COLOR, (), best_color, -1)
            if kind == "drawn":
                card = pending["card"]
                if card == WILD_FOUR and _has_color(hand, game.color):
                    return PASS_ACTION
                color = self._best_color(hand, (card,)) if card >= 52 else -1
                return self._with_swap(game, seat, (PLAY, (card,), color, -1))
            plays = [a for a in game.internal_legal(seat) if a[0] == PLAY]
            if kind == "wild_draw_four":
                plays = [a for a in plays if not _has_color(hand, game.color)]
            if plays:
                return max(plays, key=lambda a: (len(a[1]), a[2] == best_color))
            if kind == "draw_two":
                return DRAW_ACTION
            # Break-even: a caught bluff saves the whole amount, a failed challenge costs 2 more cards.
            odds = self._bluff_odds(game, seat, pending)
            return CHALLENGE_ACTION if odds * pending["amount"] > (1 - odds) * 2 else ACCEPT_ACTION
        legal = [a for a in game.internal_legal(seat) if a[0] == PLAY and a[3] < 0]
        has_color = _has_color(hand, game.color)
        legal = [a for a in legal if not (a[1][0] == WILD_FOUR and has_color)]
        if not legal:
            return DRAW_ACTION
        n = game.n
        others = [len(game.hands[s]) for s in range(n) if s != seat]
        danger = min(others) <= 2 or max(game.scores[s] for s in range(n) if s != seat) >= 0.8 * game.target
        next_size = len(game.hands[(seat + game.direction) % n])
        best, best_score = None, None
        for action in legal:
            cards = action[1]
            card = cards[0]
            if card >= 52 and action[2] != self._best_color(hand, cards):
                continue
            rank = RANK_OF[card]
            score = 2.0 * (len(cards) - 1) + POINTS[card] / 25
            if card >= 52:
                score += 3 if danger else -3
                if len(hand) <= 2:
                    score += 2
            else:
                color = COLOR_OF[card]
                score += sum(1 for c in hand if COLOR_OF[c] == color) * 0.5
            attacking = rank in (SKIP_RANK, DRAW_TWO_RANK, WILD_FOUR_RANK) or (rank == REVERSE_RANK and n == 2)
            if attacking and next_size <= 2:
                score += 6
            if best_score is None or score > best_score:
                best, best_score = action, score
        assert best is not None, "each wild is offered in every colour, so one play always qualifies"
        return self._with_swap(game, seat, best)

    @staticmethod
    def _best_color(hand: list[int], playing: tuple[int, ...]) -> int:
        counts = [0.0, 0.0, 0.0, 0.0]
        rest = list(hand)
        for c in playing:
            rest.remove(c)
        for c in rest:
            color = COLOR_OF[c]
            if color >= 0:
                counts[color] += 1 + POINTS[c] / 50
        return counts.index(max(counts))

    @staticmethod
    def _with_swap(game: UnoGame, seat: int, action: tuple) -> tuple:
        cards = action[1]
        if not (game.seven_o and cards[0] < 52 and RANK_OF[cards[0]] == 7):
            return action
        left = len(game.hands[seat]) - len(cards)
        if left == 0:
            return action
        target = min((s for s in range(game.n) if s != seat), key=lambda s: len(game.hands[s]))
        if len(game.hands[target]) < left:
            return (PLAY, cards, -1, target)
        return action

    def _bluff_odds(self, game: UnoGame, seat: int, pending: dict) -> float:
        """The chance that the pending Wild Draw Four was a bluff, from what the seat can see."""
        color = pending.get("before", -1)
        if color < 0:
            return 0.0
        seen = game.hands[seat] + game.discard
        unseen = 108 - len(seen)
        of_color = 25 - sum(1 for c in seen if COLOR_OF[c] == color)
        held = len(game.hands[pending["by"]])
        none = 1.0
        for i in range(held):
            if unseen - i <= 0:
                break
            none *= max(unseen - of_color - i, 0) / (unseen - i)
        some = 1.0 - none
        weighted = self.bluff_prior * some
        return weighted / (weighted + none) if weighted + none > 0 else 0.0


BOTS: dict[str, Bot] = dict(zip(BOT_NAMES, (RandomBot(), SmartBot()), strict=True))
"""Every bot by name."""


def get_bot(name: str) -> Bot:
    """The bot called ``name`` (``random`` or ``smart``)."""
    return BOTS[name]


def run_bots(
    game: UnoGame, *, stop_after_hand: bool = False, max_hands: int | None = None, max_actions: int | None = None
) -> int:
    """Move bots until a person must act or the game ends (the turn core's :func:`~.core.run_bots`, with UNO's
    bots): after every action, bots get the chance to act out of turn (call UNO, catch, jump in)."""
    return core.run_bots(game, BOTS, stop_after_hand=stop_after_hand, max_hands=max_hands, max_actions=max_actions)


bots_to_move = core.bots_to_move
