"""The digital Phase 10 game: every rule of RULES.md played out on stacked decks."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from app.engine.errors import DeckError, GameOverError, IllegalActionError, NotationError, NotYourTurnError, RulesError
from app.games.phase10.engine.actions import DISCARD, HIT, Action
from app.games.phase10.engine.cards import DECK, Card
from app.games.phase10.engine.game import Game
from app.games.phase10.engine.phases import make_rules
from app.games.phase10.engine.sheet import Sheet

WILD, SKIP = Card.parse("W"), Card.parse("S")

NAMES = ["Ana", "Ben", "Cy", "Dee", "Eve", "Fay"]


def stack(hands, discard, draws=()):
    """Deck tokens that deal ``hands`` (seat 0 first, one card at a time), then ``discard``, then ``draws``."""
    assert all(len(hand) == 10 for hand in hands)
    return [hand[i] for i in range(10) for hand in hands] + [discard, *draws]


def new_game(hands, discard, draws=(), seed=1, **rules):
    seats = [{"name": NAMES[i]} for i in range(len(hands))]
    return Game(seats, make_rules(rules), seed=seed, deck=stack(hands, discard, draws))


def restack(game, hands, discard, draws=()):
    """The same game with the cards of a freshly dealt round rearranged (``hands`` maps seat -> tokens)."""
    data = game.to_json()
    assert all(not groups for groups in data["laid"])
    pool = [Card.parse(t) for t in data["draw_pile"] + data["discard"]]
    for hand in data["hands"]:
        pool.extend(Card.parse(t) for t in hand)

    def take(token):
        wanted = Card.parse(token)
        for i, card in enumerate(pool):
            if card == wanted or (wanted.color is None and wanted.number is not None and card.number == wanted.number):
                return str(pool.pop(i))
        raise AssertionError(f"no {token} left")

    data["hands"] = [[] for _ in data["hands"]]
    for seat, tokens in hands.items():
        data["hands"][seat] = [take(t) for t in tokens]
    data["discard"] = [take(discard)]
    drawn = [take(t) for t in draws]
    data["draw_pile"] = [str(c) for c in pool] + drawn[::-1]
    data["skips_pending"] = [0] * len(data["hands"])
    data["skipped"] = [False] * len(data["hands"])
    return Game.from_json(data)


def act(game, who, kind, **fields):
    game.apply(who, {"type": kind, **fields})


def draw(game, seat, source="pile"):
    game.apply(seat, {"type": "draw", "from": source})


def numbers(tokens):
    return sorted(Card.parse(t).number for t in tokens)


def check_cards(game):
    assert Counter(game.all_cards()) == Counter(DECK)


def assert_refused(game, seat, action, error=IllegalActionError, match=None):
    before = json.dumps(game.to_json(), sort_keys=True)
    with pytest.raises(error, match=match):
        game.apply(seat, action)
    assert json.dumps(game.to_json(), sort_keys=True) == before


# --- scenario A: three players, two lay-downs, hits, going out -----------------------------------

A_HANDS = [
    ["7", "7", "7", "7", "7", "7", "3", "3", "3", "3"],
    ["1", "1", "1", "2", "2", "2", "1", "2", "W", "8"],
    ["9", "9", "10", "10", "11", "11", "12", "12", "5", "6"],
]
A_DRAWS = ["3", "4", "11", "W"]


def play_a_until_last_card(game):
    """Ana lays down 7 7 7 | 3 3 3 and hits, Ben lays down 1 1 1 | 2 2 2 and hits, Cy passes; Ana holds 7 and W."""
    draw(game, 0)
    act(game, 0, "lay_down", groups=[["7", "7", "7"], ["3", "3", "3"]])
    act(game, 0, "hit", card="7", seat=0, group=0)
    act(game, 0, "hit", card="7", seat=0, group=0)
    act(game, 0, "hit", card="3", seat=0, group=1)
    act(game, 0, "discard", card="3")
    draw(game, 1)
    act(game, 1, "lay_down", groups=[["1", "1", "1"], ["2", "2", "2"]])
    act(game, 1, "hit", card="1", seat=1, group=0)
    act(game, 1, "hit", card="2", seat=1, group=1)
    assert_refused(game, 1, {"type": "hit", "card": "W", "seat": 0, "group": 0}, match="only on your own phase")
    act(game, 1, "hit", card="W", seat=1, group=0)
    act(game, 1, "discard", card="8")
    draw(game, 2)
    act(game, 2, "discard", card="12")
    draw(game, 0)
    assert numbers([t for t in game.view(0)["seats"][0]["hand"] if t != "W"]) == [7]


def test_the_deal_follows_the_stacked_deck():
    game = new_game(A_HANDS, "8", A_DRAWS)
    view = game.view(0)
    assert view["round"] == 1 and view["dealer"] == 2 and view["turn"] == 0 and view["stage"] == "draw"
    assert [s["cards"] for s in view["seats"]] == [10, 10, 10]
    assert numbers(view["seats"][0]["hand"]) == [3, 3, 3, 3, 7, 7, 7, 7, 7, 7]
    assert Card.parse(view["discard_top"]).number == 8
    assert view["draw_pile"] == 108 - 31
    draw(game, 0)
    assert numbers(game.view(0)["seats"][0]["hand"]).count(3) == 5
    check_cards(game)


def test_a_colourless_deck_token_takes_any_free_card_of_that_number():
    tokens = stack(A_HANDS, "8", A_DRAWS)
    game = Game(["Ana", "Ben", "Cy"], seed=3, deck=tokens)
    dealt = Counter(Card.parse(t).number for t in game.view(0)["seats"][0]["hand"])
    assert dealt == {7: 6, 3: 4}
    check_cards(game)


@pytest.mark.parametrize(
    "deck, error",
    [
        (["R7", "R7", "R7"], DeckError),
        (["7"] * 9, DeckError),
        (["W"] * 9, DeckError),
        (["13"], NotationError),
        ("R7 R8", NotationError),
    ],
)
def test_a_deck_the_real_deck_cannot_hold_is_refused(deck, error):
    with pytest.raises(error) as caught:
        Game(["Ana", "Ben"], seed=1, deck=deck)
    assert isinstance(caught.value, ValueError) and str(caught.value)


def test_seats_are_checked():
    with pytest.raises(RulesError, match="2 to 6 players"):
        Game(["Ana"], seed=1)
    with pytest.raises(RulesError, match="same name"):
        Game(["Ana", "ana"], seed=1)
    with pytest.raises(RulesError, match="no bot called"):
        Game(["Ana", {"name": "Bot", "bot": "genius"}], seed=1)
    with pytest.raises(RulesError, match='Seat 1 has an unknown field "seat"'):
        Game([{"name": "Ana", "seat": 1}, "Ben"], seed=1)


def test_lay_down_hits_and_going_out_score_the_round_like_a_score_sheet():
    game = new_game(A_HANDS, "8", A_DRAWS)
    play_a_until_last_card(game)
    # Ana laid down last turn: now she may hit on Ben's phase, but not with her last card.
    act(game, 0, "hit", card="W", seat=1, group=1)
    assert not [a for a in game.legal_actions(0) if a.kind == "hit"]
    assert_refused(game, 0, {"type": "hit", "card": "7", "seat": 0, "group": 0}, match="last card")
    act(game, 0, "discard", card="7")
    check_cards(game)
    (record,) = game.finished_rounds
    assert record["round"] == 1 and record["went_out"] == "Ana"
    ana, ben, cy = record["results"]
    assert ana["completed"] is True and ana["cards"] == []
    assert [numbers(g) for g in ana["laid_down"]] == [[7, 7, 7], [3, 3, 3]]
    assert ben["completed"] is True and numbers(ben["cards"]) == [4]
    assert [numbers(g) for g in ben["laid_down"]] == [[1, 1, 1], [2, 2, 2]]
    assert cy["completed"] is False and len(cy["cards"]) == 10
    view = game.view(None)
    # Ben holds a 4 (5 points); Cy 9 9 5 6 (4 x 5) and 10 10 11 11 11 12 (6 x 10).
    assert [s["score"] for s in view["seats"]] == [0, 5, 80]
    assert [s["phase"] for s in view["seats"]] == [2, 2, 1]
    assert [s["phases_done"] for s in view["seats"]] == [[1], [1], []]
    sheet = Sheet.replay(game.rules, game.names, game.finished_rounds)
    assert [(s.score, s.phase) for s in sheet.standings()] == [(0, 2), (5, 2), (80, 1)]
    # Round 2: the deal passes to Ana, so Ben plays first; everyone holds 10 new cards.
    assert view["round"] == 2 and view["dealer"] == 0 and view["turn"] == 1
    assert [s["cards"] for s in view["seats"]] == [10, 10, 10] and all(not s["laid"] for s in view["seats"])


def test_own_phase_may_be_hit_in_the_lay_down_turn_and_others_only_from_the_next():
    game = new_game(A_HANDS, "8", A_DRAWS)
    draw(game, 0)
    assert_refused(game, 0, {"type": "hit", "card": "7", "seat": 0, "group": 0}, match="before you hit")
    act(game, 0, "lay_down", groups=[["7", "7", "7"], ["3", "3", "3"]])
    targets = {(a.seat, a.group) for a in game.legal_actions(0) if a.kind == "hit"}
    assert targets == {(0, 0), (0, 1)}
    act(game, 0, "discard", card="7")
    draw(game, 1)
    act(game, 1, "lay_down", groups=[["1", "1", "1"], ["2", "2", "2"]])
    hits = [a for a in game.legal_actions(1) if a.kind == "hit"]
    assert {a.seat for a in hits} == {1}
    act(game, 1, "discard", card="8")
    draw(game, 2)
    act(game, 2, "discard", card="12")
    draw(game, 0)
    hits = [a for a in game.legal_actions(0) if a.kind == "hit"]
    assert Action(HIT, card=WILD, seat=1, group=0) in hits
    assert {(a.seat, a.card) for a in hits} >= {(0, c) for c in game.hands[0] if c.number == 7}


def test_a_lay_down_must_leave_a_card_to_discard():
    game = new_game(A_HANDS, "8", A_DRAWS)
    draw(game, 0)
    whole = {"type": "lay_down", "groups": [["7"] * 6, ["3"] * 5]}
    assert_refused(game, 0, whole, match="Keep a card")
    assert_refused(game, 0, {"type": "lay_down", "groups": [["7", "7", "7"], ["3", "3", "1"]]})
    assert_refused(game, 0, {"type": "lay_down", "groups": [["7", "7", "7"], ["3", "3", "3"], ["7", "7", "7"]]})


def test_go_out_by_hit_lets_the_last_card_be_hit():
    game = new_game(A_HANDS, "8", A_DRAWS, go_out_by_hit=True)
    play_a_until_last_card(game)
    act(game, 0, "hit", card="W", seat=1, group=1)
    assert Action(HIT, card=game.hands[0][0], seat=0, group=0) in game.legal_actions(0)
    act(game, 0, "hit", card="7", seat=0, group=0)
    assert game.finished_rounds[0]["went_out"] == "Ana"
    assert game.round == 2


def test_go_out_by_hit_allows_laying_down_the_whole_hand():
    game = new_game(A_HANDS, "8", A_DRAWS, go_out_by_hit=True)
    draw(game, 0)
    act(game, 0, "lay_down", groups=[["7"] * 6, ["3"] * 5])
    (record,) = game.finished_rounds
    assert record["went_out"] == "Ana" and [len(g) for g in record["results"][0]["laid_down"]] == [6, 5]


def test_a_wild_on_a_run_open_at_both_ends_lists_each_end():
    hands = [
        ["3", "3", "3", "4", "5", "6", "7", "W", "W", "9"],
        ["1", "1", "1", "2", "2", "2", "12", "12", "11", "11"],
    ]
    game = new_game(hands, "10", ["10"], phases=[2, 3])
    draw(game, 0)
    act(game, 0, "lay_down", groups=[["3", "3", "3"], ["4", "5", "6", "7"]])
    wild_hits = [a for a in game.legal_actions(0) if a.kind == "hit" and a.card == WILD and a.group == 1]
    assert sorted(a.end for a in wild_hits) == ["high", "low"]
    act(game, 0, "hit", card="W", seat=0, group=1, end="low")
    assert game.view(0)["seats"][0]["laid"][1]["stands_for"] == [3, 4, 5, 6, 7]
    assert_refused(game, 0, {"type": "hit", "card": "W", "seat": 0, "group": 1, "end": "middle"}, match="low")


# --- Skips ---------------------------------------------------------------------------------------

SKIP_HANDS = [
    ["S", "1", "2", "3", "4", "5", "6", "7", "8", "9"],
    ["S", "1", "2", "3", "4", "5", "6", "7", "8", "9"],
    ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"],
    ["S", "11", "2", "3", "4", "5", "6", "7", "8", "9"],
]


def test_a_skip_turned_up_first_skips_the_first_player_and_is_never_taken():
    game = new_game(SKIP_HANDS, "S", ["10", "10", "11", "11"])
    assert game.turn == 1
    view = game.view(1)
    assert view["seats"][0]["skipped"] is True
    assert any(e["type"] == "skipped" and e["seat"] == 0 for e in view["log"])
    assert view["legal"] == [{"type": "draw", "from": "pile"}]
    assert_refused(game, 1, {"type": "draw", "from": "discard"}, match="never be taken")
    assert_refused(game, 0, {"type": "draw", "from": "pile"}, error=NotYourTurnError)


def test_skip_once_per_lap_makes_a_skip_on_a_skipped_player_a_plain_discard():
    game = new_game(SKIP_HANDS, "S", ["10", "10", "11", "11"])
    for seat in (1, 2):
        draw(game, seat)
        act(game, seat, "discard", card="10")
    draw(game, 3)
    assert game.skip_targets(3) == []
    act(game, 3, "discard", card="S")
    assert game.turn == 0 and game.log[-1]["skip"] is None


def test_without_skip_once_per_lap_a_player_can_be_skipped_again():
    game = new_game(SKIP_HANDS, "S", ["10", "10", "11", "11"], skip_once_per_lap=False)
    for seat in (1, 2):
        draw(game, seat)
        act(game, seat, "discard", card="10")
    draw(game, 3)
    act(game, 3, "discard", card="S")
    assert game.turn == 1


def test_skip_target_next_skips_the_next_player():
    game = new_game(SKIP_HANDS, "12", ["10", "10"])
    draw(game, 0)
    assert [a for a in game.legal_actions(0) if a.card == SKIP] == [Action(DISCARD, card=SKIP)]
    assert_refused(game, 0, {"type": "discard", "card": "S", "skip": 2})
    act(game, 0, "discard", card="S")
    assert game.turn == 2 and game.view(None)["seats"][1]["skipped"] is True


def test_skip_target_choose_names_the_player_and_respects_once_per_lap():
    game = new_game(SKIP_HANDS, "12", ["10", "10", "11"], skip_target="choose")
    draw(game, 0)
    skips = [a for a in game.legal_actions(0) if a.card == SKIP]
    assert sorted(a.skip for a in skips) == [1, 2, 3]
    assert_refused(game, 0, {"type": "discard", "card": "S"}, match="whom")
    assert_refused(game, 0, {"type": "discard", "card": "S", "skip": 0})
    act(game, 0, "discard", card="S", skip=2)
    assert game.turn == 1
    draw(game, 1)
    assert sorted(a.skip for a in game.legal_actions(1) if a.card == SKIP) == [0, 3]
    assert_refused(game, 1, {"type": "discard", "card": "S", "skip": 2}, match="Cy was already skipped this lap")
    act(game, 1, "discard", card="S", skip=3)
    # Cy and Dee both lose their turn.
    assert game.turn == 0
    assert [e["seat"] for e in game.log if e["type"] == "skipped"] == [2, 3]


def test_skip_once_per_lap_names_the_reason_when_the_next_player_was_skipped():
    game = new_game(SKIP_HANDS, "S", ["10", "10", "11", "11"])
    for seat in (1, 2):
        draw(game, seat)
        act(game, seat, "discard", card="10")
    draw(game, 3)
    assert_refused(game, 3, {"type": "discard", "card": "S", "skip": 0}, match="Ana was already skipped this lap")


def test_going_out_with_a_skip_under_skip_target_choose_needs_no_target():
    hands = [["7", "7", "7", "7", "7", "7", "3", "3", "3", "S"], *A_HANDS[1:]]
    game = new_game(hands, "8", A_DRAWS, skip_target="choose")
    draw(game, 0)
    act(game, 0, "lay_down", groups=[["7", "7", "7"], ["3", "3", "3"]])
    for card in ("7", "7", "7"):
        act(game, 0, "hit", card=card, seat=0, group=0)
    act(game, 0, "hit", card="3", seat=0, group=1)
    assert game.view(0)["seats"][0]["hand"] == ["S"]
    # The round ends with this discard: the Skip is listed without a target, and a target sent is ignored.
    assert [a.to_json() for a in game.legal_actions(0) if a.kind == "discard"] == [{"type": "discard", "card": "S"}]
    act(game, 0, "discard", card="S", skip=1)
    discard = [e for e in game.log if e["type"] == "discard"][-1]
    worded = [e for e in game.view(0)["log"] if e["type"] == "discard"][-1]  # the log is worded when viewed
    assert discard["skip"] is None and "skips" not in worded["text"]
    assert not any(e["type"] == "skipped" for e in game.log)
    assert game.round == 2


def test_with_two_players_a_skip_makes_the_discarder_play_again():
    hands = [["S", "S", "1", "2", "3", "4", "5", "6", "7", "8"], ["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"]]
    game = new_game(hands, "12", ["10", "11", "11"])
    draw(game, 0)
    act(game, 0, "discard", card="S")
    assert game.turn == 0 and game.stage == "draw"
    draw(game, 0)
    act(game, 0, "discard", card="S")
    # Ben has not played since he was skipped: the second Skip is a plain discard.
    assert game.turn == 1


# --- piles ---------------------------------------------------------------------------------------


def test_an_empty_draw_pile_is_refilled_from_the_discard_pile_but_its_top():
    game = new_game(A_HANDS, "8", A_DRAWS)
    data = game.to_json()
    data["discard"] = data["draw_pile"] + data["discard"]
    data["draw_pile"] = []
    game = Game.from_json(data)
    top = game.discard[-1]
    under = Counter(game.discard[:-1])
    draw(game, 0)
    assert game.discard == [top]
    assert Counter(game.draw_pile + [game.hands[0][-1]]) == under
    assert any(e["type"] == "reshuffle" for e in game.log)
    check_cards(game)


def test_a_round_where_nobody_can_draw_is_dealt_again():
    game = new_game(SKIP_HANDS, "12", ["10", "10"])
    draw(game, 0)
    data = game.to_json()
    # Park every card of both piles in Cy's hand: the Skip Ana discards leaves nothing to draw.
    data["hands"][2] += data["draw_pile"] + data["discard"]
    data["draw_pile"], data["discard"] = [], []
    game = Game.from_json(data)
    act(game, 0, "discard", card="S")
    assert game.redeals == 1 and game.round == 1 and not game.finished_rounds
    assert [len(h) for h in game.hands] == [10, 10, 10, 10]
    assert game.dealer == 3 and game.turn in (0, 1)
    check_cards(game)


# --- variants and phase lists --------------------------------------------------------------------


def play_a_round(game):
    play_a_until_last_card(game)
    act(game, 0, "hit", card="W", seat=1, group=1)
    act(game, 0, "discard", card="7")


def test_all_advance_moves_everyone_on():
    game = new_game(A_HANDS, "8", A_DRAWS, variant="all_advance", phases=[1, 2, 3])
    play_a_round(game)
    view = game.view(None)
    assert [s["phase"] for s in view["seats"]] == [2, 2, 2]
    assert [s["phases_done"] for s in view["seats"]] == [[1], [1], []]
    assert game.phase_to_play(2).key == 2


def test_all_advance_ends_after_the_last_phase_with_the_lowest_total():
    game = new_game(A_HANDS, "8", A_DRAWS, variant="all_advance", phases=[1])
    play_a_round(game)
    outcome = game.outcome()
    assert outcome.rule == "lowest_total" and outcome.winner == "Ana"
    assert outcome.players == ("Ana", "Ben", "Cy")


def test_pick_a_phase_lets_a_player_choose_among_the_phases_left():
    game = new_game(A_HANDS, "8", A_DRAWS, variant="pick_a_phase")
    draw(game, 0)
    suggested = [a for a in game.legal_actions(0) if a.kind == "lay_down"]
    # 7 7 7 7 7 7 + 3 3 3 3 3 makes phase 1, 7 (two sets of 4), 9 (5 + 2) and 10 (5 + 3).
    assert sorted(a.phase for a in suggested) == [1, 7, 9, 10]
    assert_refused(game, 0, {"type": "lay_down", "phase": 4, "groups": [["7", "7", "7"], ["3", "3", "3"]]})
    act(game, 0, "lay_down", phase=7, groups=[["7", "7", "7", "7"], ["3", "3", "3", "3"]])
    act(game, 0, "discard", card="3")
    draw(game, 1)
    act(game, 1, "lay_down", groups=[["1", "1", "1"], ["2", "2", "2"]])
    act(game, 1, "discard", card="8")
    draw(game, 2)
    act(game, 2, "discard", card="12")
    draw(game, 0)
    act(game, 0, "hit", card="7", seat=0, group=0)
    act(game, 0, "hit", card="W", seat=1, group=0)
    act(game, 0, "discard", card="7")
    ana, ben, _cy = game.finished_rounds[0]["results"]
    assert ana["completed"] == 7 and ben["completed"] == 1
    assert [s["phases_done"] for s in game.view(None)["seats"]] == [[7], [1], []]
    assert [s["phase"] for s in game.view(None)["seats"]] == [1, 2, 1]


def test_a_phase_may_be_chosen_only_under_pick_a_phase():
    game = new_game(A_HANDS, "8", A_DRAWS)
    draw(game, 0)
    assert_refused(game, 0, {"type": "lay_down", "phase": 1, "groups": [["7", "7", "7"], ["3", "3", "3"]]})


def test_a_short_phase_list_ends_the_game_with_its_last_phase():
    game = new_game(A_HANDS, "8", A_DRAWS, phases=[1])
    play_a_round(game)
    outcome = game.outcome()
    assert game.status == "finished" and game.turn is None
    assert outcome.winner == "Ana" and outcome.rule == "lowest_total" and set(outcome.players) == {"Ana", "Ben"}
    assert game.view(None)["winner"] == "Ana"
    assert_refused(game, 0, {"type": "draw", "from": "pile"}, error=GameOverError)


def test_a_sole_finisher_wins_whatever_the_totals():
    game = new_game(A_HANDS, "8", A_DRAWS, phases=[1])
    draw(game, 0)
    act(game, 0, "lay_down", groups=[["7", "7", "7"], ["3", "3", "3"]])
    act(game, 0, "hit", card="7", seat=0, group=0)
    act(game, 0, "hit", card="7", seat=0, group=0)
    act(game, 0, "hit", card="3", seat=0, group=1)
    act(game, 0, "discard", card="3")
    draw(game, 1)
    act(game, 1, "discard", card="8")
    draw(game, 2)
    act(game, 2, "discard", card="12")
    draw(game, 0)
    act(game, 0, "hit", card="W", seat=0, group=0)
    act(game, 0, "discard", card="7")
    assert game.outcome().rule == "sole_finisher" and game.winner == "Ana"


def test_a_tie_between_finishers_is_settled_by_a_tie_breaker_round_dealt_to_them_only():
    game = new_game(A_HANDS, "8", A_DRAWS, phases=[1, 2])
    play_a_round(game)
    assert [s["score"] for s in game.view(None)["seats"]] == [0, 5, 80]
    # Round 2 (Ana deals, Ben starts): Ben goes out, Ana ends on a single 6, Cy never lays down.
    game = restack(
        game,
        {
            1: ["3", "3", "3", "4", "5", "6", "7", "3", "8", "9"],
            0: ["10", "10", "10", "1", "2", "3", "4", "10", "5", "6"],
            2: ["11", "11", "12", "12", "9", "9", "1", "1", "2", "2"],
        },
        "12",
        ["1", "11", "12", "5"],
    )
    assert game.turn == 1
    draw(game, 1)
    act(game, 1, "lay_down", groups=[["3", "3", "3"], ["4", "5", "6", "7"]])
    act(game, 1, "hit", card="3", seat=1, group=0)
    act(game, 1, "hit", card="8", seat=1, group=1)
    act(game, 1, "discard", card="1")
    draw(game, 2)
    act(game, 2, "discard", card="11")
    draw(game, 0)
    act(game, 0, "lay_down", groups=[["10", "10", "10"], ["1", "2", "3", "4"]])
    act(game, 0, "hit", card="10", seat=0, group=0)
    act(game, 0, "hit", card="5", seat=0, group=1)
    act(game, 0, "discard", card="12")
    draw(game, 1)
    act(game, 1, "hit", card="9", seat=1, group=1)
    act(game, 1, "discard", card="5")
    view = game.view(None)
    # Cy still holds 11 11 12 12 (4 x 10) and 9 9 1 1 2 2 (6 x 5): 70 more.
    assert [s["score"] for s in view["seats"]] == [5, 5, 150]
    assert game.status == "playing" and game.outcome() is None
    assert view["tiebreaker"] == {"players": ["Ana", "Ben"], "winner": None}
    assert view["tiebreaker_round"] is True and view["dealer"] == 1 and view["turn"] == 0
    assert [s["cards"] for s in view["seats"]] == [10, 10, 0]
    tie, deal = [(e["type"], e["text"]) for e in view["log"][-2:]]
    assert tie[0] == "tie" and tie[1].endswith(
        "they play a tie-breaker round (a set of 5 and a set of 3; the first to lay it down wins)."
    )
    assert deal == ("deal", "Tie-breaker round: Ben deals to Ana, Ben.")
    check_cards(game)
    assert game.phase_to_play(0).key == "tiebreaker" and game.phase_to_play(2) is None
    game = restack(
        game, {0: ["5", "5", "5", "5", "5", "8", "8", "8", "1", "2"], 1: ["9"] * 5 + ["11"] * 5}, "4", ["12"]
    )
    draw(game, 0)
    act(game, 0, "lay_down", groups=[["5"] * 5, ["8"] * 3])
    outcome = game.outcome()
    assert game.status == "finished" and outcome.winner == "Ana" and outcome.rule == "tiebreaker"
    assert game.tiebreaker == {"players": ["Ana", "Ben"], "winner": "Ana"}
    log = game.view(None)["log"]
    assert [e["type"] for e in log[-2:]] == ["lay_down", "game_over"] and log[-1]["text"] == outcome.text
    assert any(e["type"] == "tie" and "they play a tie-breaker round" in e["text"] for e in log)  # worded as it was
    assert len(game.finished_rounds) == 2
    sheet = Sheet.replay(game.rules, game.names, game.finished_rounds, "Ana")
    assert sheet.outcome == outcome


# --- actions, errors and storage ----------------------------------------------------------------


@pytest.mark.parametrize(
    "action, match",
    [
        ("draw", "object"),
        ({"type": "fly"}, "Unknown action"),
        ({"type": "draw"}, "needs"),
        ({"type": "draw", "from": "hat"}, "pile"),
        ({"type": "draw", "from": "pile", "extra": 1}, "has no"),
        ({"type": "discard", "card": "3"}, "Draw a card first"),
        ({"type": "lay_down", "groups": [["7", "7", "7"], ["3", "3", "3"]]}, "Draw a card first"),
    ],
)
def test_malformed_or_untimely_actions_at_the_draw_stage_change_nothing(action, match):
    game = new_game(A_HANDS, "8", A_DRAWS)
    assert_refused(game, 0, action, match=match)


@pytest.mark.parametrize(
    "action, match",
    [
        ({"type": "draw", "from": "pile"}, "drawn already"),
        ({"type": "discard", "card": "13"}, "not a Phase 10 card"),
        ({"type": "discard", "card": 7}, "token"),
        ({"type": "discard", "card": "W"}, "do not hold"),
        ({"type": "discard", "card": "3", "skip": 1}, "Only a Skip"),
        ({"type": "discard", "card": "3", "skip": "x"}, "seat number"),
        ({"type": "lay_down", "groups": "7 7 7"}, "lists"),
        ({"type": "lay_down", "groups": [["7", "7", "7"], ["W", "W", "W"]]}, "enough"),
        ({"type": "lay_down", "groups": [["7", "7", "7"], ["3", "3", "7"]]}, "do not make"),
        ({"type": "hit", "card": "7", "seat": 1, "group": 0}, "Lay down"),
        ({"type": "hit", "card": "7", "seat": "1", "group": 0}, "whole numbers"),
    ],
)
def test_illegal_actions_at_the_play_stage_change_nothing(action, match):
    game = new_game(A_HANDS, "8", A_DRAWS)
    draw(game, 0)
    assert_refused(game, 0, action, match=match)


def test_hits_that_break_a_rule_change_nothing():
    game = new_game(A_HANDS, "8", A_DRAWS)
    play_a_until_last_card(game)
    assert_refused(game, 0, {"type": "hit", "card": "7", "seat": 1, "group": 0}, match="1s")
    assert_refused(game, 0, {"type": "hit", "card": "W", "seat": 2, "group": 0}, match="no phase")
    assert_refused(game, 0, {"type": "hit", "card": "W", "seat": 1, "group": 5}, match="no group")
    assert_refused(game, 0, {"type": "hit", "card": "W", "seat": 9, "group": 0}, match="no seat")
    assert_refused(game, 0, {"type": "lay_down", "groups": [["7", "7", "7"], ["3", "3", "3"]]}, match="already")
    assert_refused(game, 1, {"type": "draw", "from": "pile"}, error=NotYourTurnError)
    with pytest.raises(IllegalActionError, match="no seat 7") as caught:
        game.apply(7, {"type": "draw", "from": "pile"})
    assert not isinstance(caught.value, NotYourTurnError)  # a bad request, not a turn question


def test_every_legal_action_is_accepted():
    game = new_game(A_HANDS, "8", A_DRAWS)
    play_a_until_last_card(game)
    data = game.to_json()
    legal = game.legal_actions(0)
    assert {a.kind for a in legal} == {"hit", "discard"}
    for action in legal:
        copy = Game.from_json(data)
        copy.apply(0, action)


def test_the_state_survives_json_mid_game_and_plays_on_identically():
    game = Game(
        [{"name": "Ana", "bot": "random"}, {"name": "Ben", "bot": "smart"}, {"name": "Cy", "bot": "random"}], seed=11
    )
    from app.games.phase10.engine.bots import run_bots

    run_bots(game, max_actions=150)
    text = json.dumps(game.to_json())
    copy = Game.from_json(json.loads(text))
    assert copy.to_json() == game.to_json()
    assert copy.view(1) == game.view(1)
    run_bots(game)
    run_bots(copy)
    assert copy.to_json() == game.to_json()
    assert game.status == "finished"


def test_a_damaged_state_is_refused():
    with pytest.raises(RulesError):
        Game.from_json({"format": 1, "game": "phase10"})
    with pytest.raises(RulesError):
        Game.from_json({"game": "uno"})


def test_seeded_games_are_reproducible():
    from app.games.phase10.engine.bots import run_bots

    seats = [{"name": n, "bot": "random"} for n in NAMES[:4]]
    first, second, other = Game(seats, seed=5), Game(seats, seed=5), Game(seats, seed=6)
    for game in (first, second, other):
        run_bots(game)
    assert first.to_json() == second.to_json()
    assert first.to_json()["finished_rounds"] != other.to_json()["finished_rounds"]


# --- views ---------------------------------------------------------------------------------------


def test_a_seat_sees_its_own_hand_and_drawn_cards_only():
    game = new_game(A_HANDS, "8", A_DRAWS)
    draw(game, 0)
    mine, theirs, spectator = game.view(0), game.view(1), game.view(None)
    assert "hand" in mine["seats"][0] and all("hand" not in s for s in mine["seats"][1:])
    assert all("hand" not in s for s in spectator["seats"])
    assert spectator["legal"] == [] and theirs["legal"] == [] and mine["legal"]
    assert mine["log"][-1]["card"] == str(game.hands[0][-1])
    assert "card" not in theirs["log"][-1] and "card" not in spectator["log"][-1]
    assert {
        "game",
        "rules",
        "status",
        "round",
        "dealer",
        "turn",
        "stage",
        "discard_top",
        "draw_pile",
        "pending",
        "seats",
        "legal",
        "log",
        "winner",
    } <= set(mine)
    assert {"name", "bot", "cards", "score", "phase", "laid"} <= set(mine["seats"][0])
    assert [e["seq"] for e in mine["log"]] == sorted(e["seq"] for e in mine["log"])
    assert json.loads(json.dumps(mine)) == mine
    # Taken from the discard pile, the card is public.
    act(game, 0, "discard", card="3")
    draw(game, 1, "discard")
    assert game.view(2)["log"][-1]["card"] == game.view(1)["log"][-1]["card"]


def test_a_lay_down_appears_once_as_the_finders_suggestion_and_others_are_accepted():
    game = new_game(A_HANDS, "8", A_DRAWS)
    draw(game, 0)
    suggested = [a for a in game.legal_actions(0) if a.kind == "lay_down"]
    assert len(suggested) == 1 and [len(g) for g in suggested[0].groups] == [3, 3]
    act(game, 0, "lay_down", groups=[["3", "3", "3", "3"], ["7", "7", "7", "7", "7"]])
    assert [len(g["cards"]) for g in game.view(0)["seats"][0]["laid"]] == [4, 5]


# --- a number without a colour names whichever card of the hand makes the move legal -------------------


def colour_phase_game(hand):
    other = ["G1", "G2", "G3", "G4", "G5", "G6", "G7", "G8", "G9", "G10"]
    game = new_game([hand, other], "R12", ["Y1", "R8"], phases=[8])
    draw(game, 0)
    return game


def test_a_colourless_lay_down_takes_the_colour_that_makes_the_phase():
    game = colour_phase_game(["R1", "R2", "R3", "R4", "R5", "R6", "B7", "R7", "Y9", "Y10"])
    act(game, 0, "lay_down", groups=[["1", "2", "3", "4", "5", "6", "7"]])
    assert game.view(0)["seats"][0]["laid"][0]["cards"] == ["R1", "R2", "R3", "R4", "R5", "R6", "R7"]
    assert sorted(game.view(0)["seats"][0]["hand"]) == ["B7", "Y1", "Y10", "Y9"]


def test_a_colourless_lay_down_that_no_choice_makes_is_still_refused():
    game = colour_phase_game(["R1", "R2", "R3", "R4", "R5", "R6", "B7", "G7", "Y9", "Y10"])
    assert_refused(
        game, 0, {"type": "lay_down", "groups": [["1", "2", "3", "4", "5", "6", "7"]]}, match="mixes colours"
    )


def test_a_colourless_hit_takes_the_colour_the_group_needs():
    game = colour_phase_game(["R1", "R2", "R3", "R4", "R5", "R6", "R7", "B9", "R9", "Y10"])
    act(game, 0, "lay_down", groups=[["R1", "R2", "R3", "R4", "R5", "R6", "R7"]])
    act(game, 0, "hit", card="9", seat=0, group=0)
    assert game.view(0)["seats"][0]["laid"][0]["cards"][-1] == "R9"
    assert "B9" in game.view(0)["seats"][0]["hand"]
    assert_refused(game, 0, {"type": "hit", "card": "9", "seat": 0, "group": 0}, match="only red")


def test_a_colourless_set_lay_down_mixed_with_coloured_tokens_still_works():
    game = new_game(
        [
            ["R3", "B3", "G3", "Y5", "B5", "R5", "G8", "G9", "Y11", "Y12"],
            ["G1", "G2", "G4", "G6", "G7", "G10", "B1", "B2", "B4", "B6"],
        ],
        "R12",
        ["Y1"],
    )
    draw(game, 0)
    act(game, 0, "lay_down", groups=[["R3", "3", "3"], ["5", "B5", "5"]])
    assert game.view(0)["seats"][0]["laid_down_phase"] == 1


def test_a_finished_game_stays_on_its_last_round_and_dealer():
    from app.games.phase10.engine.bots import run_bots

    game = Game(
        [{"name": "A", "bot": "smart"}, {"name": "B", "bot": "smart"}, {"name": "C", "bot": "smart"}],
        rules={"phases": [1, 2, 3]},
        seed=5,
    )
    run_bots(game)
    view = game.view(None)
    assert view["status"] == "finished"
    assert view["round"] == len(game.finished_rounds) == game.finished_rounds[-1]["round"]
    assert view["log"][-1]["type"] == "game_over" and view["log"][-1]["round"] == view["round"]
    # The last round was dealt by the player before the one who deals round 1 + (rounds - 1) seats later.
    assert view["dealer"] == (len(game.names) - 1 + view["round"] - 1) % len(game.names)
