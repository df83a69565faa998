"""Phase 10 actions as values: the JSON form read and written (API.md), every malformed body refused with
its sentence, and ``from_json(a.to_json()) == a`` for the actions the game and the bots produce."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.engine.errors import IllegalActionError
from app.games.phase10.engine.actions import DISCARD, DRAW, DRAW_DISCARD, DRAW_PILE, HIT, LAY_DOWN, Action
from app.games.phase10.engine.bots import BOTS
from app.games.phase10.engine.cards import DECK, Card
from app.games.phase10.engine.game import Game

C = Card.parse


@pytest.mark.parametrize(
    ("body", "value"),
    [
        ({"type": "draw", "from": "pile"}, DRAW_PILE),
        ({"type": "draw", "from": "discard"}, DRAW_DISCARD),
        (
            {"type": "lay_down", "groups": [["7", "R7", "W"], ["3", "3", "3"]]},
            Action(LAY_DOWN, groups=((C("7"), C("R7"), C("W")), (C("3"), C("3"), C("3")))),
        ),
        (
            {"type": "lay_down", "groups": [["7", "7", "7"]], "phase": 4},
            Action(LAY_DOWN, groups=((C("7"),) * 3,), phase=4),
        ),
        ({"type": "hit", "card": "W", "seat": 1, "group": 0}, Action(HIT, card=C("W"), seat=1, group=0)),
        (
            {"type": "hit", "card": "W", "seat": 0, "group": 1, "end": "low"},
            Action(HIT, card=C("W"), seat=0, group=1, end="low"),
        ),
        ({"type": "discard", "card": "B12"}, Action(DISCARD, card=C("B12"))),
        ({"type": "discard", "card": "S", "skip": 2}, Action(DISCARD, card=C("S"), skip=2)),
    ],
)
def test_the_json_form_reads_as_a_value_and_writes_back_unchanged(body, value):
    assert Action.from_json(body) == value
    assert value.to_json() == body
    assert list(value.to_json()) == list(body)  # the keys in the order API.md writes them


def test_null_optional_fields_read_as_absent():
    assert Action.from_json({"type": "lay_down", "groups": [["7"]], "phase": None}).phase is None
    assert Action.from_json({"type": "hit", "card": "W", "seat": 0, "group": 0, "end": None}).end is None
    assert Action.from_json({"type": "discard", "card": "S", "skip": None}) == Action(DISCARD, card=C("S"))


@pytest.mark.parametrize(
    ("body", "sentence"),
    [
        (None, "An action must be an object with a type."),
        (["draw"], "An action must be an object with a type."),
        ("draw", "An action must be an object with a type."),
        ({}, "Unknown action type None: use draw, lay_down, hit or discard."),
        ({"type": "play"}, "Unknown action type play: use draw, lay_down, hit or discard."),
        ({"type": ["draw"]}, "Unknown action type ['draw']: use draw, lay_down, hit or discard."),
        ({"type": "draw"}, 'A draw action needs "from".'),
        ({"type": "draw", "from": "pile", "card": "7"}, 'A draw action has no "card".'),
        ({"type": "draw", "from": "deck"}, 'A draw is from "pile" or "discard".'),
        ({"type": "draw", "from": None}, 'A draw is from "pile" or "discard".'),
        ({"type": "lay_down"}, 'A lay_down action needs "groups".'),
        (
            {"type": "lay_down", "groups": "7 7 7"},
            "A lay-down's groups must be a list of non-empty lists of card tokens.",
        ),
        ({"type": "lay_down", "groups": []}, "A lay-down's groups must be a list of non-empty lists of card tokens."),
        ({"type": "lay_down", "groups": [[]]}, "A lay-down's groups must be a list of non-empty lists of card tokens."),
        ({"type": "lay_down", "groups": [["7", 7]]}, "A card must be a token such as R7, 7, W or S."),
        ({"type": "lay_down", "groups": [["7"]], "phase": 1.5}, '"phase" must be a phase number or "tiebreaker".'),
        ({"type": "lay_down", "groups": [["7"]], "phase": True}, '"phase" must be a phase number or "tiebreaker".'),
        ({"type": "hit", "card": "7", "seat": 0}, 'A hit action needs "group".'),
        ({"type": "hit", "card": "7", "seat": "0", "group": 0}, 'A hit\'s "seat" and "group" are whole numbers.'),
        ({"type": "hit", "card": "7", "seat": 0, "group": False}, 'A hit\'s "seat" and "group" are whole numbers.'),
        ({"type": "hit", "card": "7", "seat": 0, "group": 0, "end": "top"}, 'A hit\'s "end" is "low" or "high".'),
        ({"type": "hit", "card": None, "seat": 0, "group": 0}, "A card must be a token such as R7, 7, W or S."),
        ({"type": "discard"}, 'A discard action needs "card".'),
        ({"type": "discard", "card": "7", "end": "low"}, 'A discard action has no "end".'),
        ({"type": "discard", "card": 7}, "A card must be a token such as R7, 7, W or S."),
        ({"type": "discard", "card": "S", "skip": "1"}, 'A Skip\'s "skip" is a seat number.'),
    ],
)
def test_every_malformed_body_is_refused_with_its_sentence(body, sentence):
    with pytest.raises(IllegalActionError) as caught:
        Action.from_json(body)
    assert str(caught.value) == sentence


def test_a_token_that_is_no_card_is_refused_by_the_card_notation():
    with pytest.raises(IllegalActionError, match="not a Phase 10 card"):
        Action.from_json({"type": "discard", "card": "13"})


def test_the_game_refuses_a_malformed_body_with_the_same_sentence_and_changes_nothing():
    game = Game([{"name": "Ana"}, {"name": "Ben"}], seed=4)
    before = json.dumps(game.to_json(), sort_keys=True)
    with pytest.raises(IllegalActionError) as caught:
        game.apply(game.turn, {"type": "draw", "from": "deck"})
    assert str(caught.value) == 'A draw is from "pile" or "discard".'
    assert json.dumps(game.to_json(), sort_keys=True) == before


def test_the_view_lists_the_legal_actions_in_their_json_form():
    game = Game([{"name": "Ana"}, {"name": "Ben"}], seed=4)
    assert game.view(game.turn)["legal"] == [a.to_json() for a in game.legal_actions(game.turn)]


LINE_UPS = st.sampled_from(
    [
        ({}, 2),
        ({"skip_target": "choose"}, 4),
        ({"variant": "pick_a_phase"}, 3),
        ({"variant": "all_advance", "go_out_by_hit": True}, 3),
    ]
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(line_up=LINE_UPS, seed=st.integers(0, 10_000), steps=st.integers(20, 400), bot=st.sampled_from(sorted(BOTS)))
def test_every_action_the_game_and_the_bots_produce_round_trips_through_json(line_up, seed, steps, bot):
    rules, players = line_up
    game = Game([{"name": f"P{i}", "bot": bot} for i in range(players)], rules, seed=seed, record_log=False)
    for _step in range(steps):
        if game.status != "playing":
            break
        seat = game.turn
        chosen = BOTS[bot].choose(game, seat)
        for action in [*game.legal_actions(seat), chosen]:
            wire = json.loads(json.dumps(action.to_json()))
            assert Action.from_json(wire) == action
        game.apply(seat, chosen)


CARDS = st.sampled_from(sorted(set(DECK), key=str) + [C(str(n)) for n in range(1, 13)])
SEATS = st.integers(0, 5)
ACTIONS = st.one_of(
    st.sampled_from([DRAW_PILE, DRAW_DISCARD]),
    st.builds(
        lambda groups, phase: Action(LAY_DOWN, groups=groups, phase=phase),
        st.lists(st.lists(CARDS, min_size=1, max_size=6).map(tuple), min_size=1, max_size=3).map(tuple),
        st.one_of(st.none(), st.integers(1, 10)),
    ),
    st.builds(
        lambda card, seat, group, end: Action(HIT, card=card, seat=seat, group=group, end=end),
        CARDS,
        SEATS,
        st.integers(0, 1),
        st.sampled_from([None, "low", "high"]),
    ),
    st.builds(lambda card, skip: Action(DISCARD, card=card, skip=skip), CARDS, st.one_of(st.none(), SEATS)),
)


@given(ACTIONS)
def test_any_well_formed_value_round_trips_through_json(action):
    assert action.kind in (DRAW, LAY_DOWN, HIT, DISCARD)
    assert Action.from_json(json.loads(json.dumps(action.to_json()))) == action
