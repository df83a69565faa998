"""Phase 10 score sheet: standings, phase progress, every variant and phase list, the winner, the
tie-breaker, the dealer, corrections and undo, replay from stored JSON."""

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from app.engine.errors import RoundError, RulesError
from app.games.phase10.engine.phases import PHASE_LISTS, PHASES, make_rules
from app.games.phase10.engine.rounds import parse_round
from app.games.phase10.engine.sheet import LOWEST_TOTAL, SOLE_FINISHER, TIEBREAKER, Sheet, check_players

PLAYERS = ("Ana", "Ben", "Cy")


def rnd(went_out, completed=(), points=None, players=PLAYERS):
    """A round body: ``completed`` lists who completed (or maps them to a phase under pick_a_phase);
    the one who went out always completed. Default penalties: 50 without a phase, 5 with one."""
    picked = completed if isinstance(completed, dict) else {}
    points = points or {}
    results = []
    for name in players:
        did = name == went_out or name in completed
        flag = picked.get(name, True) if did else False
        result = {"player": name, "completed": flag}
        if name != went_out:
            result["points"] = points.get(name, 5 if did else 50)
        results.append(result)
    return {"went_out": went_out, "results": results}


def play(rules, rounds, players=PLAYERS):
    sheet = Sheet(rules, players)
    for body in rounds:
        sheet.add_round(parse_round(body, rules))
    return sheet


def table(sheet):
    return {s.name: (s.score, s.phase, list(s.phases_done)) for s in sheet.standings()}


# --- standings and progress ------------------------------------------------------------------------


def test_classic_standings_and_progress():
    rules = make_rules()
    sheet = play(
        rules,
        [
            rnd("Ana", ["Ben"], {"Ben": 20, "Cy": 75}),
            rnd("Ben", ["Cy"], {"Ana": 60, "Cy": 15}),
            rnd("Ana", [], {"Ben": 55, "Cy": 90}),
        ],
    )
    assert table(sheet) == {
        "Ana": (0 + 60 + 0, 3, [1, 2]),
        "Ben": (20 + 0 + 55, 3, [1, 2]),
        "Cy": (75 + 15 + 90, 2, [1]),
    }
    assert sheet.status == "playing" and sheet.winner is None and sheet.outcome is None
    assert sheet.running_totals() == [
        {"Ana": 0, "Ben": 20, "Cy": 75},
        {"Ana": 60, "Ben": 20, "Cy": 90},
        {"Ana": 60, "Ben": 75, "Cy": 180},
    ]
    # Ahead: most phases, then the lower total.
    assert sheet.leaders() == ("Ana",)


@pytest.mark.parametrize(
    "phases",
    [PHASE_LISTS["all"], PHASE_LISTS["to5"], PHASE_LISTS["to8"], PHASE_LISTS["even"], PHASE_LISTS["odd"], (3, 1, 7)],
    ids=["all", "to5", "to8", "even", "odd", "custom"],
)
def test_classic_phase_lists(phases):
    rules = make_rules({"phases": list(phases)})
    sheet = Sheet(rules, PLAYERS)
    for number in range(1, len(phases) + 1):
        assert sheet.status == "playing"
        sheet.add_round(parse_round(rnd("Ana"), rules))
        done = list(phases[:number])
        expected_next = phases[number] if number < len(phases) else None
        assert table(sheet)["Ana"] == (0, expected_next, done)
        assert table(sheet)["Ben"] == (50 * number, phases[0], [])
    assert sheet.status == "finished" and sheet.winner == "Ana"
    assert sheet.outcome.rule == SOLE_FINISHER
    assert sheet.outcome.text == f"Only Ana completed phase {phases[-1]}."
    with pytest.raises(RoundError) as caught:
        sheet.add_round(parse_round(rnd("Ben"), rules))
    assert "The game is over: Ana won." in str(caught.value)


def test_all_advance_moves_everybody_on_and_lowest_total_wins():
    rules = make_rules({"variant": "all_advance", "phases": [1, 2, 3]})
    sheet = play(rules, [rnd("Ana", ["Cy"], {"Ben": 50, "Cy": 5})])
    assert table(sheet) == {"Ana": (0, 2, [1]), "Ben": (50, 2, []), "Cy": (5, 2, [1])}
    # Round 2 is phase 2 for everyone (7 cards: at most 3 left), though Ben never completed phase 1.
    with pytest.raises(RoundError) as caught:
        sheet.add_round(parse_round(rnd("Ben", ["Cy"], {"Ana": 50, "Cy": 100}), rules))
    assert str(caught.value) == "Cy completed phase 2 (7 cards), so Cy holds at most 3 cards: at most 75 points."
    sheet.add_round(parse_round(rnd("Ben", [], {"Ana": 50, "Cy": 60}), rules))
    assert table(sheet) == {"Ana": (50, 3, [1]), "Ben": (50, 3, [2]), "Cy": (65, 3, [1])}
    sheet.add_round(parse_round(rnd("Cy", ["Ana"], {"Ana": 5, "Ben": 50}), rules))
    assert table(sheet) == {"Ana": (55, None, [1, 3]), "Ben": (100, None, [2]), "Cy": (65, None, [1, 3])}
    assert sheet.status == "finished" and sheet.winner == "Ana"
    assert sheet.outcome.rule == LOWEST_TOTAL
    assert sheet.outcome.text == "Lowest total after the last phase: Ana."
    assert sheet.leaders() == ("Ana",)


def test_all_advance_lowest_total_wins_not_who_completed_the_last_phase():
    rules = make_rules({"variant": "all_advance", "phases": "even"})
    sheet = play(rules, [rnd("Ana")] * 4)
    assert sheet.status == "playing" and table(sheet)["Ben"] == (200, 10, [])
    sheet.add_round(parse_round(rnd("Ben", [], {"Ana": 60}), rules))
    # Ben went out on phase 10, but Ana has 60 against Ben's 200 and Cy's 250.
    assert table(sheet) == {"Ana": (60, None, [2, 4, 6, 8]), "Ben": (200, None, [10]), "Cy": (250, None, [])}
    assert sheet.winner == "Ana" and sheet.outcome.rule == LOWEST_TOTAL


def test_all_advance_equal_lowest_totals_need_a_tiebreaker():
    rules = make_rules({"variant": "all_advance", "phases": [1, 2]})
    sheet = play(rules, [rnd("Ana", [], {"Cy": 50}), rnd("Cy", [], {"Ana": 50})])
    assert sheet.status == "tiebreaker" and sheet.winner is None
    assert sheet.tiebreaker == {"players": ["Ana", "Cy"], "winner": None}
    assert sheet.outcome.text.startswith("Ana and Cy share the lowest total after the last phase: they play a tie")
    sheet.record_tiebreaker("Cy")
    assert sheet.status == "finished" and sheet.winner == "Cy"
    assert sheet.outcome.text == "Ana and Cy share the lowest total after the last phase; Cy won the tie-breaker round."


def test_pick_a_phase_progress_and_sole_finisher():
    rules = make_rules({"variant": "pick_a_phase", "phases": [1, 3, 5]})
    sheet = play(rules, [rnd("Ana", {"Ana": 5, "Ben": 1}, {"Ben": 20})])
    assert table(sheet) == {"Ana": (0, 1, [5]), "Ben": (20, 3, [1]), "Cy": (50, 1, [])}
    sheet.add_round(parse_round(rnd("Ben", {"Ben": 5, "Ana": 1}, {"Ana": 10}), rules))
    assert table(sheet) == {"Ana": (10, 3, [5, 1]), "Ben": (20, 3, [1, 5]), "Cy": (100, 1, [])}
    sheet.add_round(parse_round(rnd("Cy", {"Cy": 3, "Ana": 3}, {"Ana": 10, "Ben": 50}), rules))
    assert table(sheet)["Ana"] == (20, None, [5, 1, 3])
    assert sheet.winner == "Ana" and sheet.outcome.rule == SOLE_FINISHER
    assert sheet.outcome.text == "Only Ana completed all the phases."


def test_pick_a_phase_several_finishers_lowest_total_then_tie():
    rules = make_rules({"variant": "pick_a_phase", "phases": [2, 4]})
    first = [rnd("Ana", {"Ana": 4, "Ben": 2}, {"Ben": 15})]
    sheet = play(rules, first + [rnd("Ben", {"Ben": 4, "Ana": 2}, {"Ana": 20})])
    assert sheet.winner == "Ben" and sheet.outcome.rule == LOWEST_TOTAL
    assert sheet.outcome.text == "Ben and Ana both completed all the phases; Ben has the lower total."
    tied = play(rules, first + [rnd("Ben", {"Ben": 4, "Ana": 2}, {"Ana": 15})])
    assert tied.status == "tiebreaker" and tied.tiebreaker["players"] == ["Ana", "Ben"]


# --- winning and the tie-breaker in classic --------------------------------------------------------

TWO = make_rules({"phases": [1, 2]})


def test_a_sole_finisher_wins_whatever_the_totals():
    sheet = play(TWO, [rnd("Ana", ["Ben"], {"Ben": 100}), rnd("Cy", ["Ben"], {"Ben": 75, "Ana": 50})])
    assert table(sheet) == {"Ana": (50, 2, [1]), "Ben": (175, None, [1, 2]), "Cy": (50, 2, [1])}
    assert sheet.winner == "Ben" and sheet.outcome.rule == SOLE_FINISHER
    assert sheet.outcome.text == "Only Ben completed phase 2."
    assert sheet.leaders() == ("Ben",)


def test_several_finishers_lowest_total_wins():
    sheet = play(TWO, [rnd("Ben", ["Ana"], {"Ana": 20}), rnd("Ana", ["Ben"], {"Ben": 5})])
    assert sheet.winner == "Ben" and sheet.outcome.rule == LOWEST_TOTAL
    assert sheet.outcome.players == ("Ana", "Ben")
    assert sheet.outcome.text == "Ben and Ana both completed phase 2; Ben has the lower total."


def test_three_finishers_lowest_total_wins():
    sheet = play(
        TWO, [rnd("Ben", ["Ana", "Cy"], {"Ana": 20, "Cy": 10}), rnd("Ana", ["Ben", "Cy"], {"Ben": 25, "Cy": 5})]
    )
    assert sheet.winner == "Cy"
    assert sheet.outcome.text == "Cy, Ana and Ben completed phase 2; Cy has the lowest total."


def tie_game():
    """Ana and Ben both complete phase 2 with 5 points; Cy is still on phase 1."""
    return play(TWO, [rnd("Ben", ["Ana"], {"Ana": 5}), rnd("Ana", ["Ben"], {"Ben": 5})])


def test_equal_lowest_totals_wait_for_the_tiebreaker():
    sheet = tie_game()
    assert sheet.status == "tiebreaker" and sheet.winner is None
    assert sheet.tiebreaker == {"players": ["Ana", "Ben"], "winner": None}
    assert sheet.outcome.rule == TIEBREAKER
    assert sheet.outcome.text == (
        "Ana and Ben completed phase 2 with the same total: they play a tie-breaker round "
        "(a set of 5 and a set of 3; the first to lay it down wins)."
    )
    assert sheet.next_dealer == "Ben"
    with pytest.raises(RoundError) as caught:
        sheet.add_round(parse_round(rnd("Cy"), TWO))
    assert "Ana and Ben must play the tie-breaker round first" in str(caught.value)


def test_recording_the_tiebreaker_winner():
    sheet = tie_game()
    with pytest.raises(RoundError) as caught:
        sheet.record_tiebreaker("Cy")
    assert str(caught.value) == "Cy did not play the tie-breaker round: the tied players are Ana and Ben."
    sheet.record_tiebreaker("ben")
    assert sheet.status == "finished" and sheet.winner == "Ben"
    assert sheet.tiebreaker == {"players": ["Ana", "Ben"], "winner": "Ben"}
    assert sheet.outcome.text == "Ana and Ben completed phase 2 with the same total; Ben won the tie-breaker round."
    assert sheet.next_dealer is None
    with pytest.raises(RoundError):
        sheet.record_tiebreaker("Ana")  # already decided
    sheet.clear_tiebreaker()
    assert sheet.status == "tiebreaker"


def test_no_tiebreaker_to_record_while_playing():
    with pytest.raises(RoundError) as caught:
        Sheet(TWO, PLAYERS).record_tiebreaker("Ana")
    assert "No tie-breaker round is waiting" in str(caught.value)


def test_two_of_three_finishers_tie():
    sheet = play(TWO, [rnd("Ben", ["Ana", "Cy"], {"Ana": 5, "Cy": 10}), rnd("Ana", ["Ben", "Cy"], {"Ben": 5, "Cy": 5})])
    assert sheet.tiebreaker["players"] == ["Ana", "Ben"]
    assert sheet.outcome.text.startswith("Ana, Ben and Cy completed phase 2; Ana and Ben share the lowest total: ")


# --- dealer ----------------------------------------------------------------------------------------


def test_the_last_player_deals_first_and_the_deal_passes_left():
    sheet = play(make_rules(), [rnd("Ana")] * 4)
    assert [sheet.dealer(n) for n in range(1, 6)] == ["Cy", "Ana", "Ben", "Cy", "Ana"]
    assert [r.dealer for r in sheet.rounds] == ["Cy", "Ana", "Ben", "Cy"]
    assert [r["dealer"] for r in sheet.to_json()["rounds"]] == ["Cy", "Ana", "Ben", "Cy"]
    assert sheet.next_dealer == "Ana"
    assert sheet.to_json()["dealer"] == "Ana"


# --- corrections and undo --------------------------------------------------------------------------


def test_correcting_a_round_recomputes_everything_after_it():
    rules = make_rules()
    sheet = play(rules, [rnd("Ana", ["Ben"]), rnd("Ben", ["Cy"]), rnd("Cy")])
    correction = sheet.replace_round(1, parse_round(rnd("Ana", [], {"Ben": 70}), rules))
    assert correction.tiebreaker_dropped is False and correction.round.number == 1
    assert table(sheet) == {"Ana": (50 + 50, 2, [1]), "Ben": (70 + 0 + 50, 2, [1]), "Cy": (50 + 5, 3, [1, 2])}


def test_a_correction_that_makes_a_later_round_impossible_is_refused():
    rules = make_rules({"phases": [1, 6]})
    # Round 2: Ben completes phase 1 holding 4 cards; fine while round 1 left him on phase 1.
    second = {
        "went_out": "Ana",
        "results": [
            {"player": "Ana", "completed": True},
            {"player": "Ben", "completed": True, "counts": {"low": 4}},
            {"player": "Cy", "completed": False, "points": 50},
        ],
    }
    sheet = play(rules, [rnd("Cy"), second])
    before = sheet.to_json()
    with pytest.raises(RoundError) as caught:
        sheet.replace_round(1, parse_round(rnd("Cy", ["Ben"], {"Ben": 20}), rules))
    assert str(caught.value) == (
        "Round 2 no longer holds after this correction: "
        "Ben completed phase 6 (9 cards), so Ben holds at most 1 card, not 4."
    )
    assert caught.value.round == 2 and caught.value.player == "Ben"
    assert sheet.to_json() == before


def test_a_correction_that_ends_the_game_earlier_refuses_the_rounds_after():
    sheet = play(TWO, [rnd("Ana"), rnd("Ben"), rnd("Ben")])
    assert sheet.status == "finished" and sheet.winner == "Ben"
    with pytest.raises(RoundError) as caught:
        sheet.replace_round(2, parse_round(rnd("Ana"), TWO))
    assert str(caught.value).startswith("Round 3 no longer holds after this correction: The game is over: Ana won.")
    assert len(sheet.rounds) == 3 and sheet.winner == "Ben"


def test_a_bad_replacement_is_refused_as_itself():
    sheet = play(TWO, [rnd("Ana"), rnd("Ben")])
    with pytest.raises(RoundError) as caught:
        sheet.replace_round(1, parse_round(rnd("Ana", [], {"Ben": 45}), TWO))
    assert str(caught.value) == "Ben did not complete a phase, so Ben holds 10 cards: at least 50 points."
    assert caught.value.round == 1
    with pytest.raises(RoundError) as caught:
        sheet.replace_round(3, parse_round(rnd("Ana"), TWO))
    assert "There is no round 3" in str(caught.value)


def test_a_correction_can_reopen_a_finished_game():
    sheet = play(TWO, [rnd("Ana"), rnd("Ana")])
    assert sheet.status == "finished"
    sheet.replace_round(2, parse_round(rnd("Ben"), TWO))
    assert sheet.status == "playing" and sheet.winner is None
    assert sheet.next_dealer == "Ben"


def test_undo_drops_the_last_round():
    sheet = play(TWO, [rnd("Ana", ["Ben"]), rnd("Ana")])
    assert sheet.status == "finished"
    correction = sheet.undo()
    assert correction.round.number == 2 and correction.tiebreaker_dropped is False
    assert sheet.status == "playing" and len(sheet.rounds) == 1
    assert table(sheet) == {"Ana": (0, 2, [1]), "Ben": (5, 2, [1]), "Cy": (50, 1, [])}
    sheet.undo()
    assert table(sheet) == {p: (0, 1, []) for p in PLAYERS}
    with pytest.raises(RoundError):
        sheet.undo()


def test_undo_drops_a_recorded_tiebreaker():
    sheet = tie_game()
    sheet.record_tiebreaker("Ana")
    assert sheet.undo().tiebreaker_dropped is True
    assert sheet.tiebreaker is None and sheet.status == "playing"


def test_tiebreaker_survives_a_correction_that_keeps_the_same_tie():
    sheet = tie_game()
    sheet.record_tiebreaker("Ana")
    correction = sheet.replace_round(1, parse_round(rnd("Ben", ["Ana"], {"Ana": 5, "Cy": 90}), TWO))
    assert correction.tiebreaker_dropped is False
    assert sheet.winner == "Ana" and sheet.tiebreaker == {"players": ["Ana", "Ben"], "winner": "Ana"}
    assert table(sheet)["Cy"] == (140, 1, [])


def test_tiebreaker_is_dropped_when_the_tie_is_gone():
    sheet = tie_game()
    sheet.record_tiebreaker("Ana")
    correction = sheet.replace_round(1, parse_round(rnd("Ben", ["Ana"], {"Ana": 10}), TWO))
    assert correction.tiebreaker_dropped is True
    assert sheet.status == "finished" and sheet.winner == "Ben" and sheet.tiebreaker is None


def test_tiebreaker_is_dropped_when_other_players_tie():
    first = rnd("Ben", ["Ana", "Cy"], {"Ana": 5, "Cy": 5})
    sheet = play(TWO, [first, rnd("Ana", ["Ben"], {"Ben": 5, "Cy": 50})])
    assert sheet.tiebreaker["players"] == ["Ana", "Ben"]
    sheet.record_tiebreaker("Ben")
    # Cy now finishes too, with the same total as Ben; Ana is behind.
    correction = sheet.replace_round(2, parse_round(rnd("Cy", ["Ana", "Ben"], {"Ana": 5, "Ben": 5}), TWO))
    assert correction.tiebreaker_dropped is True
    assert sheet.tiebreaker == {"players": ["Ben", "Cy"], "winner": None}
    assert sheet.status == "tiebreaker"


# --- replay and JSON -------------------------------------------------------------------------------


def test_replay_from_stored_json_gives_the_same_sheet():
    sheet = tie_game()
    sheet.record_tiebreaker("Ben")
    stored = [r.to_json() for r in sheet.rounds]
    again = Sheet.replay(TWO, PLAYERS, stored, tiebreaker_winner="Ben")
    assert again.to_json() == sheet.to_json()
    assert Sheet.replay(TWO, PLAYERS, sheet.rounds, "Ben").to_json() == sheet.to_json()


def test_replay_names_the_round_that_fails():
    stored = [r.to_json() for r in play(TWO, [rnd("Ana"), rnd("Ben")]).rounds]
    stored[1]["results"][0]["points"] = 52
    with pytest.raises(RoundError) as caught:
        Sheet.replay(TWO, PLAYERS, stored)
    assert str(caught.value) == "Round 2: Ana's 52 points are not a multiple of 5: every card scores 5, 10, 15 or 25."
    assert caught.value.round == 2 and caught.value.player == "Ana"
    stored[1]["results"][0]["points"] = 50
    stored[1]["round"] = 5
    with pytest.raises(RoundError) as caught:
        Sheet.replay(TWO, PLAYERS, stored)
    assert str(caught.value) == "Round 2: it is numbered 5, but stored rounds must be numbered 1, 2, 3… in order."
    assert caught.value.round == 2


def test_replay_refuses_a_tiebreaker_winner_without_a_tie():
    with pytest.raises(RoundError):
        Sheet.replay(TWO, PLAYERS, [rnd("Ana")], tiebreaker_winner="Ana")


def test_to_json_has_the_api_fields():
    sheet = play(make_rules({"phases": "to5"}), [rnd("Ana", ["Ben"], {"Ben": 35})])
    data = sheet.to_json()
    assert data["rules"] == {
        "variant": "classic",
        "phases": [1, 2, 3, 4, 5],
        "natural_card": "phase",
        "skip_target": "next",
        "skip_once_per_lap": True,
        "go_out_by_hit": False,
    }
    assert data["status"] == "playing" and data["winner"] is None and data["tiebreaker"] is None
    assert data["players"] == [
        {"name": "Ana", "score": 0, "phase": 2, "phases_done": [1], "joined": None, "left": None},
        {"name": "Ben", "score": 35, "phase": 2, "phases_done": [1], "joined": None, "left": None},
        {"name": "Cy", "score": 50, "phase": 1, "phases_done": [], "joined": None, "left": None},
    ]
    assert data["lineup"] == []
    assert data["rounds"] == [
        {
            "round": 1,
            "dealer": "Cy",
            "went_out": "Ana",
            "results": [
                {"player": "Ana", "completed": True, "points": 0},
                {"player": "Ben", "completed": True, "points": 35},
                {"player": "Cy", "completed": False, "points": 50},
            ],
        }
    ]
    assert data["outcome"] is None and data["leaders"] == ["Ana"]
    assert data["next_round"] == 2 and data["dealer"] == "Ana"
    assert data["totals"] == [{"round": 1, "scores": {"Ana": 0, "Ben": 35, "Cy": 50}}]


def test_to_json_of_a_finished_game():
    data = play(TWO, [rnd("Ana"), rnd("Ana")]).to_json()
    assert data["status"] == "finished" and data["winner"] == "Ana"
    assert data["outcome"] == {
        "rule": "sole_finisher",
        "winner": "Ana",
        "players": ["Ana"],
        "text": "Only Ana completed phase 2.",
    }
    assert data["next_round"] is None and data["dealer"] is None


# --- players ---------------------------------------------------------------------------------------


def test_check_players_trims_names():
    assert check_players([" Ana ", "Ben"]) == ("Ana", "Ben")
    assert Sheet(make_rules(), [" Ana", "Ben "]).players == ("Ana", "Ben")


@pytest.mark.parametrize(
    "names, message",
    [
        (["Ana"], "This game takes 2 to 6 players, not 1."),
        ([f"P{n}" for n in range(7)], "This game takes 2 to 6 players, not 7."),
        (["Ana", "  "], "Player 2 has no name."),
        (["Ana", "x" * 31], "is too long: at most 30 characters."),
        (["Ana", "ANA "], "Ana and ANA are the same name"),
        ("Ana, Ben", "The players must be a list of names."),
        (["Ana", 3], "The players must be a list of names."),
    ],
)
def test_check_players_refusals(names, message):
    with pytest.raises(RulesError) as caught:
        check_players(names)
    assert message in str(caught.value)


# --- random games ----------------------------------------------------------------------------------

LISTS = [PHASE_LISTS["all"], PHASE_LISTS["to5"], PHASE_LISTS["even"], PHASE_LISTS["odd"], (3, 1, 7), (6,), (9, 4)]


def _random_hand(draw, size, counter):
    """A hand of ``size`` cards in one of the three entry forms, with its points counted here."""
    wild = draw(st.integers(0, min(1, size)))
    high = draw(st.integers(0, min(2, size - wild)))
    low = size - wild - high
    points = 25 * wild + 10 * high + 5 * low
    form = draw(st.sampled_from(["cards", "counts", "points"]))
    if form == "points":
        return {"points": points}, points
    if form == "counts":
        return {"counts": {"low": low, "high": high, "wild": wild}}, points
    # Numbers go round-robin over the round so no number exceeds the deck's 8 copies.
    cards = []
    for _ in range(low):
        cards.append(str(counter[0] % 9 + 1))
        counter[0] += 1
    for _ in range(high):
        cards.append(str(counter[1] % 3 + 10))
        counter[1] += 1
    return {"cards": cards + ["W"] * wild}, points


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_games_replay_to_the_same_standings(data):
    variant = data.draw(st.sampled_from(["classic", "all_advance", "pick_a_phase"]))
    phases = data.draw(st.sampled_from(LISTS))
    players = PLAYERS + ("Dee",) * data.draw(st.integers(0, 1))
    rules = make_rules({"variant": variant, "phases": list(phases)})
    sheet = Sheet(rules, players)
    bodies, expected = [], dict.fromkeys(players, 0)
    while sheet.status == "playing" and len(bodies) < 14:
        standing = {s.name: s for s in sheet.standings()}
        went_out = data.draw(st.sampled_from(players))
        counter = [0, 0]
        results = []
        for name in players:
            completed = name == went_out or data.draw(st.booleans())
            if variant == "pick_a_phase":
                left = [p for p in phases if p not in standing[name].phases_done]
                phase = data.draw(st.sampled_from(left)) if completed else None
                flag = phase if completed else False
            else:
                phase = standing[name].phase if completed else None
                flag = completed
            result = {"player": name, "completed": flag}
            if name != went_out:
                size = data.draw(st.integers(1, 10 - PHASES[phase].size)) if completed else 10
                hand, points = _random_hand(data.draw, size, counter)
                result.update(hand)
                expected[name] += points
            results.append(result)
        body = {"went_out": went_out, "results": results}
        sheet.add_round(parse_round(body, rules))
        bodies.append(body)
    event(f"{variant}: {sheet.status}")
    if sheet.status == "tiebreaker":
        sheet.record_tiebreaker(data.draw(st.sampled_from(sheet.tiebreaker["players"])))
    winner = sheet.tiebreaker["winner"] if sheet.tiebreaker else None

    assert {s.name: s.score for s in sheet.standings()} == expected
    for name in players:
        assert sum(r.points[name] for r in sheet.rounds) == expected[name]
    if bodies:
        assert sheet.running_totals()[-1] == expected
    stored = [r.to_json() for r in sheet.rounds]
    assert Sheet.replay(rules, players, stored, winner).to_json() == sheet.to_json()
    assert Sheet.replay(rules, players, [parse_round(b, rules) for b in bodies], winner).to_json() == sheet.to_json()
    if variant == "all_advance":
        assert sheet.status != "playing" or len(bodies) < len(phases)


def test_phases_open_before_a_round_serves_corrections():
    from app.games.phase10.engine.phases import make_rules
    from app.games.phase10.engine.rounds import parse_round
    from app.games.phase10.engine.sheet import Sheet

    rules = make_rules({"variant": "pick_a_phase", "phases": [1, 2, 3]})
    sheet = Sheet(rules, ["Ana", "Ben"])
    sheet.add_round(
        parse_round(
            {
                "went_out": "Ana",
                "results": [{"player": "Ana", "completed": 2}, {"player": "Ben", "completed": False, "points": 50}],
            },
            rules,
        )
    )
    assert sheet.phases_open("Ana") == (1, 3)  # the next round
    assert sheet.phases_open("Ana", 1) == (1, 2, 3)  # correcting round 1: phase 2 is choosable again
    assert sheet.phases_open("Ben") == (1, 2, 3)
    classic = Sheet(make_rules({"phases": [4, 5]}), ["Ana", "Ben"])
    assert classic.phases_open("Ana") == (4,)
