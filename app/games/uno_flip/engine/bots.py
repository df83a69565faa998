"""UNO Flip bots behind UNO's bot interface (``act``, ``react``, ``choose``), and :func:`run_bots`, which moves
them until a person must act.

Bots look only at what their seat may see: their own hand on the side in play, the number of cards in every hand,
the top of the discard pile, the colour, direction, side, scores and pending step. They never read the other
faces of their own cards, other hands, the draw pile, or whether a wild draw card was a bluff. Their randomness
comes from the game's ``bot_rng``, stored with the game, so seeded games repeat.

``random`` plays as UNO's random bot does: uniformly among the distinct faces it can play (a wild with a
uniformly chosen colour; a Wild Draw Two or Wild Draw Color only when it holds no card of the colour in play),
draws only when it has nothing playable, plays a drawn card when it can, always calls UNO with its play, never
catches, never challenges.

``smart`` keeps wilds for the end, or plays them early when an opponent is close to going out or near the target;
matches the colour it holds most (and names it for wilds); plays its drawing and skipping cards against a next
player close to going out, and a Flip when an opponent is close to going out (their hand turns into cards nobody
has planned for); never bluffs; challenges a person's Wild Draw Two or Wild Draw Color when that player held many cards (six or
more, when holding none of the colour is unlikely; a bot's never, as bots do not bluff); calls UNO and catches every missing call.
"""

from __future__ import annotations

from app.engine.players import BOT_NAMES
from app.games.uno.engine import core
from app.games.uno.engine.core import Bot

from .actions import ACCEPT, CATCH, CHALLENGE, COLOR, DRAW, PASS, PLAY, UNO, Action
from .cards import (
    DRAW_FIVE,
    DRAW_ONE,
    FLIP,
    REVERSE,
    SKIP,
    SKIP_EVERYONE,
    WILD_DRAW_COLOR,
    WILD_DRAW_TWO,
    parse_card,
)
from .deck import COLOR_OF, FACE
from .game import CHALLENGED, FlipGame

ATTACKS = (SKIP, SKIP_EVERYONE, DRAW_ONE, DRAW_FIVE, WILD_DRAW_TWO, WILD_DRAW_COLOR)
CHALLENGE_FROM = 6
"""The smart bot challenges a wild draw card played by a player who held at least this many cards."""


def _plays(game: FlipGame, seat: int) -> list[Action]:
    return [a for a in game.internal_legal(seat) if a.kind == PLAY]


def _bluffs(game: FlipGame, seat: int, action: Action) -> bool:
    """Whether playing ``action`` would be a bluff (a wild draw card while holding the colour in play)."""
    return parse_card(action.card, game.side).rank in CHALLENGED and game.holds_color(seat)


class RandomBot(Bot):
    """Uniform choice among the playable faces (see the module docstring)."""

    name = "random"

    def act(self, game: FlipGame, seat: int) -> Action:
        rng = game.bot_rng
        pending = game.pending
        if pending is not None and pending["type"] == COLOR:
            return Action(COLOR, "", int(rng.random() * 4))
        if pending is not None and pending["type"] in CHALLENGED.values():
            return Action(ACCEPT)
        plays = [a for a in _plays(game, seat) if not _bluffs(game, seat, a)]
        if pending is not None and pending["type"] == "drawn":
            return self._pick(game, plays) if plays else Action(PASS)
        return self._pick(game, plays) if plays else Action(DRAW)

    @staticmethod
    def _pick(game: FlipGame, plays: list[Action]) -> Action:
        rng = game.bot_rng
        cards = list(dict.fromkeys(a.card for a in plays))
        card = cards[int(rng.random() * len(cards))]
        options = [a for a in plays if a.card == card]
        return options[int(rng.random() * len(options))]

    def react(self, game: FlipGame, seat: int) -> Action | None:
        return Action(UNO) if seat in game.catchable else None


class SmartBot(Bot):
    """A heuristic player (see the module docstring)."""

    name = "smart"

    def react(self, game: FlipGame, seat: int) -> Action | None:
        if seat in game.catchable:
            return Action(UNO)
        for target in game.catchable:
            if target != seat:
                return Action(CATCH, "", -1, target)
        return None

    def act(self, game: FlipGame, seat: int) -> Action:
        pending = game.pending
        hand = game.hands[seat]
        if pending is not None:
            kind = pending["type"]
            if kind == COLOR:
                return Action(COLOR, "", self._best_color(game, hand, None))
            if kind in CHALLENGED.values():
                by = pending["by"]
                held = len(game.hands[by]) + 1  # as many as when it played the card
                person = game.bots[by] is None  # the bots never bluff, and every seat says whether it is one
                return Action(CHALLENGE) if person and held >= CHALLENGE_FROM else Action(ACCEPT)
        plays = [a for a in _plays(game, seat) if not _bluffs(game, seat, a)]
        if not plays:
            return Action(PASS) if pending is not None else Action(DRAW)
        n = game.n
        others = [len(game.hands[p]) for p in range(n) if p != seat]
        danger = min(others) <= 2 or max(game.scores[p] for p in range(n) if p != seat) >= 0.8 * game.target
        next_size = len(game.hands[(seat + game.direction) % n])
        best, best_score = plays[0], None
        s = game.s
        for action in plays:
            card = game.card_in_hand(seat, action.card)
            if pending is not None and pending["type"] == "drawn":
                card = pending["card"]
            assert card is not None, "a legal play is of a card in the hand"
            face = FACE[s][card]
            if face.color is None and action.color != self._best_color(game, hand, card):
                continue
            score = face.points / 25
            if face.color is None:
                score += 3 if danger else -3
                if len(hand) <= 2:
                    score += 2
            else:
                score += sum(1 for c in hand if COLOR_OF[s][c] == COLOR_OF[s][card]) * 0.5
            if (face.rank in ATTACKS or (face.rank == REVERSE and n == 2)) and next_size <= 2:
                score += 6
            if face.rank == SKIP_EVERYONE:
                score += 1
            if face.rank == FLIP and min(others) <= 2:
                score += 4
            if best_score is None or score > best_score:
                best, best_score = action, score
        return best

    @staticmethod
    def _best_color(game: FlipGame, hand: list[int], playing: int | None) -> int:
        counts = [0.0, 0.0, 0.0, 0.0]
        s = game.s
        for c in hand:
            color = COLOR_OF[s][c]
            if c != playing and color >= 0:
                counts[color] += 1 + FACE[s][c].points / 50
        return counts.index(max(counts))


BOTS: dict[str, Bot] = dict(zip(BOT_NAMES, (RandomBot(), SmartBot()), strict=True))
"""Every bot by name."""


def get_bot(name: str) -> Bot:
    return BOTS[name]


def run_bots(
    game: FlipGame, *, stop_after_hand: bool = False, max_hands: int | None = None, max_actions: int | None = None
) -> int:
    """Move bots until a person must act or the game ends (UNO's turn core's :func:`~app.games.uno.engine.core.
    run_bots`, with UNO Flip's bots): after every action the bots may act out of turn (call UNO, catch)."""
    return core.run_bots(game, BOTS, stop_after_hand=stop_after_hand, max_hands=max_hands, max_actions=max_actions)


bots_to_move = core.bots_to_move
