"""UNO bots, run_bots, and the simulator's summary."""

from __future__ import annotations

import pytest

from app.engine.errors import RulesError
from app.games.uno.engine.bots import BOTS, get_bot, run_bots
from app.games.uno.engine.game import UnoGame
from app.games.uno.engine.simulate import TIMING_FIELDS, simulate

ALL_HOUSE_RULES = {
    "stacking": True,
    "seven_o": True,
    "jump_in": True,
    "multiples": True,
    "draw_until_playable": True,
    "target": 200,
}


@pytest.mark.parametrize("rules", [None, ALL_HOUSE_RULES])
@pytest.mark.parametrize("name", ["random", "smart"])
def test_bot_choices_are_legal_through_the_public_api(name, rules):
    bot = get_bot(name)
    for seed in range(3):
        game = UnoGame([f"P{i}" for i in range(4)], rules, seed=seed)
        for _ in range(400):
            if game.status != "playing":
                break
            acted = False
            for seat in range(4):
                action = bot.choose(game, seat)
                if action is not None and (seat != game.turn or action.kind in ("uno", "catch")):
                    game.apply(seat, action)  # raises if the bot chose something illegal
                    acted = True
                    break
            if not acted:
                action = bot.choose(game, game.turn)
                game.apply(game.turn, action)  # raises if the bot chose something illegal


def test_run_bots_stops_when_a_person_must_act():
    seats = [{"name": "Ana"}, {"name": "Bot1", "bot": "smart"}, {"name": "Bot2", "bot": "random"}]
    game = UnoGame(seats, seed=2)
    for _ in range(30):
        run_bots(game)
        if game.status != "playing":
            break
        assert game.turn == 0
        game.apply(0, game.legal_actions(0)[0])
    assert any(entry["seat"] in (1, 2) and entry["type"] == "play" for entry in game.log)


def test_run_bots_plays_a_game_of_bots_to_the_end():
    game = UnoGame([{"name": "A", "bot": "smart"}, {"name": "B", "bot": "random"}], seed=9)
    run_bots(game)
    assert game.status == "finished" and max(game.scores) >= 500
    assert game.winner == game.scores.index(max(game.scores))


@pytest.mark.parametrize(("bot", "caught"), [("smart", True), ("random", False)])
def test_smart_catches_a_missing_uno_call_and_random_does_not(arrange, deal, bot, caught):
    game = deal([[], [], []], "R5", bots={1: bot, 2: bot})
    game = arrange(game, hands={0: ["R1", "R2"]})
    game.apply(0, {"type": "play", "card": "R1"})
    run_bots(game)
    assert any(entry["type"] == "catch" for entry in game.log) is caught


def test_bots_call_uno_with_their_play(arrange, deal):
    for bot in BOTS:
        game = deal([[], [], []], "R5", bots={0: bot})
        game = arrange(game, hands={0: ["R1", "R2"]})
        run_bots(game)
        assert game.turn == 1 and len(game.hands[0]) == 1
        assert game.uno[0] and not game.catchable


@pytest.fixture
def exchange_to_a_person(arrange, deal):
    """A factory: seat 1 (a smart bot, to play) holds R0 and Y2 under seven_o: its 0 hands its last card on to seat 2."""

    def make(seats):
        game = deal([[], [], []], "R5", rules={"seven_o": True}, bots=seats)
        game = arrange(game, hands={0: ["R1", "G2", "G3"], 1: ["R0", "Y2"]})
        game.apply(0, {"type": "play", "card": "R1"})
        run_bots(game)
        return game

    return make


def test_bots_do_not_catch_a_person_handed_one_card_by_an_exchange_before_they_can_call(exchange_to_a_person):
    game = exchange_to_a_person({1: "smart"})
    assert game.hands[2] and len(game.hands[2]) == 1 and game.turn == 2
    assert not any(entry["type"] == "catch" for entry in game.log)
    assert {"type": "uno"} in [move.to_json() for move in game.legal_actions(2)]
    # People may still catch each other, as RULES.md says.
    assert {"type": "catch", "seat": 2} in [move.to_json() for move in game.legal_actions(0)]
    # The protection is part of the stored state: a reloaded game gives the bots no second chance.
    game = UnoGame.from_json(game.to_json())
    run_bots(game)
    assert not any(entry["type"] == "catch" for entry in game.log)
    game.apply(2, {"type": "uno"})
    assert game.uno[2] and not game.catchable


def test_a_bot_handed_one_card_by_an_exchange_calls_uno_before_another_bot_catches_it(arrange, deal):
    game = deal([[], [], [], []], "R5", rules={"seven_o": True}, bots={s: "smart" for s in range(4)})
    game = arrange(game, hands={0: ["R1", "G2", "G3"], 1: ["R0", "Y2", "Y3"], 3: ["B9"]})
    game.apply(3, {"type": "uno"})
    game.apply(0, {"type": "play", "card": "R1"})
    run_bots(game, stop_after_hand=True)
    rotate = next(i for i, entry in enumerate(game.log) if entry["type"] == "rotate")
    after = [(entry["type"], entry["seat"]) for entry in game.log[rotate + 1 : rotate + 3]]
    assert after[0] == ("uno", 0)  # seat 0 got seat 3's last card and calls before seat 2 plays
    assert not any(entry["type"] == "catch" and entry["target"] == 0 for entry in game.log[rotate : rotate + 3])


def test_random_never_challenges(deal):
    game = deal([["W4", "R1"], [], []], "R5", bots={1: "random"})
    game.apply(0, {"type": "play", "card": "W4", "color": "G"})  # a bluff
    assert get_bot("random").act(game, 1)[0] == "accept"


def test_smart_challenges_when_the_odds_say_so(arrange, deal):
    game = deal([["W4"], [], []], "R5", bots={1: "smart"})
    big = arrange(
        game,
        hands={0: ["W4", "G1", "G2", "G3", "G4", "G6", "G7", "G8", "G9", "B3", "B4", "B5", "B6", "B7", "B8", "B9"]},
    )
    big.apply(0, {"type": "play", "card": "W4", "color": "G"})
    assert get_bot("smart").act(big, 1)[0] == "challenge"  # 15 cards and no red seen: a bluff is likely
    small = arrange(game, hands={0: ["W4", "Y1"]})
    small.apply(0, {"type": "play", "card": "W4", "color": "G"})
    assert get_bot("smart").act(small, 1)[0] == "accept"


def test_smart_plays_a_draw_two_against_a_player_close_to_going_out(arrange, deal):
    game = deal([[], [], []], "R5", bots={0: "smart"})
    game = arrange(game, hands={0: ["R+2", "R3", "R4", "G6"], 1: ["B1"], 2: ["B2", "B3", "B4"]})
    assert get_bot("smart").act(game, 0)[1] == (game.hands[0][0],)


def test_smart_matches_the_colour_it_holds_most_and_keeps_wilds_until_danger(arrange, deal):
    smart = get_bot("smart")
    game = deal([[], [], []], "R5", bots={0: "smart"})
    calm = arrange(game, hands={0: ["R1", "G5", "G7", "G8", "W"], 1: ["B1", "B2", "B3"], 2: ["Y1", "Y2", "Y3"]})
    assert smart.choose(calm, 0).to_json() == {"type": "play", "card": "G5"}
    danger = arrange(game, hands={0: ["R1", "G5", "G7", "G8", "W"], 1: ["B1"], 2: ["Y1", "Y2", "Y3"]})
    assert smart.choose(danger, 0).to_json() == {"type": "play", "card": "W", "color": "G"}


def test_smart_names_its_strongest_colour_for_a_first_wild(deal):
    game = deal([["B7", "B8", "B9", "G1"], [], []], "W", bots={0: "smart"})
    assert get_bot("smart").choose(game, 0).to_json() == {"type": "color", "color": "B"}


# --- the simulator -----------------------------------------------------------------------------------


def test_summary_has_the_contract_keys_and_adds_up():
    summary = simulate("uno", games=20, players=3, bots=["smart", "random"], seed=4)
    for key in (
        "game",
        "games",
        "players",
        "bots",
        "seed",
        "seconds",
        "games_per_second",
        "turns",
        "turns_per_second",
        "rounds_mean",
        "rounds_max",
        "wins_by_seat",
        "wins_by_bot",
        "hands",
        "hands_per_second",
        "challenges",
        "points_per_hand_mean",
        "turns_per_hand_mean",
    ):
        assert key in summary
    assert summary["bots"] == ["smart", "random", "smart"]
    assert sum(summary["wins_by_seat"]) == 20
    assert summary["wins_by_bot"] == {
        "smart": summary["wins_by_seat"][0] + summary["wins_by_seat"][2],
        "random": summary["wins_by_seat"][1],
    }
    assert summary["hands"] >= 20 and summary["rounds_max"] >= summary["rounds_mean"] >= 1


def test_seeded_runs_repeat_except_timing():
    def run(seed):
        out = simulate(games=15, players=4, bots=["smart", "random"], seed=seed, rules=ALL_HOUSE_RULES)
        return {k: v for k, v in out.items() if k not in TIMING_FIELDS}

    assert run(3) == run(3)
    assert run(3) != run(4)


def test_hands_mode_plays_single_hands():
    summary = simulate(players=2, bots=["random"], seed=1, hands=50)
    assert summary["hands"] == 50 and summary["games"] == 50 and summary["rounds_max"] == 1
    assert sum(summary["wins_by_seat"]) == 50


def test_smart_beats_random_bots():
    summary = simulate(players=4, bots=["smart", "random", "random", "random"], seed=7, hands=400)
    assert summary["wins_by_seat"][0] / 400 > 0.25


def test_progress_is_reported():
    calls = []
    simulate(games=5, players=2, seed=1, progress=lambda done, total: calls.append((done, total)))
    assert calls[-1] == (5, 5)


@pytest.mark.parametrize(
    "kwargs", [{"game": "phase10"}, {"bots": ["genius"]}, {"players": 11}, {"games": 0}, {"rules": {"stacking": "yes"}}]
)
def test_bad_simulations_are_refused(kwargs):
    with pytest.raises(RulesError):
        simulate(**{"games": 2, **kwargs})


def test_run_bots_stops_after_max_hands():
    from app.games.uno.engine.bots import run_bots
    from app.games.uno.engine.game import UnoGame

    game = UnoGame([{"name": "A", "bot": "random"}, {"name": "B", "bot": "random"}], rules={"target": 10000}, seed=3)
    run_bots(game, max_hands=2)
    assert len(game.finished_rounds) == 2 and game.status == "playing"
