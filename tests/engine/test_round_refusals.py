"""A refused round entry says where (the API's JSON path) and, apart, the player's field and the problem, for a form
to word it; every result of the body is read, so a form can show every refused row at once."""

from __future__ import annotations

import pytest

from app.engine.errors import RoundError
from app.games.phase10.engine import phases
from app.games.phase10.engine import rounds as phase10_rounds
from app.games.uno.engine import rounds as uno_rounds
from app.games.uno.engine import rules as uno_rules


def test_a_token_that_is_not_a_card_names_the_path_the_field_and_the_problem():
    body = {
        "went_out": "Ana",
        "results": [
            {"player": "Ana", "completed": True},
            {"player": "Ben", "completed": False, "cards": ["R5", "Z9"]},
            {"player": "Cy", "completed": True, "cards": ["5"], "laid_down": [["7", "7", "Q"]]},
            {"player": "Dee", "completed": False, "counts": {"low": 10}},
        ],
    }
    with pytest.raises(RoundError) as refused:
        phase10_rounds.parse_round(body, phases.make_rules())
    error = refused.value
    assert str(error) == 'results[1].cards: "Z9" is not a Phase 10 card.'  # the API's answer is unchanged
    assert (error.player, error.field, error.problem) == ("Ben", "cards", '"Z9" is not a Phase 10 card.')
    assert [(e.player, e.field, e.problem) for e in error.also] == [("Cy", "laid_down", '"Q" is not a Phase 10 card.')]


def test_uno_reads_every_result_too():
    body = {"went_out": "Ana", "results": [{"player": "Ben", "cards": ["R10"]}, {"player": "Cy", "cards": ["X"]}]}
    with pytest.raises(RoundError) as refused:
        uno_rounds.parse_round(body, uno_rules.make_rules())
    assert refused.value.field == "cards" and refused.value.player == "Ben"
    assert [e.player for e in refused.value.also] == ["Cy"]
    good = {"went_out": "Ana", "results": [{"player": "Ben", "cards": ["R9"]}, {"player": "Cy", "points": 20}]}
    assert len(uno_rounds.parse_round(good, uno_rules.make_rules()).results) == 2
