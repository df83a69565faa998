"""Players and seats shared by both games, and the small shared helpers (app/engine/players.py, common.py)."""

from __future__ import annotations

import random

import pytest

from app.engine.common import is_int, rng_from_json, rng_to_json
from app.engine.errors import RulesError
from app.engine.players import check_players, join_names, match_player, parse_seats
from app.games.phase10.engine.game import Game
from app.games.uno.engine.game import UnoGame

BOTS = ("random", "smart")


def test_check_players_trims_and_keeps_the_order():
    assert check_players([" Cy ", "Ana", "Ben"], 2, 3) == ("Cy", "Ana", "Ben")


COMPOSED, DECOMPOSED = "Zo\u00eb", "Zoe\u0308"  # one name, two spellings: ë as one character, or e + diaeresis


def test_names_are_stored_in_nfc_and_compared_after_it():
    assert check_players([DECOMPOSED, "Ana"], 2, 6) == (COMPOSED, "Ana")
    assert check_players(["  Zoe\u0308  ", "Ana"], 2, 6)[0] == COMPOSED
    with pytest.raises(RulesError, match=f"{COMPOSED} and {COMPOSED} are the same name"):
        check_players([COMPOSED, DECOMPOSED], 2, 6)
    with pytest.raises(RulesError, match="are the same name"):
        check_players(["ZOE\u0308", COMPOSED], 2, 6)  # case and composition both ignored
    with pytest.raises(RulesError, match="are the same name"):
        parse_seats([{"name": COMPOSED}, {"name": DECOMPOSED, "bot": "smart"}], BOTS, 2, 6)
    assert match_player(DECOMPOSED, (COMPOSED, "Ana")) == COMPOSED
    assert match_player("zoe\u0308 ", (COMPOSED, "Ana")) == COMPOSED


def test_a_name_is_measured_after_nfc():
    # 30 letters e + U+0308 are 60 code points as sent, 30 characters as stored: within the limit.
    assert check_players(["e\u0308" * 30, "Ana"], 2, 6)[0] == "\u00eb" * 30


@pytest.mark.parametrize(
    "names, minimum, maximum, message",
    [
        ("Ana Ben", 2, 6, "list of names"),
        (["Ana", 5], 2, 6, "list of names"),
        (["Ana"], 2, 6, "2 to 6 players, not 1"),
        (["A", "B", "C"], 2, 2, "2 to 2 players, not 3"),
        (["Ana", " "], 2, 6, "Player 2 has no name"),
        (["Ana", "x" * 31], 2, 6, "too long"),
        (["Ana", " ANA"], 2, 6, "Ana and ANA are the same name"),
        (["A\u202eB", "Ben"], 2, 6, "no control characters"),
        (["Ana", "Ben\x00"], 2, 6, "no control characters"),
        (["Ana", "tab\tname"], 2, 6, "no control characters"),
        (["Ana", "a\ud800"], 2, 6, "no control characters"),
    ],
)
def test_check_players_refusals(names, minimum, maximum, message):
    with pytest.raises(RulesError, match=message):
        check_players(names, minimum, maximum)


def test_parse_seats_takes_objects_and_plain_names():
    seats = [{"name": " Ana "}, {"name": "Bot", "bot": "smart"}, "Cy"]
    assert parse_seats(seats, BOTS, 2, 6) == (("Ana", "Bot", "Cy"), (None, "smart", None))


@pytest.mark.parametrize(
    "seats, message",
    [
        ({"name": "Ana"}, "list of players"),
        (["Ana", 7], 'Seat 2 must be an object with a "name"'),
        ([{"name": "Ana", "colour": "red"}, "Ben"], 'Seat 1 has an unknown field "colour"'),
        ([{"name": "Ana", "k" * 100: 1}, "Ben"], 'unknown field "' + "k" * 40 + '"'),
        ([{"bot": "smart"}, "Ben"], "Seat 1 needs a name"),
        ([{"name": 3}, "Ben"], "Seat 1 needs a name"),
        (["Ana", {"name": "B", "bot": "genius"}], "Seat 2: there is no bot called genius; choose one of random, smart"),
        (["Ana", {"name": "B", "bot": ["smart"]}], "Seat 2: there is no bot called"),
        (["Ana", "ana"], "same name"),
        (["Ana"], "2 to 6 players"),
        ([{"name": "A\u202eB"}, "Ben"], "no control characters"),
    ],
)
def test_parse_seats_refusals(seats, message):
    with pytest.raises(RulesError, match=message.replace("(", r"\(")):
        parse_seats(seats, BOTS, 2, 6)


def test_parse_seats_may_refuse_plain_names():
    with pytest.raises(RulesError, match='Seat 1 must be an object with a "name"'):
        parse_seats(["Ana", {"name": "Ben"}], BOTS, 2, 6, plain_names=False)


@pytest.mark.parametrize("game", [Game, UnoGame])
def test_both_digital_games_check_seats_alike(game):
    with pytest.raises(RulesError, match='Seat 2 has an unknown field "seat"'):
        game(["Ana", {"name": "Ben", "seat": 3}], seed=1)
    with pytest.raises(RulesError, match="no bot called genius"):
        game(["Ana", {"name": "Ben", "bot": "genius"}], seed=1)
    assert game([" Ana ", {"name": "Ben", "bot": "smart"}], seed=1).names == ("Ana", "Ben")


def test_match_player_ignores_case_and_spaces():
    assert match_player("  ana ", ("Ben", "Ana")) == "Ana"
    assert match_player("Cy", ("Ben", "Ana")) is None


def test_join_names():
    assert join_names(["Ana"]) == "Ana"
    assert join_names(["Ana", "Ben"]) == "Ana and Ben"
    assert join_names(["Ana", "Ben", "Cy"]) == "Ana, Ben and Cy"


def test_is_int_refuses_booleans_and_floats():
    assert is_int(0) and is_int(-3)
    assert not any(is_int(v) for v in (True, False, 1.0, "1", None))


def test_a_stored_random_generator_goes_on_with_the_same_numbers():
    rng = random.Random(42)
    rng.random()
    copy = rng_from_json(rng_to_json(rng))
    assert [copy.random() for _ in range(5)] == [rng.random() for _ in range(5)]
