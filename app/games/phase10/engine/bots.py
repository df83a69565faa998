"""Phase 10 bots: players that pick one of the engine's legal actions.

Every bot has the same interface, ``bot.choose(game, seat) -> action`` (an :class:`~.actions.Action` that
:meth:`~.game.Game.apply` accepts), asks the game for its options (``draw_actions``,
``lay_down_actions``, ``hit_actions``, ``discard_actions``) and draws its random numbers from the
game's own ``bot_rng``, so a game with bots is reproducible from its seed and resumes identically
from JSON. Bots keep no memory between calls.

- ``random`` decides uniformly at each decision point: which pile to draw from; whether to lay
  down (the finder's lay-down, so "lay down" is one action); which legal hit to make or to stop
  hitting; which card to discard (and whom to skip).
- ``smart`` plans: it keeps the cards that serve its phase (the plan needing the fewest cards),
  takes a discard only when it brings the phase closer or can be hit, lays down as soon as the
  finder can, hits to empty its hand, throws away high penalties first when another player is
  close to going out, and keeps its Skips for a player who threatens to go out or leads (aiming
  them at that player when it may choose).

:func:`run_bots` moves the bots until a person must act or the game ends.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from app.engine.players import BOT_NAMES

from .actions import DISCARD, DRAW_DISCARD, DRAW_PILE, Action
from .cards import COLORS, Card, Kind
from .phases import GroupKind, Phase
from .scoring import card_points

if TYPE_CHECKING:
    from .game import Game


class Bot:
    """The interface of a bot: :meth:`choose` one legal action for ``seat``, whose turn it is."""

    name = "bot"

    def choose(self, game: Game, seat: int) -> Action:
        raise NotImplementedError


class RandomBot(Bot):
    """Uniform at every decision point (see the module's docstring)."""

    name = "random"

    def choose(self, game: Game, seat: int) -> Action:
        """One action for ``seat``: draw, lay down, hit or discard, each choice uniform."""
        rng = game.bot_rng
        if game.stage == "draw":
            return rng.choice(game.draw_actions())
        lay_downs = game.lay_down_actions(seat)
        if lay_downs and rng.randrange(2):
            return rng.choice(lay_downs)
        hits = game.hit_actions(seat)
        if hits:
            pick = rng.randrange(len(hits) + 1)
            if pick < len(hits):
                return hits[pick]
        return rng.choice(game.discard_actions(seat))


# --- planning ---------------------------------------------------------------------------------------


def _tally(hand: Sequence[Card]) -> tuple[list[int], dict[str, int], int]:
    numbers = [0] * 14
    colors = dict.fromkeys(COLORS, 0)
    wilds = 0
    for card in hand:
        if card.number is not None:  # a number card
            numbers[card.number] += 1
            if card.color:
                colors[card.color] += 1
        elif card.kind is Kind.WILD:
            wilds += 1
    return numbers, colors, wilds


def plan(phase: Phase, hand: Sequence[Card]) -> tuple[int, dict[Any, int]]:
    """How many cards ``hand`` lacks for ``phase`` (wilds filling gaps; 0 or less: it can be made, roughly)
    and which cards the best plan keeps: ``{number: count}`` or ``{colour letter: count}``.

    A strategy heuristic for choosing what to keep; whether a lay-down is legal is always the
    finder's and the verifier's call.
    """
    numbers, colors, wilds = _tally(hand)
    reqs = phase.requirements
    kinds = tuple(r.kind for r in reqs)
    if kinds not in _CLASSIC_SHAPES:
        return _plan_any(phase, hand, wilds)
    best_missing = 99
    best_keep: dict[Any, int] = {}
    if len(reqs) == 1:
        req = reqs[0]
        if req.kind is GroupKind.COLOR:
            color = max(COLORS, key=lambda c: colors[c])
            return req.size - colors[color] - wilds, {color: min(colors[color], req.size)}
        if req.kind is GroupKind.RUN:
            size = req.size
            for low in range(1, 14 - size):
                missing = sum(1 for n in range(low, low + size) if not numbers[n])
                if missing < best_missing:
                    best_missing = missing
                    best_keep = {n: 1 for n in range(low, low + size) if numbers[n]}
            return best_missing - wilds, best_keep
        return req.size - max(numbers) - wilds, {numbers.index(max(numbers)): req.size}
    first, second = reqs
    if second.kind is GroupKind.SET and first.kind is GroupKind.SET:
        k1, k2 = first.size, second.size
        short1 = [max(0, k1 - c) for c in numbers]
        short2 = [max(0, k2 - c) for c in numbers]
        for n1 in range(1, 13):
            for n2 in range(1, 13):
                if n1 == n2:
                    missing = max(0, k1 + k2 - numbers[n1])
                else:
                    missing = short1[n1] + short2[n2]
                if missing < best_missing:
                    best_missing = missing
                    if n1 == n2:
                        best_keep = {n1: min(numbers[n1], k1 + k2)}
                    else:
                        best_keep = {n1: min(numbers[n1], k1), n2: min(numbers[n2], k2)}
        return best_missing - wilds, best_keep
    set_req, run_req = (first, second) if first.kind is GroupKind.SET else (second, first)
    k1, size = set_req.size, run_req.size
    for low in range(1, 14 - size):
        window = range(low, low + size)
        run_missing = sum(1 for n in window if not numbers[n])
        for n in range(1, 13):
            if low <= n < low + size:
                missing = run_missing - (0 if numbers[n] else 1) + max(0, k1 + 1 - numbers[n])
            else:
                missing = run_missing + max(0, k1 - numbers[n])
            if missing < best_missing:
                best_missing = missing
                keep = {m: 1 for m in window if numbers[m]}
                keep[n] = min(numbers[n], k1 + keep.get(n, 0))
                best_keep = keep
    return best_missing - wilds, best_keep


_S, _R, _C = GroupKind.SET, GroupKind.RUN, GroupKind.COLOR
_CLASSIC_SHAPES = {(_S,), (_R,), (_C,), (_S, _S), (_S, _R), (_R, _S)}


def _plan_any(phase: Phase, hand: Sequence[Card], wilds: int) -> tuple[int, dict[Any, int]]:
    """:func:`plan` for any other phase (a table's own list, Masters): the finder's closest lay-down, whose
    natural cards the bot keeps (by number)."""
    from .finder import _search

    found = _search(phase, hand, False, -1)
    if found is None:
        return phase.size - wilds, {}
    missing, _chosen, owner = found
    naturals = [c for c in hand if c.number is not None]
    keep: dict[Any, int] = {}
    for i, slot in enumerate(owner):
        if slot >= 0:
            number = naturals[i].number
            keep[number] = keep.get(number, 0) + 1
    return missing - wilds, keep


class SmartBot(Bot):
    """Plans for its phase, hits to empty its hand, and times its Skips (see the module's docstring)."""

    name = "smart"

    def choose(self, game: Game, seat: int) -> Action:
        """The planned action for ``seat``."""
        if game.stage == "draw":
            return self._draw(game, seat)
        lay_downs = game.lay_down_actions(seat)
        if lay_downs:
            # Under pick_a_phase, lay the biggest phase down first: small ones come easier later.
            return max(lay_downs, key=lambda a: sum(len(g) for g in a.groups))
        hits = game.hit_actions(seat)
        if hits:
            hand_size = len(game.hands[seat])
            naturals = [h for h in hits if h.card is not None and not h.card.is_wild]
            if naturals:
                return max(naturals, key=lambda h: card_points(h.card))  # type: ignore[arg-type]
            if hand_size > 1 or game.rules.go_out_by_hit:
                return hits[0]
        return self._discard(game, seat)

    # -- the target phase ------------------------------------------------------------------------

    def _goal(self, game: Game, seat: int, hand: Sequence[Card]) -> tuple[Phase | None, int, dict[Any, int]]:
        phases = game.phases_open(seat)
        best: tuple[Phase | None, int, dict[Any, int]] = (None, 99, {})
        for phase in phases:
            missing, keep = plan(phase, hand)
            if missing < best[1] or (missing == best[1] and best[0] is not None and phase.size > best[0].size):
                best = (phase, missing, keep)
        return best

    def _draw(self, game: Game, seat: int) -> Action:
        if game.can_draw_from("discard"):
            top = game.discard[-1]
            hand = game.hands[seat]
            if game.completed[seat] is None:
                if top.is_wild:
                    return DRAW_DISCARD
                phase, missing, _keep = self._goal(game, seat, hand)
                if phase is not None:
                    after, _ = plan(phase, [*hand, top])
                    if after < missing:
                        return DRAW_DISCARD
            elif _hittable(game, top):
                return DRAW_DISCARD
        if game.can_draw_from("pile"):
            return DRAW_PILE
        return DRAW_DISCARD

    # -- discarding ------------------------------------------------------------------------------

    def _discard(self, game: Game, seat: int) -> Action:
        hand = game.hands[seat]
        others = [s for s in game.active if s != seat]
        danger = any(game.completed[s] is not None and len(game.hands[s]) <= 4 for s in others)
        if game.completed[seat] is None:
            _phase, _missing, keep = self._goal(game, seat, hand)
            junk = _junk(hand, keep)
        else:
            junk = [c for c in hand if not c.is_wild] or list(hand)
        numbers, colors, _wilds = _tally(hand)
        skips = [c for c in junk if c.is_skip]
        rest = [c for c in junk if not c.is_skip]
        if skips:
            targets = game.skip_targets(seat)
            target = max(targets, key=lambda s: _threat(game, s)) if targets else None
            laid_target = target is not None and game.completed[target] is not None
            leader = target is not None and _threat(game, target) >= max(_threat(game, s) for s in others)
            if not rest or danger or laid_target or (leader and target is not None) or game.completed[seat] is not None:
                chosen = target if target is not None and game.skip_target_chosen() else None
                return Action(DISCARD, card=skips[0], skip=chosen)
        pool = rest or junk
        if danger:
            card = max(pool, key=lambda c: (card_points(c), -numbers[c.number] if c.number else 0))
        else:
            card = min(pool, key=lambda c: (_potential(c, numbers, colors), -card_points(c)))
        return Action(DISCARD, card=card)


def _junk(hand: Sequence[Card], keep: dict[Any, int]) -> list[Card]:
    """The cards of ``hand`` the plan does not keep (wilds are always kept while any other card is junk)."""
    wanted = dict(keep)
    junk = []
    by_color = any(isinstance(k, str) for k in wanted)
    for card in hand:
        if card.kind is Kind.WILD:
            continue
        key = card.color if by_color else card.number
        if card.kind is Kind.NUMBER and wanted.get(key, 0) > 0:
            wanted[key] -= 1
        else:
            junk.append(card)
    return junk or [c for c in hand if c.is_wild]


def _potential(card: Card, numbers: list[int], colors: dict[str, int]) -> int:
    """How promising a spare card is (pairs and neighbours may grow into a group)."""
    n = card.number
    if n is None:  # a wild or a skip
        return 0
    return 2 * numbers[n] + (numbers[n - 1] > 0) + (n < 13 and numbers[n + 1] > 0)


def _threat(game: Game, seat: int) -> int:
    """How close ``seat`` is to going out or winning: laid down with few cards first, then phases done."""
    standing = game.standings()[seat]
    score = 10 * len(standing.phases_done) - standing.score // 50
    if game.completed[seat] is not None:
        score += 200 - 10 * len(game.hands[seat])
    return score


def _hittable(game: Game, card: Card) -> bool:
    """Whether ``card`` could be hit on some group on the table."""
    from .hits import hit_options

    if card.is_skip:
        return False
    return any(hit_options(group, card) for seat in game.active for group in game.laid[seat])


BOTS: dict[str, Bot] = dict(zip(BOT_NAMES, (RandomBot(), SmartBot()), strict=True))
"""The bots by name."""


def get_bot(name: str) -> Bot:
    """The bot called ``name``; raises ``KeyError`` for an unknown one."""
    return BOTS[name]


def run_bots(game: Game, *, max_actions: int | None = None, max_rounds: int | None = None) -> int:
    """Let the bots act until a person must act or the game ends; returns how many actions they took.

    ``max_actions`` and ``max_rounds`` cap a run (the simulator's guard for games that would go on
    for ever): the run stops once that many actions were taken or the round number passes the cap.
    """
    taken = 0
    while game.status == "playing":
        seat = game.turn
        if seat is None:
            break
        name = game.bots[seat]
        if name is None:
            break
        if max_actions is not None and taken >= max_actions:
            break
        if max_rounds is not None and game.round > max_rounds:
            break
        game.apply(seat, BOTS[name].choose(game, seat))
        taken += 1
    return taken
