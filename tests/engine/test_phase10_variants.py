"""Phase 10's variations as objects: each answers the questions the sheet and the game ask."""

from __future__ import annotations

import pytest

from app.games.phase10.engine.phases import make_rules
from app.games.phase10.engine.variants import VARIANTS, AllAdvance, PickAPhase, RoundEnd, Variant, variant_of

PHASES = (1, 2, 3)


def test_the_table_rule_offers_every_variant_and_maps_to_its_object():
    assert tuple(VARIANTS) == ("classic", "all_advance", "pick_a_phase")
    for name, variant in VARIANTS.items():
        assert variant_of(make_rules({"variant": name})) is variant and variant.name == name
    assert [v.picks_phase for v in VARIANTS.values()] == [False, False, True]


@pytest.mark.parametrize(
    ("variant", "done", "played", "to_play", "open_"),
    [
        (Variant(), (1,), 5, 2, (2,)),
        (Variant(), (1, 2, 3), 5, None, ()),
        (AllAdvance(), (), 1, 2, (2,)),  # everybody moves on, completed or not
        (AllAdvance(), (1,), 3, None, ()),
        (PickAPhase(), (2,), 4, 1, (1, 3)),
        (PickAPhase(), (1, 2, 3), 4, None, ()),
    ],
)
def test_which_phase_a_player_plays(variant, done, played, to_play, open_):
    assert variant.phase_to_play(PHASES, done, played) == to_play
    assert variant.phases_open(PHASES, done, played) == open_


def test_when_the_game_ends_and_among_whom():
    players = ("Ana", "Ben", "Cy")
    done = {"Ana": [1, 2, 3], "Ben": [3, 1, 2], "Cy": [1]}
    now = {"Ana": 3, "Ben": 2, "Cy": None}
    assert Variant().finishers(RoundEnd(PHASES, players, done, now, 3)) == (("Ana",), True)
    assert PickAPhase().finishers(RoundEnd(PHASES, players, done, now, 3)) == (("Ana", "Ben"), True)
    assert AllAdvance().finishers(RoundEnd(PHASES, players, done, now, 2)) is None
    assert AllAdvance().finishers(RoundEnd(PHASES, players, done, now, 3)) == (players, False)
    assert Variant().finishers(RoundEnd(PHASES, players, done, {"Ana": 2}, 2)) is None


def test_who_leads_and_the_goal_sentence():
    assert Variant().leader_key(40, [1, 2]) < Variant().leader_key(10, [1])  # more phases first
    assert AllAdvance().leader_key(10, [1]) < AllAdvance().leader_key(40, [1, 2])  # only the total
    assert Variant().goal("Phase 10") == "Phase 10" and PickAPhase().goal("Phase 10") == "all the phases"
