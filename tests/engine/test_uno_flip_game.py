"""The digital UNO Flip game's rules, each test naming the rule of RULES.md "UNO Flip" (or the engine's documented
choice, app/games/uno_flip/engine/game.py) it rests on. Tables are arranged card by card: every physical card is
placed once, the ones not named go to the draw pile."""

from __future__ import annotations

from collections import Counter

import pytest

from app.engine.errors import IllegalActionError, NotYourTurnError, RulesError
from app.games.uno_flip.engine import cards
from app.games.uno_flip.engine.bots import BOTS, run_bots
from app.games.uno_flip.engine.deck import CARDS, FACE, PAIRS, TOKEN
from app.games.uno_flip.engine.game import FlipGame
from app.games.uno_flip.engine.rounds import SIDE_POINTS
from app.games.uno_flip.engine.sheet import Sheet

LIGHT, DARK = 0, 1


def people(n=2):
    return [{"name": name} for name in ("Ana", "Ben", "Cy", "Dot")[:n]]


def arrange(game, hands, discard, side="light", draw=(), color=None, turn=0):
    """Put named faces (read on ``side``) in the hands, the discard pile (last on top) and the top of the draw
    pile (first on top); every other card goes under them in the draw pile."""
    s = 0 if side == "light" else 1
    free = list(CARDS)

    def take(token):
        for card in free:
            if TOKEN[s][card] == token:
                free.remove(card)
                return card
        raise AssertionError(f"no {token} left")

    game.side = side
    game.hands = [[take(t) for t in hand] for hand in hands]
    game.discard = [take(t) for t in discard]
    top = [take(t) for t in draw]
    game.draw = free + list(reversed(top))
    top_face = FACE[s][game.discard[-1]]
    game.color = (cards.LIGHT_COLORS if s == 0 else cards.DARK_COLORS).index(color or top_face.color)
    game.turn = turn
    game.direction = 1
    game.pending = None
    game.uno = [False] * game.n
    game.catchable = []
    return game


def new(n=2, **arranged):
    return arrange(FlipGame(people(n), seed=3), **arranged)


def hand(game, seat):
    return [TOKEN[game.s][c] for c in game.hands[seat]]


def all_cards(game):
    return Counter(c for h in game.hands for c in h) + Counter(game.draw) + Counter(game.discard)


# --- the deck ----------------------------------------------------------------------------------------------


def test_the_deck_is_112_double_sided_cards_with_each_sides_counts():
    """RULES.md: 112 cards; light side 72 numbers, 32 actions, 4 Wild, 4 Wild Draw Two; dark side the same with
    Draw Five, Skip Everyone and Wild Draw Color; each physical card has one face of each side."""
    assert len(PAIRS) == 112
    assert Counter(light for light, _dark in PAIRS) == Counter(cards.LIGHT_DECK)
    assert Counter(dark for _light, dark in PAIRS) == Counter(cards.DARK_DECK)
    assert all(light.side == "light" and dark.side == "dark" for light, dark in PAIRS)
    assert Counter(c.rank for c in cards.LIGHT_DECK)["W2"] == 4 and Counter(c.rank for c in cards.DARK_DECK)["WC"] == 4


def test_a_hand_is_dealt_light_side_up_seven_cards_each():
    """RULES.md / Mattel's set-up: seven cards each, held light side up; the draw pile shows its dark side."""
    game = FlipGame(people(3), seed=11)
    assert game.side == "light" or game.flips == 1  # a Flip turned up first turns everything at once
    view = game.view(0)
    assert [s["cards"] for s in view["seats"]] in ([7, 7, 7], [8, 7, 7])
    assert len(view["seats"][0]["hand"]) == view["seats"][0]["cards"]
    assert view["draw_top"] == TOKEN[1 - game.s][game.draw[-1]]


# --- light side --------------------------------------------------------------------------------------------


def test_draw_one_makes_the_next_player_draw_one_and_lose_their_turn():
    """RULES.md light side: Draw One."""
    game = new(3, hands=[["RD1", "R2"], ["G3", "G4"], ["Y5", "Y6"]], discard=["R9"])
    game.apply(0, {"type": "play", "card": "RD1"})
    assert len(game.hands[1]) == 3 and game.turn == 2


def test_skip_and_reverse_on_the_light_side():
    """RULES.md light side: Skip skips the next player; Reverse turns the direction (with two players: a Skip)."""
    game = new(3, hands=[["RS", "R2"], ["G3", "G4"], ["Y5", "R6"]], discard=["R9"])
    game.apply(0, {"type": "play", "card": "RS"})
    assert game.turn == 2
    game = new(3, hands=[["RR", "R2"], ["G3", "G4"], ["Y5", "R6"]], discard=["R9"])
    game.apply(0, {"type": "play", "card": "RR"})
    assert game.direction == -1 and game.turn == 2
    game = new(2, hands=[["RR", "R2"], ["G3", "G4"]], discard=["R9"])
    game.apply(0, {"type": "play", "card": "RR"})
    assert game.turn == 0


def test_wild_draw_two_accepted_gives_two_cards_and_the_turn_passes():
    """RULES.md light side: Wild Draw Two (the next player draws 2 and loses their turn)."""
    game = new(3, hands=[["W2", "G2"], ["B3", "B4"], ["Y5", "Y6"]], discard=["R9"])
    game.apply(0, {"type": "play", "card": "W2", "color": "G"})
    assert game.color == cards.LIGHT_COLORS.index("G")
    assert game.view(1)["pending"] == {"type": "wild_draw_two", "seat": 1, "amount": 2, "by": 0}
    game.apply(1, {"type": "accept"})
    assert len(game.hands[1]) == 4 and game.turn == 2


def test_wild_draw_two_challenged_bluff_and_legal():
    """Engine choice (as UNO's Wild Draw Four): a caught bluff gives its player the 2 cards; a legal play gives the
    challenger 2 + 2 and their turn passes."""
    bluff = new(3, hands=[["W2", "R2", "G2"], ["B3", "B4"], ["Y5", "Y6"]], discard=["R9"])
    bluff.apply(0, {"type": "play", "card": "W2", "color": "G"})
    bluff.apply(1, {"type": "challenge"})
    assert len(bluff.hands[0]) == 4 and len(bluff.hands[1]) == 2 and bluff.turn == 1
    legal = new(3, hands=[["W2", "G2", "G3"], ["B3", "B4"], ["Y5", "Y6"]], discard=["R9"])
    legal.apply(0, {"type": "play", "card": "W2", "color": "G"})
    legal.apply(1, {"type": "challenge"})
    assert len(legal.hands[1]) == 6 and legal.turn == 2


# --- the flip ----------------------------------------------------------------------------------------------


def test_a_flip_turns_every_hand_and_both_piles_over():
    """RULES.md: each card has one face of each side; Flip: everything flips (the piles turned over as piles)."""
    game = new(3, hands=[["RF", "R2"], ["G3", "G4"], ["Y5", "Y6"]], discard=["B1", "R9"], draw=["G7", "B8"])
    before = {"hands": [list(h) for h in game.hands], "discard": list(game.discard), "draw": list(game.draw)}
    flip_card = game.hands[0][0]
    game.apply(0, {"type": "play", "card": "RF"})
    assert game.side == "dark" and game.turn == 1
    assert game.hands[1] == before["hands"][1], "the same physical cards, now read on their dark faces"
    assert hand(game, 1) == [TOKEN[DARK][c] for c in before["hands"][1]]
    assert game.discard == list(reversed(before["discard"] + [flip_card])), "the discard pile turned over"
    assert game.discard[-1] == before["discard"][0], "the bottom card (B1) is on top, showing its dark face"
    assert game.draw == list(reversed(before["draw"])), "the draw pile turned over"
    view = game.view(1)
    assert view["side"] == "dark" and view["discard_top"] == TOKEN[DARK][before["discard"][0]]
    assert view["seats"][1]["hand"] == hand(game, 1)
    assert view["seats"][0]["backs"] == [TOKEN[LIGHT][c] for c in game.hands[0]], "others' cards: their light faces"
    assert "hand" not in view["seats"][0] and "backs" not in view["seats"][1]
    assert view["draw_top"] == TOKEN[LIGHT][game.draw[-1]]
    assert any(e["type"] == "flip" for e in view["log"])
    top = FACE[DARK][game.discard[-1]]
    assert view["color"] == top.color or (top.color is None and view["pending"]["type"] == "color")


def test_a_second_flip_returns_to_the_light_side():
    """RULES.md: a Flip played on the dark side turns everything back to the light side."""
    game = new(2, hands=[["PF", "P2", "P3"], ["T3", "T4"]], discard=["P9"], side="dark")
    game.apply(0, {"type": "play", "card": "PF"})
    assert game.side == "light"
    assert len(all_cards(game)) == 112


def test_a_wild_on_top_after_a_flip_waits_for_the_next_player_to_name_the_colour():
    """Engine choice: a wild brought to the top by a flip lets the player to act name the colour."""
    game = new(2, hands=[["RF", "R2"], ["G3", "G4"]], discard=["R9"])
    dark_wild = next(c for c in game.draw if FACE[DARK][c].rank == "W")
    game.draw.remove(dark_wild)
    game.discard.insert(0, dark_wild)  # at the bottom: the flip brings it to the top
    game.apply(0, {"type": "play", "card": "RF"})
    assert game.pending == {"type": "color", "seat": 1} and game.color == -1
    with pytest.raises(IllegalActionError, match="colour"):
        game.apply(1, {"type": "color", "color": "R"})  # a light colour while the dark side is up
    game.apply(1, {"type": "color", "color": "T"})
    assert game.color == cards.DARK_COLORS.index("T") and game.turn == 1


def test_a_flip_turned_up_first_starts_the_hand_on_the_dark_side():
    """Engine choice: the first card acts as played; a Flip turns everything over at once."""
    flip = TOKEN[LIGHT][next(c for c in CARDS if FACE[LIGHT][c].rank == "F")]
    deck = ["R1", "Y1", "R2", "Y2", "R3", "Y3", "R4", "Y4", "R5", "Y5", "R6", "Y6", "R7", "Y7", flip]
    game = FlipGame(people(2), seed=1, deck=deck)
    assert game.side == "dark" and game.flips == 1
    assert game.view(0)["side"] == "dark"


# --- dark side ---------------------------------------------------------------------------------------------


def test_draw_five_makes_the_next_player_draw_five_and_lose_their_turn():
    """RULES.md dark side: Draw Five."""
    game = new(3, hands=[["PD5", "P2"], ["T3", "T4"], ["O5", "O6"]], discard=["P9"], side="dark")
    game.apply(0, {"type": "play", "card": "PD5"})
    assert len(game.hands[1]) == 7 and game.turn == 2


def test_skip_everyone_lets_its_player_play_again():
    """RULES.md dark side: Skip Everyone."""
    game = new(3, hands=[["PSE", "P2", "P3"], ["T3", "T4"], ["O5", "O6"]], discard=["P9"], side="dark")
    game.apply(0, {"type": "play", "card": "PSE"})
    assert game.turn == 0 and [len(h) for h in game.hands] == [2, 2, 2]


def test_wild_draw_color_makes_the_next_player_draw_until_the_colour():
    """RULES.md dark side: Wild Draw Color (the next player draws until the colour named, and loses their turn)."""
    game = new(
        3, hands=[["WC", "T2"], ["O3", "O4"], ["U5", "U6"]], discard=["P9"], side="dark", draw=["O1", "W", "U2", "T7"]
    )
    game.apply(0, {"type": "play", "card": "WC", "color": "T"})
    assert game.view(1)["pending"] == {"type": "wild_draw_color", "seat": 1, "by": 0, "color": "T"}
    game.apply(1, {"type": "accept"})
    assert hand(game, 1) == ["O3", "O4", "O1", "W", "U2", "T7"], "a wild drawn does not count as the colour"
    assert game.turn == 2


def test_a_light_card_is_refused_while_the_dark_side_is_up():
    """RULES.md: cards are read on the side in play."""
    game = new(2, hands=[["P2", "T3"], ["T4", "T5"]], discard=["P9"], side="dark")
    before = game.to_json()
    with pytest.raises(IllegalActionError, match="light side"):
        game.apply(0, {"type": "play", "card": "R2"})
    with pytest.raises(NotYourTurnError):
        game.apply(1, {"type": "play", "card": "T4"})
    with pytest.raises(IllegalActionError, match="does not match"):
        game.apply(0, {"type": "play", "card": "T3"})
    with pytest.raises(IllegalActionError, match="do not hold"):
        game.apply(0, {"type": "play", "card": "P5"})
    assert game.to_json() == before, "a refused action changes nothing"
    assert game.view(0)["legal"] == [
        {"type": "play", "card": "P2"},
        {"type": "play", "card": "P2", "uno": True},
        {"type": "draw"},
    ]


# --- end of a hand and of the game -------------------------------------------------------------------------


def test_a_hand_is_scored_on_the_side_it_ended_on_with_the_score_sheets_values():
    """RULES.md: points for the cards in the other hands, read on the side the hand ended on."""
    game = new(2, hands=[["P2"], ["TSE", "WC", "T4"]], discard=["P9"], side="dark")
    game.apply(0, {"type": "play", "card": "P2"})
    rnd = game.finished_rounds[0]
    assert rnd["side"] == "dark" and rnd["results"] == [{"player": "Ben", "cards": ["TSE", "WC", "T4"]}]
    assert game.scores == [30 + 60 + 4, 0]
    assert game.scores[0] == sum(cards.card_points(cards.parse_card(t, "dark")) for t in ["TSE", "WC", "T4"])
    assert game.last_hand is not None and game.last_hand["points"] == 94 and game.last_hand["side"] == "dark"
    sheet = Sheet.replay(game.rules, game.names, game.finished_rounds)
    assert sheet.totals["Ana"] == 94 and SIDE_POINTS["dark"] > 94


def test_a_flip_as_the_last_card_ends_the_hand_on_the_other_side():
    """Engine choice: a Flip played last turns everything over before the hand is scored."""
    game = new(2, hands=[["RF"], ["G3", "G4"]], discard=["R9"])
    dark = [TOKEN[DARK][c] for c in game.hands[1]]
    game.apply(0, {"type": "play", "card": "RF"})
    assert game.finished_rounds[0]["side"] == "dark"
    assert game.finished_rounds[0]["results"][0]["cards"] == dark


def test_the_last_cards_draw_penalty_is_drawn_and_counts():
    """RULES.md: a hand that ends on a Draw Five: the next player draws first and those cards count."""
    game = new(2, hands=[["PD5"], ["T3"]], discard=["P9"], side="dark", draw=["O1", "O2", "O3", "O4", "O5"])
    game.apply(0, {"type": "play", "card": "PD5"})
    assert game.finished_rounds[0]["results"][0]["cards"] == ["T3", "O1", "O2", "O3", "O4", "O5"]
    assert game.scores[0] == 3 + 1 + 2 + 3 + 4 + 5


def test_the_game_ends_when_someone_reaches_the_target():
    """RULES.md: target 500 by default (here 50); winner_takes."""
    game = arrange(FlipGame(people(2), {"target": 50}, seed=3), hands=[["R2"], ["W2", "G4"]], discard=["R9"])
    game.apply(0, {"type": "play", "card": "R2"})
    assert game.status == "finished" and game.winner == 0 and game.scores == [54, 0]
    outcome = game.outcome()
    assert outcome is not None and outcome.winner == "Ana"
    with pytest.raises(IllegalActionError, match="over"):
        game.apply(1, {"type": "draw"})


def test_a_stored_game_continues_exactly_as_the_original():
    """Storage: the whole state as JSON; the rebuilt game plays on the same."""
    game = FlipGame([{"name": "Ana", "bot": "smart"}, {"name": "Ben", "bot": "random"}, {"name": "Cy"}], seed=8)
    twin = FlipGame.from_json(game.to_json())
    assert twin.to_json() == game.to_json()
    run_bots(game)
    run_bots(twin)
    assert twin.to_json() == game.to_json()
    assert sorted(all_cards(twin)) == list(CARDS)


def test_both_bots_choose_legal_moves():
    """Bots: every move they choose is one the game lists as legal."""
    for name in BOTS:
        game = FlipGame([{"name": "A", "bot": name}, {"name": "B", "bot": name}], seed=5)
        for _i in range(200):
            if game.status != "playing":
                break
            seat = game.turn
            move = BOTS[name].choose(game, seat)
            assert move is not None and move in game.legal_actions(seat)
            game.apply(seat, move)


def test_the_smart_bot_beats_the_random_bot_and_the_simulator_counts_flips():
    """Bots: the smart bot is a plausible player (it wins most seeded games against the random bot); the simulator
    (``flask simulate uno_flip``) plays whole games only and counts the flips."""
    from app.games.uno_flip.engine.simulate import simulate

    summary = simulate(games=20, players=2, bots=["smart", "random"], seed=1, rules={"target": 200})
    assert summary["game"] == "uno_flip" and sum(summary["wins_by_seat"]) == 20
    assert summary["wins_by_bot"]["smart"] > summary["wins_by_bot"]["random"]
    assert summary["flips"] > 0 and summary["hands"] >= 20
    with pytest.raises(RulesError, match="whole games"):
        simulate(games=1, hands=5)


def test_the_log_words_each_card_on_its_side_in_unos_sentences():
    """The log: UNO's sentences (one translation for both games), Flip's cards named on the side they were read."""
    game = new(3, hands=[["PD5", "P2"], ["T3", "T4"], ["O5", "O6"]], discard=["P9"], side="dark")
    game.apply(0, {"type": "play", "card": "PD5"})
    texts = [e["text"] for e in game.view(0)["log"]]
    assert "Ana plays pink Draw Five." in texts and "Ben draws 5 cards." in texts and "Ben is skipped." in texts
    game = new(2, hands=[["RF", "R2"], ["G3", "G4"]], discard=["R9"])
    game.apply(0, {"type": "play", "card": "RF"})
    flip = game.view(0)["log"][-1]["text"]
    assert flip.startswith("Everything flips to the dark side: the top of the discard pile is now the ")
