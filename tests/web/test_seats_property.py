"""Property: over random games of both kinds, no seat's view, log, ``legal`` or error ever holds a card hidden
from that seat.

Two checks at every step of a random game (people at every seat, random legal moves, out-of-turn ones
included, and random refused ones):

- Non-interference: the cards hidden from a seat (the other hands and the draw pile) are dealt
  differently among themselves (each hand keeps its size); that seat's view (hand, table, ``legal``,
  ``pending``, log) and the error for a refused action must not change.
- The log: a card that went from the draw pile into another seat's hand during the step appears in
  none of the new log entries as that seat sees them (not as a token, not in words).
"""

from __future__ import annotations

import copy
import os
import random
import re
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.engine.errors import EngineError
from app.games.phase10.engine.game import Game as Phase10Game
from app.games.phase10.engine.phases import make_rules as p10_rules
from app.games.uno.engine.game import TOKEN, UnoGame, card_name
from app.games.uno.engine.rules import make_rules as uno_rules

KINDS = {
    "uno": (UnoGame, uno_rules, {"target": 60, "jump_in": True, "stacking": True, "seven_o": True}),
    "phase10": (Phase10Game, p10_rules, {"phases": [1, 2]}),
}


def new_game(kind: str, players: int, seed: int):
    cls, rules, options = KINDS[kind]
    seats = [{"name": f"P{n}"} for n in range(players)]
    return cls(seats, rules(options), seed, None)


def rebuild(game):
    return type(game).from_json(copy.deepcopy(game.to_json()))


def reshuffled(game, viewer: int, rng: random.Random):
    """The same game with the cards hidden from ``viewer`` dealt differently among the other hands and the pile."""
    state = copy.deepcopy(game.to_json())
    others = [s for s in range(len(state["hands"])) if s != viewer]
    pool = [card for s in others for card in state["hands"][s]] + list(state["draw_pile"])
    rng.shuffle(pool)
    for s in others:
        size = len(state["hands"][s])
        state["hands"][s], pool = pool[:size], pool[size:]
    state["draw_pile"] = pool
    return type(game).from_json(state)


def refusal(game, seat: int, action: dict) -> str | None:
    """The error sentence the engine gives for ``action`` by ``seat`` (``None``: it was allowed)."""
    trial = rebuild(game)
    try:
        trial.apply(seat, action)
    except EngineError as error:
        return str(error)
    return None


def words(kind: str, token: str) -> list[str]:
    """The ways a log entry could name a card: its token, and (UNO, but for the wilds, whose names are part
    of one another's) in words."""
    if kind == "uno" and not token.startswith("W"):
        return [token, card_name(TOKEN.index(token))]
    return [token]


def mentions(text: str, name: str) -> bool:
    return re.search(r"(?<![A-Za-z0-9+_-])" + re.escape(name) + r"(?![A-Za-z0-9+_-])", text) is not None


def shown_to(entry: dict, viewer: int) -> str:
    """The entry as text, less what the rules show this viewer on purpose (the challenged hand, to the
    challenger)."""
    if entry["type"] == "challenge" and entry.get("seat") == viewer:
        entry = {k: v for k, v in entry.items() if k != "hand"}
    return repr(entry)


def probes(kind: str, game, seat: int, rng: random.Random) -> list[dict]:
    """Actions to try for ``seat``: some of its legal ones and some naming cards it does not hold."""
    legal = game.legal_actions(seat)
    out = rng.sample(legal, min(2, len(legal)))
    hidden = [c for s, hand in enumerate(game.to_json()["hands"]) if s != seat for c in hand]
    if hidden:
        card = rng.choice(hidden)
        if kind == "uno":
            out += [{"type": "play", "card": card}, {"type": "catch", "seat": (seat + 1) % len(game.names)}]
        else:
            out += [{"type": "discard", "card": card}, {"type": "lay_down", "groups": [[card, card, card]]}]
    return out


def secret_draws(before: dict, after: dict) -> dict[int, Counter]:
    """Per seat, the cards that went from the draw pile into its hand between two states."""
    left_pile = Counter(before["draw_pile"]) - Counter(after["draw_pile"])
    out = {}
    for seat, (old, new) in enumerate(zip(before["hands"], after["hands"])):
        out[seat] = (Counter(new) - Counter(old)) & left_pile
    return out


def check_step(kind: str, game, before: dict | None, last_seq: int, rng: random.Random) -> None:
    after = game.to_json()
    draws = secret_draws(before, after) if before and before["round"] == after["round"] else {}
    prober = rng.randrange(len(game.names))  # refused actions are tried for one seat a step
    for viewer in range(len(game.names)):
        view = game.view(viewer)
        other = reshuffled(game, viewer, rng)
        assert other.view(viewer) == view, f"seat {viewer}'s view depends on cards hidden from it"
        if viewer == prober:
            for action in probes(kind, game, viewer, rng):
                assert refusal(other, viewer, action) == refusal(game, viewer, action), action
        fresh = [entry for entry in view["log"] if entry["seq"] > last_seq]
        for seat, cards in draws.items():
            if seat == viewer:
                continue
            for entry in fresh:
                text = shown_to(entry, viewer)
                for card in cards:
                    for name in words(kind, card):
                        assert not mentions(text, name), f"{name} drawn by seat {seat} shown to {viewer}: {entry}"


def last_seq(game) -> int:
    log = game.view(None)["log"]
    return log[-1]["seq"] if log else 0


# 12 games in make test (about 10 s); make long-games runs SEATS_PROPERTY_EXAMPLES=200.
@settings(
    max_examples=int(os.environ.get("SEATS_PROPERTY_EXAMPLES", "12")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    kind=st.sampled_from(sorted(KINDS)),
    players=st.integers(min_value=2, max_value=4),
    seed=st.integers(min_value=0, max_value=2**31),
    steps=st.integers(min_value=5, max_value=40),
)
def test_no_seat_ever_sees_a_card_hidden_from_it(kind, players, seed, steps):
    rng = random.Random(seed)
    game = new_game(kind, players, seed)
    check_step(kind, game, None, 0, rng)
    for _step in range(steps):
        if game.status != "playing":
            break
        before, seq = game.to_json(), last_seq(game)
        choices = [(s, a) for s in range(players) for a in game.legal_actions(s)]
        seat, action = rng.choice(choices)
        game.apply(seat, action)
        check_step(kind, game, before, seq, rng)
