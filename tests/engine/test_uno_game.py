"""The digital UNO game: every rule of RULES.md and every house rule, on stacked decks."""

from __future__ import annotations

import json

import pytest

from app.engine.errors import DeckError, GameOverError, IllegalActionError, NotYourTurnError, RulesError
from app.engine.outcome import DecidingRule
from app.games.uno.engine.bots import run_bots
from app.games.uno.engine.game import LOG_KEEP, UnoGame


def hand(game, seat):
    return game.view(seat)["seats"][seat]["hand"]


def play(game, seat, card, **extra):
    game.apply(seat, {"type": "play", "card": card, **extra})


def legal(game, seat):
    """The legal moves of ``seat`` in their JSON form (API.md), as the game's view lists them."""
    return [move.to_json() for move in game.legal_actions(seat)]


def assert_refused(game, seat, action, error=IllegalActionError, match=None):
    before = json.dumps(game.to_json(), sort_keys=True)
    with pytest.raises(error, match=match):
        game.apply(seat, action)
    assert json.dumps(game.to_json(), sort_keys=True) == before


# --- the deal ---------------------------------------------------------------------------------------


def test_fixed_deck_deals_one_card_at_a_time_from_seat_zero():
    deck = ["R1", "G1", "R2", "G2", "R3", "G3", "R4", "G4", "R5", "G5", "R6", "G6", "R7", "G7", "B9", "B1", "Y8"]
    game = UnoGame([{"name": "Ana"}, {"name": "Ben", "bot": "random"}], seed=3, deck=deck)
    view = game.view(0)
    assert view["seats"][0]["hand"] == ["R1", "R2", "R3", "R4", "R5", "R6", "R7"]
    assert game.view(1)["seats"][1]["hand"] == ["G1", "G2", "G3", "G4", "G5", "G6", "G7"]
    assert view["discard_top"] == "B9" and view["color"] == "B"
    assert view["draw_pile"] == 108 - 15
    assert view["dealer"] == 1 and view["turn"] == 0 and view["direction"] == 1 and view["round"] == 1
    assert "hand" not in view["seats"][1]
    game.apply(0, {"type": "draw"})
    assert game.view(0)["pending"] == {"type": "drawn", "seat": 0, "card": "B1"}
    assert game.view(1)["pending"] == {"type": "drawn", "seat": 0}
    game.apply(0, {"type": "pass"})
    game.apply(1, {"type": "draw"})
    assert hand(game, 1)[-1] == "Y8"


@pytest.mark.parametrize(
    "deck, message",
    [
        (["W4"] * 5, "only 4"),
        (["R0", "R0"], "only 1"),
        (["R10"], "not an UNO card"),
        ("R5 G5", "list"),
    ],
)
def test_a_deck_the_real_deck_cannot_hold_is_refused(deck, message):
    with pytest.raises(DeckError, match=message):
        UnoGame(["Ana", "Ben"], deck=deck)


@pytest.mark.parametrize(
    "seats",
    [
        ["Ana"],
        [f"P{i}" for i in range(11)],
        ["Ana", "ana"],
        ["Ana", ""],
        [{"name": "Ana", "bot": "genius"}, "Ben"],
        [{"name": "Ana", "seat": 1}, "Ben"],
        "Ana Ben",
        [{"bot": "smart"}, "Ben"],
    ],
)
def test_bad_seats_are_refused(seats):
    with pytest.raises(RulesError):
        UnoGame(seats)


def test_without_a_seed_the_game_picks_one_and_records_it():
    game = UnoGame(["Ana", "Ben"], seed=None)
    assert isinstance(game.seed, int) and 0 <= game.seed < 2**31
    again = UnoGame(["Ana", "Ben"], seed=game.seed)
    assert again.to_json()["hands"] == game.to_json()["hands"]


def test_the_stored_log_keeps_a_bounded_tail():
    game = UnoGame([{"name": "A", "bot": "smart"}, {"name": "B", "bot": "smart"}], seed=9)
    run_bots(game)
    stored = game.to_json()["log"]
    assert game._seq > LOG_KEEP + 50
    assert LOG_KEEP <= len(stored) <= LOG_KEEP + 50
    assert [e["seq"] for e in stored] == list(range(game._seq - len(stored) + 1, game._seq + 1))
    assert UnoGame.from_json(game.to_json()).view(0)["log"][-1]["seq"] == game._seq


def test_ten_players_can_play():
    game = UnoGame([f"P{i}" for i in range(10)], seed=5)
    view = game.view(None)
    extra = 2 if view["discard_top"].endswith("+2") else 0
    assert sum(s["cards"] for s in view["seats"]) == 70 + extra
    assert view["draw_pile"] == 108 - 71 - extra


# --- matching ---------------------------------------------------------------------------------------


def test_matching_by_colour_number_and_symbol(deal):
    game = deal([["R9", "G5", "B2", "GS"], ["RS"]], "R5")
    assert_refused(game, 0, {"type": "play", "card": "B2"}, match="does not match")
    play(game, 0, "G5")  # same number
    assert game.view(None)["color"] == "G"
    game = deal([["R9", "G5", "B2", "GS"], ["RS", "G8"]], "R5")
    play(game, 0, "R9")  # same colour
    play(game, 1, "RS")  # colour again; Skip with two players: Ben plays again
    assert game.view(None)["turn"] == 1
    game.apply(1, {"type": "draw"})
    game = deal([["B2"], ["GS", "B3"]], "RS")  # the first Skip skips Ana
    play(game, 1, "GS")  # same symbol
    assert game.view(None)["color"] == "G"


def test_a_wild_may_be_played_even_with_a_matching_card_and_needs_a_colour(deal):
    game = deal([["R9", "W"], []], "R5")
    assert_refused(game, 0, {"type": "play", "card": "W"}, match="colour")
    play(game, 0, "W", color="b")
    view = game.view(None)
    assert view["color"] == "B" and view["discard_top"] == "W" and view["turn"] == 1


def test_a_card_not_in_hand_is_refused(deal):
    game = deal([["R9"], []], "R5")
    assert_refused(game, 0, {"type": "play", "card": "R8"}, match="do not hold")


# --- drawing ----------------------------------------------------------------------------------------


def test_draw_then_only_the_drawn_card_may_be_played(deal):
    game = deal([["R9"], []], "R5", draws=["R1"])
    game.apply(0, {"type": "draw"})
    assert {"type": "play", "card": "R9"} not in legal(game, 0)
    assert legal(game, 0) == [{"type": "play", "card": "R1"}, {"type": "pass"}]
    assert_refused(game, 0, {"type": "play", "card": "R9"}, match="drew")
    play(game, 0, "R1")
    assert game.view(None)["turn"] == 1 and game.view(None)["discard_top"] == "R1"


def test_a_drawn_card_that_cannot_be_played_ends_the_turn_at_once(deal):
    game = deal([["R9"], []], "R5", draws=["G1"])
    game.apply(0, {"type": "draw"})
    view = game.view(0)
    assert view["pending"] is None and view["turn"] == 1 and "G1" in view["seats"][0]["hand"]


def test_drawing_is_allowed_with_a_playable_card_and_pass_only_after_drawing(deal):
    game = deal([["R9"], []], "R5", draws=["G1"])
    assert_refused(game, 0, {"type": "pass"}, match="only after drawing")
    assert {"type": "draw"} in legal(game, 0)


def test_draw_until_playable_keeps_drawing_up_to_a_playable_card(deal):
    game = deal([["G9"], []], "R5", draws=["G1", "G2", "B3", "R8", "Y4"], rules={"draw_until_playable": True})
    game.apply(0, {"type": "draw"})
    assert game.view(0)["pending"] == {"type": "drawn", "seat": 0, "card": "R8"}
    assert game.view(0)["seats"][0]["cards"] == 11


def test_draw_until_playable_stops_after_ten_cards(deal):
    draws = ["G1", "G2", "B3", "B4", "G6", "G7", "B8", "G8", "B6", "B7", "R8"]
    game = deal([["G9"], []], "R5", draws=draws, rules={"draw_until_playable": True})
    game.apply(0, {"type": "draw"})
    view = game.view(0)
    assert view["seats"][0]["cards"] == 17 and view["turn"] == 1 and view["pending"] is None


def test_the_discard_pile_is_reshuffled_when_the_draw_pile_runs_out(card_count, deal):
    game = deal([["G9"], []], "R5")
    data = game.to_json()
    data["discard_pile"] = data["draw_pile"][1:] + data["discard_pile"]
    data["draw_pile"] = data["draw_pile"][:1]
    game = UnoGame.from_json(data)
    under = len(data["discard_pile"]) - 1
    game.apply(0, {"type": "draw"})
    if game.view(0)["pending"]:
        game.apply(0, {"type": "pass"})
    assert game.view(None)["draw_pile"] == 0
    game.apply(1, {"type": "draw"})
    view = game.view(None)
    assert view["discard_top"] == "R5" and view["draw_pile"] == under - 1
    assert card_count(game) == card_count(deal([[], []], "R5"))


# --- action cards -----------------------------------------------------------------------------------


@pytest.mark.parametrize("card", ["RR", "RS"])
def test_two_players_reverse_and_skip_let_the_player_play_again(card, deal):
    game = deal([[card, "R1"], []], "R5")
    play(game, 0, card)
    assert game.view(None)["turn"] == 0


def test_two_players_draw_two_makes_the_other_draw_and_returns_the_turn(deal):
    game = deal([["R+2", "R1"], []], "R5")
    play(game, 0, "R+2")
    view = game.view(None)
    assert view["seats"][1]["cards"] == 9 and view["turn"] == 0


def test_reverse_changes_direction_with_three_players(deal):
    game = deal([["RR", "R1"], ["R2"], ["R3"]], "R5")
    play(game, 0, "RR")
    view = game.view(None)
    assert view["direction"] == -1 and view["turn"] == 2
    play(game, 2, "R3")
    assert game.view(None)["turn"] == 1


def test_skip_and_draw_two_with_three_players(deal):
    game = deal([["RS", "R1"], ["R2"], ["R+2", "R3"]], "R5")
    play(game, 0, "RS")
    assert game.view(None)["turn"] == 2
    play(game, 2, "R+2")
    view = game.view(None)
    assert view["seats"][0]["cards"] == 8 and view["turn"] == 1


# --- first discard ----------------------------------------------------------------------------------


def test_first_discard_skip_skips_the_player_left_of_the_dealer(deal):
    game = deal([[], [], []], "RS")
    assert game.view(None)["turn"] == 1


def test_first_discard_reverse_lets_the_dealer_play_counter_clockwise(deal):
    game = deal([[], [], []], "RR")
    view = game.view(None)
    assert view["turn"] == 2 and view["direction"] == -1 and view["dealer"] == 2


def test_first_discard_draw_two(deal):
    game = deal([[], [], []], "R+2", draws=["G1", "G2"])
    view = game.view(0)
    assert view["turn"] == 1 and view["seats"][0]["cards"] == 9 and view["seats"][0]["hand"][-2:] == ["G1", "G2"]


def test_first_discard_wild_the_first_player_names_the_colour_and_plays(deal):
    game = deal([["G1"], [], []], "W")
    view = game.view(0)
    assert view["pending"] == {"type": "color", "seat": 0} and view["color"] is None and view["turn"] == 0
    assert legal(game, 0) == [{"type": "color", "color": c} for c in "RYGB"]
    assert_refused(game, 1, {"type": "color", "color": "G"}, NotYourTurnError)
    assert_refused(game, 0, {"type": "play", "card": "G1"}, match="colour")
    game.apply(0, {"type": "color", "color": "G"})
    assert game.view(None)["color"] == "G" and game.view(None)["turn"] == 0
    play(game, 0, "G1")
    assert game.view(None)["turn"] == 1


@pytest.mark.parametrize("first, rules", [("W4", None), ("W", {"first_wild": "reshuffle"})])
def test_first_discard_wild_returned_and_reshuffled(first, rules, card_count, deal):
    for seed in range(5):
        game = deal([[], [], []], first, rules=rules, seed=seed)
        view = game.view(None)
        assert view["discard_top"] not in ("W", "W4") and view["pending"] is None
        assert card_count(game) == card_count(deal([[], [], []], "R5"))
        assert any(e["type"] == "return" for e in view["log"])


# --- Wild Draw Four and the challenge ------------------------------------------------------------------


def test_wild_draw_four_accepted(deal):
    game = deal([["W4", "G1"], [], []], "R5")
    play(game, 0, "W4", color="G")
    assert game.view(1)["pending"] == {"type": "wild_draw_four", "seat": 1, "amount": 4, "by": 0}
    assert legal(game, 1) == [{"type": "challenge"}, {"type": "accept"}]
    assert_refused(game, 1, {"type": "draw"}, match="Challenge or accept")
    game.apply(1, {"type": "accept"})
    view = game.view(None)
    assert view["seats"][1]["cards"] == 11 and view["turn"] == 2 and view["color"] == "G"


def test_challenge_catches_a_bluff_the_player_draws_four_and_the_challenger_plays_on(deal):
    game = deal([["W4", "R1"], ["G2"], []], "R5")
    play(game, 0, "W4", color="G")
    game.apply(1, {"type": "challenge"})
    view = game.view(1)
    assert view["seats"][0]["cards"] == 10 and view["seats"][1]["cards"] == 7
    assert view["turn"] == 1 and view["pending"] is None
    assert view["log"][-2]["hand"] == game.view(0)["seats"][0]["hand"][:6]  # the challenger saw the hand
    assert "hand" not in game.view(2)["log"][-2]
    play(game, 1, "G2")


def test_challenge_of_a_legal_wild_draw_four_costs_the_challenger_six(deal):
    game = deal([["W4", "G1"], [], []], "R5")
    play(game, 0, "W4", color="G")
    game.apply(1, {"type": "challenge"})
    view = game.view(None)
    assert view["seats"][1]["cards"] == 13 and view["seats"][0]["cards"] == 6 and view["turn"] == 2


def test_only_the_player_who_must_draw_may_challenge(deal):
    game = deal([["W4", "R1"], [], []], "R5")
    play(game, 0, "W4", color="G")
    assert_refused(game, 2, {"type": "challenge"}, NotYourTurnError)
    assert_refused(game, 0, {"type": "challenge"}, NotYourTurnError)


def test_matching_numbers_and_plain_wilds_do_not_make_a_wild_draw_four_a_bluff(deal):
    game = deal([["W4", "G5", "W"], [], []], "R5")
    play(game, 0, "W4", color="B")
    game.apply(1, {"type": "challenge"})
    assert game.view(None)["seats"][1]["cards"] == 13


# --- UNO call -----------------------------------------------------------------------------------------


@pytest.fixture
def uno_position(arrange, deal):
    """A factory: Ana holds R1 R2 (one play from UNO), Ben G1 G2 G3, Cy B1 B2 R3; ``make(rules=None)``."""

    def make(rules=None):
        game = deal([[], [], []], "R5", rules=rules)
        return arrange(game, hands={0: ["R1", "R2"], 1: ["G1", "G2", "G3"], 2: ["B1", "B2", "R3"]})

    return make


def test_a_missing_uno_call_is_caught_for_two_cards(uno_position):
    game = uno_position()
    play(game, 0, "R1")
    assert {"type": "catch", "seat": 0} in legal(game, 2)
    assert {"type": "uno"} in legal(game, 0)
    game.apply(2, {"type": "catch", "seat": 0})
    assert game.view(None)["seats"][0]["cards"] == 3
    assert_refused(game, 1, {"type": "catch", "seat": 0}, match="cannot be caught")


def test_the_catch_window_closes_when_the_next_player_begins_a_turn(uno_position):
    game = uno_position()
    play(game, 0, "R1")
    game.apply(1, {"type": "draw"})
    assert_refused(game, 2, {"type": "catch", "seat": 0}, match="cannot be caught")


def test_calling_uno_with_the_play_or_before_being_caught_is_safe(uno_position):
    game = uno_position()
    assert {"type": "play", "card": "R1", "uno": True} in legal(game, 0)
    play(game, 0, "R1", uno=True)
    assert not any(a["type"] == "catch" for a in legal(game, 1))
    assert game.view(None)["seats"][0]["uno"] is True
    game = uno_position()
    play(game, 0, "R1")
    game.apply(0, {"type": "uno"})  # out of turn
    assert_refused(game, 1, {"type": "catch", "seat": 0})


def test_uno_cannot_be_called_with_more_cards(uno_position):
    game = uno_position()
    assert_refused(game, 1, {"type": "uno"}, match="one card")


# --- end of a hand, scoring ----------------------------------------------------------------------------


def test_a_hand_ending_on_draw_two_makes_the_next_player_draw_before_scoring(arrange, deal):
    game = deal([[], [], []], "R5", rules={"target": 500})
    game = arrange(game, hands={0: ["R+2"], 1: ["G1", "GS"], 2: ["B9"]}, draws=["Y3", "W"])
    play(game, 0, "R+2")
    assert game.finished_rounds == [
        {
            "round": 1,
            "went_out": "Ana",
            "results": [{"player": "Ben", "cards": ["G1", "GS", "Y3", "W"]}, {"player": "Cy", "cards": ["B9"]}],
        }
    ]
    view = game.view(None)
    assert [s["score"] for s in view["seats"]] == [1 + 20 + 3 + 50 + 9, 0, 0]
    assert view["round"] == 2 and view["dealer"] == 0 and view["status"] == "playing"
    assert [s["cards"] for s in view["seats"]].count(7) >= 2


def test_a_hand_ending_on_wild_draw_four_makes_the_next_player_draw_four_without_challenge(arrange, deal):
    game = deal([[], []], "R5")
    game = arrange(game, hands={0: ["W4"], 1: ["G1"]}, draws=["Y3", "Y4", "B0", "RR"])
    play(game, 0, "W4", color="R")
    assert game.finished_rounds[0]["results"] == [{"player": "Ben", "cards": ["G1", "Y3", "Y4", "B0", "RR"]}]
    assert game.view(None)["seats"][0]["score"] == 1 + 3 + 4 + 0 + 20


def test_reaching_the_target_ends_the_game_for_the_winner(arrange, deal):
    game = deal([[], []], "R5", rules={"target": 29})
    game = arrange(game, hands={0: ["R1"], 1: ["G+2", "B9"]})
    play(game, 0, "R1")
    view = game.view(0)
    assert view["status"] == "finished" and view["winner"] == "Ana" and view["turn"] is None
    assert view["legal"] == []
    outcome = game.outcome()
    assert outcome.rule is DecidingRule.REACHED_TARGET and outcome.winner == "Ana" and game.winner == 0
    assert outcome.text == "Ana reached 29 points first."
    assert_refused(game, 1, {"type": "draw"}, GameOverError)


def test_lowest_wins_each_keeps_own_points_and_a_tie_for_lowest_plays_another_hand(arrange, deal):
    game = deal([[], [], []], "R5", rules={"scoring": "lowest_wins", "target": 5})
    game = arrange(game, hands={0: ["R1"], 1: ["G0"], 2: ["B9"]})
    play(game, 0, "R1")
    view = game.view(None)
    assert [s["score"] for s in view["seats"]] == [0, 0, 9]
    assert view["status"] == "playing" and view["round"] == 2  # Ana and Ben tie for lowest
    turn = view["turn"]
    if view["pending"]:
        game.apply(turn, {"type": "color", "color": "B"})
    game = arrange(game, hands={turn: ["W"], (turn + 1) % 3: ["G7"], (turn + 2) % 3: ["B1", "B2"]})
    play(game, turn, "W", color="R")
    assert game.view(None)["status"] == "finished"
    scores = [s["score"] for s in game.view(None)["seats"]]
    assert scores.count(min(scores)) == 1 and game.outcome().rule is DecidingRule.LOWEST_TOTAL
    assert game.view(None)["winner"] == ["Ana", "Ben", "Cy"][scores.index(min(scores))]


# --- house rules -----------------------------------------------------------------------------------------


def test_stacking_draw_twos_passes_the_growing_penalty_on(deal):
    game = deal([["R+2", "R1"], ["G+2", "G1"], ["W4", "B1"]], "R5", rules={"stacking": True})
    play(game, 0, "R+2")
    assert game.view(None)["pending"] == {"type": "draw_two", "seat": 1, "amount": 2}
    play(game, 1, "G+2")
    assert game.view(None)["pending"] == {"type": "draw_two", "seat": 2, "amount": 4}
    assert_refused(game, 2, {"type": "play", "card": "W4", "color": "R"}, match="Draw Two")
    game.apply(2, {"type": "draw"})
    view = game.view(None)
    assert view["seats"][2]["cards"] == 11 and view["turn"] == 0 and view["pending"] is None


def test_without_stacking_a_draw_two_cannot_be_answered(deal):
    game = deal([["R+2", "R1"], ["G+2", "G1"], []], "R5")
    play(game, 0, "R+2")
    assert game.view(None)["turn"] == 2 and game.view(None)["seats"][1]["cards"] == 9


def test_stacking_wild_draw_fours_and_challenging_the_last_one(deal):
    game = deal([["W4", "B1"], ["W4", "G1"], []], "R5", rules={"stacking": True})
    play(game, 0, "W4", color="G")
    assert {"type": "play", "card": "W4", "color": "Y"} in legal(game, 1)
    play(game, 1, "W4", color="Y")  # a bluff: Ben holds a green card
    assert game.view(None)["pending"] == {"type": "wild_draw_four", "seat": 2, "amount": 8, "by": 1}
    game.apply(2, {"type": "challenge"})
    view = game.view(None)
    assert view["seats"][1]["cards"] == 6 + 8 and view["turn"] == 2


def test_seven_swaps_hands_with_a_chosen_player_or_not(deal):
    game = deal([["R7", "R1"], ["G1"], ["B2"]], "R5", rules={"seven_o": True})
    before_ana, before_cy = hand(game, 0), hand(game, 2)
    assert {"type": "play", "card": "R7"} in legal(game, 0)
    play(game, 0, "R7", swap=2)
    assert hand(game, 0) == before_cy
    assert hand(game, 2) == [c for c in before_ana if c != "R7"]
    assert game.view(None)["turn"] == 1
    game = deal([["R7", "R1"], [], []], "R5")
    assert_refused(game, 0, {"type": "play", "card": "R7", "swap": 2}, match="seven_o")


def test_zero_passes_every_hand_on_in_the_direction_of_play(deal):
    game = deal([["R0", "R1"], ["G1"], ["B2"]], "R5", rules={"seven_o": True})
    hands = [hand(game, s) for s in range(3)]
    play(game, 0, "R0")
    assert hand(game, 1) == [c for c in hands[0] if c != "R0"]
    assert hand(game, 2) == hands[1]
    assert hand(game, 0) == hands[2]


@pytest.fixture
def cy_has_called_uno(arrange, deal):
    """A factory: seven_o; Ana holds ``ana`` (after an R1), Ben G1 G3, Cy has called UNO on B2; Ana is to play."""

    def make(ana):
        game = deal([[], [], []], "R5", rules={"seven_o": True})
        game = arrange(game, hands={0: ["R1", *ana], 1: ["R2", "G1", "G3"], 2: ["R3", "B2"]})
        play(game, 0, "R1")
        play(game, 1, "R2")
        play(game, 2, "R3", uno=True)
        return game

    return make


def test_a_seven_swap_keeps_the_uno_call_of_a_player_outside_the_swap(cy_has_called_uno):
    game = cy_has_called_uno(["R7", "G4", "G5"])
    play(game, 0, "R7", swap=1)
    assert game.view(None)["seats"][2]["uno"] is True
    assert {"type": "catch", "seat": 2} not in legal(game, 1)
    assert_refused(game, 1, {"type": "catch", "seat": 2}, match="cannot be caught")


def test_both_seats_of_a_seven_swap_lose_their_uno_call(cy_has_called_uno):
    game = cy_has_called_uno(["R7", "G4"])
    play(game, 0, "R7", swap=2, uno=True)
    assert hand(game, 0) == ["B2"] and hand(game, 2) == ["G4"]
    seats = game.view(None)["seats"]
    assert seats[0]["uno"] is False and seats[2]["uno"] is False
    moves = legal(game, 1)
    assert {"type": "catch", "seat": 0} in moves and {"type": "catch", "seat": 2} in moves


def test_a_zero_resets_every_uno_call(cy_has_called_uno):
    game = cy_has_called_uno(["R0", "G4", "G5"])
    play(game, 0, "R0")
    assert hand(game, 0) == ["B2"]
    assert game.view(None)["seats"][0]["uno"] is False
    assert {"type": "catch", "seat": 0} in legal(game, 1)


def test_jump_in_with_an_identical_card_out_of_turn(deal):
    game = deal([["R1"], ["G1"], ["R5", "B2"]], "R5", rules={"jump_in": True})
    assert {"type": "play", "card": "R5"} in legal(game, 2)
    assert_refused(game, 2, {"type": "play", "card": "B2"}, NotYourTurnError, match="identical")
    play(game, 2, "R5")
    assert game.view(None)["turn"] == 0
    game = deal([["R1"], ["G1"], ["R5", "B2"]], "R5")
    assert_refused(game, 2, {"type": "play", "card": "R5"}, NotYourTurnError)


def test_multiples_both_take_effect(deal):
    game = deal([["R+2", "R+2", "R1"], [], []], "R5", rules={"multiples": True})
    assert {"type": "play", "cards": ["R+2", "R+2"]} in legal(game, 0)
    game.apply(0, {"type": "play", "cards": ["R+2", "R+2"]})
    view = game.view(None)
    assert view["seats"][1]["cards"] == 11 and view["turn"] == 2
    game = deal([["GS", "GS", "G1"], [], [], []], "G5", rules={"multiples": True})
    game.apply(0, {"type": "play", "cards": ["GS", "GS"]})
    assert game.view(None)["turn"] == 3
    game = deal([["R3", "R3"], [], []], "R5")
    assert_refused(game, 0, {"type": "play", "cards": ["R3", "R3"]}, match="multiples")


def play_sizes(game, seat):
    return {len(a.get("cards", [a.get("card")])) for a in legal(game, seat) if a["type"] == "play"}


def test_multiples_are_exactly_two_identical_cards(deal):
    game = deal([["W4", "W4", "W4", "W4", "G5"], [], []], "R5", rules={"multiples": True})
    assert play_sizes(game, 0) == {1, 2}
    for count in (3, 4):
        assert_refused(game, 0, {"type": "play", "cards": ["W4"] * count, "color": "G"}, match="two")
    game.apply(0, {"type": "play", "cards": ["W4", "W4"], "color": "G"})
    assert game.view(None)["pending"]["amount"] == 8


def test_stacked_multiples_are_exactly_two_identical_cards(deal):
    game = deal([["W4", "G5"], ["W4", "W4", "W4", "B1"], []], "R5", rules={"multiples": True, "stacking": True})
    game.apply(0, {"type": "play", "card": "W4", "color": "G"})
    assert play_sizes(game, 1) == {1, 2}
    assert_refused(game, 1, {"type": "play", "cards": ["W4"] * 3, "color": "B"}, match="two")
    game.apply(1, {"type": "play", "cards": ["W4", "W4"], "color": "B"})
    assert game.view(None)["pending"]["amount"] == 12


# --- illegal actions, views, storage ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "action, match",
    [
        ("draw", "object"),
        ({"type": "dance"}, "Unknown action"),
        ({"type": "draw", "card": "R1"}, "no field"),
        ({"type": "play"}, "card"),
        ({"type": "play", "card": "R1", "cards": ["R1"]}, "card"),
        ({"type": "play", "card": "R99"}, "not an UNO card"),
        ({"type": "play", "card": 5}, "token"),
        ({"type": "play", "card": "R1", "color": "G"}, "Only a Wild"),
        ({"type": "play", "card": "W", "color": "P"}, "R, Y, G or B"),
        ({"type": "play", "card": "R1", "uno": "yes"}, "true or false"),
        ({"type": "catch"}, "seat"),
        ({"type": "catch", "seat": 9}, "seat"),
        ({"type": "challenge"}, "no Wild Draw Four"),
        ({"type": "color", "color": "R"}, "no Wild"),
    ],
)
def test_illegal_actions_say_why_and_change_nothing(action, match, deal):
    game = deal([["R1", "W"], [], []], "R5")
    assert_refused(game, 0, action, match=match)


def test_acting_out_of_turn_is_not_your_turn(deal):
    game = deal([["R1"], ["R2"], []], "R5")
    assert_refused(game, 1, {"type": "play", "card": "R2"}, NotYourTurnError, match="Ana")
    assert_refused(game, 1, {"type": "draw"}, NotYourTurnError)
    with pytest.raises(IllegalActionError):
        game.apply(7, {"type": "draw"})


def test_spectator_view_shows_no_hands_and_others_do_not_see_drawn_cards(deal):
    game = deal([["R1"], [], []], "R5", draws=["G9"])
    game.apply(0, {"type": "draw"})
    spectator = game.view(None)
    assert spectator["legal"] == [] and all("hand" not in s for s in spectator["seats"])
    draw_entry = game.view(0)["log"][-1]
    assert draw_entry["type"] == "draw" and draw_entry["cards"] == ["G9"] and "green 9" in draw_entry["text"]
    other = game.view(1)["log"][-1]
    assert "cards" not in other and "green 9" not in other["text"] and other["count"] == 1
    assert set(spectator) == {
        "game",
        "rules",
        "status",
        "round",
        "dealer",
        "turn",
        "direction",
        "color",
        "discard_top",
        "draw_pile",
        "pending",
        "seats",
        "legal",
        "log",
        "winner",
    }


def test_log_entries_have_sequence_numbers_and_words(deal):
    game = deal([["R1"], [], []], "R5")
    play(game, 0, "R1")
    log = game.view(None)["log"]
    assert [e["seq"] for e in log] == list(range(1, len(log) + 1))
    assert log[-1]["text"] == "Ana plays red 1." and log[-1]["cards"] == ["R1"] and log[-1]["round"] == 1


def test_to_json_round_trip_mid_game_continues_identically():
    from app.games.uno.engine.bots import run_bots

    seats = [{"name": "A", "bot": "smart"}, {"name": "B", "bot": "random"}, {"name": "C", "bot": "random"}]
    game = UnoGame(seats, {"stacking": True, "seven_o": True}, seed=11)
    for _ in range(40):
        seat = game.turn
        action = game.legal_actions(seat)[0]
        game.apply(seat, action)
    saved = json.loads(json.dumps(game.to_json()))
    copy = UnoGame.from_json(saved)
    assert copy.to_json() == game.to_json()
    assert copy.view(1) == game.view(1)
    run_bots(game)
    run_bots(copy)
    assert game.status == "finished"
    assert copy.to_json() == game.to_json()


def test_seeded_games_repeat_and_seeds_differ():
    def hands(seed):
        return [s["hand"] for s in (UnoGame(["A", "B"], seed=seed).view(s)["seats"][s] for s in range(2))]

    assert hands(4) == hands(4)
    assert hands(4) != hands(5)
