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

from .actions import ACCEPT, CATCH, CHALLENGE, COLOR, DRAW, PASS, PLAY, UNO, Action, Move
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
from .game import CHALLENGED, PLAYING, FlipGame

ATTACKS = (SKIP, SKIP_EVERYONE, DRAW_ONE, DRAW_FIVE, WILD_DRAW_TWO, WILD_DRAW_COLOR)
CHALLENGE_FROM = 6
"""The smart bot challenges a wild draw card played by a player who held at least this many cards."""


class Bot:
    """The interface every bot implements (UNO's: :class:`app.games.uno.engine.bots.Bot`)."""

    name = "bot"

    def act(self, game: FlipGame, seat: int) -> Action:
        """The in-turn action of ``seat`` (it must be the seat's turn)."""
        raise NotImplementedError

    def react(self, game: FlipGame, seat: int) -> Action | None:
        """An out-of-turn action of ``seat``, or ``None``."""
        return None

    def choose(self, game: FlipGame, seat: int) -> Move | None:
        """The move ``seat`` makes now (``None``: nothing to do)."""
        if game.status != PLAYING:
            return None
        action = self.react(game, seat)
        if action is None and game.turn == seat:
            action = self.act(game, seat)
        if action is None:
            return None
        return Move(action, action.kind == PLAY and len(game.hands[seat]) == 2)


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
    """Move bots until a person must act or the game ends (or the hand ends, with ``stop_after_hand``; or
    ``max_hands`` hands were played; or ``max_actions`` actions were taken), as UNO's ``run_bots`` does: after every
    action the bots may act out of turn (call UNO, catch), seats taken in turn order from the seat to play.
    Returns the number of actions taken."""
    bots = [None if b is None else BOTS[b] for b in game.bots]
    n = game.n
    steps = 0
    hand = game.round
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
        if game.catchable:
            reacted = None
            for k in range(n):
                s = (turn + k) % n
                bot = bots[s]
                if bot is not None:
                    action = bot.react(game, s)
                    if action is not None:
                        reacted = (s, action)
                        break
            if reacted is not None:
                game.step(*reacted)
                steps += 1
                continue
        bot = bots[turn]
        if bot is None:
            break
        action = bot.act(game, turn)
        game.step(turn, action, action.kind == PLAY and len(game.hands[turn]) == 2)
        steps += 1
    return steps


def bots_to_move(game: FlipGame) -> bool:
    """Whether a bot may act now: it plays its turn, or (out of turn) may call or catch."""
    if game.status != PLAYING or game.turn is None:
        return False
    if game.bots[game.turn] is not None:
        return True
    return bool(game.catchable) and any(bot is not None for bot in game.bots)
