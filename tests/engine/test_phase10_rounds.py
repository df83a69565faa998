"""Phase 10 score-sheet rounds: reading the JSON body, what a hand can score, and every refusal."""

import pytest

from app.engine.errors import EngineError, RoundError
from app.games.phase10.engine.cards import Card
from app.games.phase10.engine.phases import make_rules
from app.games.phase10.engine.rounds import (
    Counts,
    RoundEntry,
    completed_by_hand,
    completed_if_out,
    filled_counts,
    hand_totals,
    parse_round,
)
from app.games.phase10.engine.sheet import Sheet

CLASSIC = make_rules()
PICK = make_rules({"variant": "pick_a_phase"})
PLAYERS = ["Ana", "Ben", "Cy"]


def body(went_out, **specs):
    return {"went_out": went_out, "results": [{"player": name, **spec} for name, spec in specs.items()]}


def out(**extra):
    return {"completed": True, **extra}


def _result(completed, points, extra):
    spec = {"completed": completed, **extra}
    if not {"cards", "counts", "points"} & extra.keys():
        spec["points"] = points
    return spec


def missed(points=50, **extra):
    return _result(False, points, extra)


def done(points=5, **extra):
    return _result(True, points, extra)


def sheet_with(rules=CLASSIC, players=PLAYERS, rounds=()):
    sheet = Sheet(rules, players)
    for item in rounds:
        sheet.add_round(parse_round(item, rules))
    return sheet


# --- reading JSON ----------------------------------------------------------------------------------


def test_parse_the_api_example():
    entry = parse_round(
        {
            "round": 1,
            "went_out": "Ana",
            "results": [
                {"player": "Ana", "completed": True},
                {"player": "Ben", "completed": False, "cards": ["W", "5", "11", "1", "2", "3", "4", "6", "7", "8"]},
                {"player": "Cy", "completed": True, "points": 30},
                {"player": "Dee", "completed": False, "counts": {"low": 8, "high": 1, "skip": 0, "wild": 1}},
            ],
        },
        CLASSIC,
    )
    assert isinstance(entry, RoundEntry)
    assert entry.went_out == "Ana"
    ana, ben, cy, dee = entry.results
    assert ana.completed is True and ana.cards is None and ana.points is None
    assert ben.cards[0] == Card.parse("W") and len(ben.cards) == 10
    assert ben.penalty == 25 + 5 + 10 + 7 * 5
    assert cy.points == 30 and cy.penalty == 30
    assert dee.counts == Counts(low=8, high=1, skip=0, wild=1)
    assert dee.penalty == 8 * 5 + 10 + 25 and dee.card_count == 10


def test_missing_count_keys_are_zero():
    entry = parse_round(body("Ana", Ana=out(), Ben={"completed": False, "counts": {"wild": 2}}), CLASSIC)
    assert entry.results[1].counts == Counts(0, 0, 0, 2)


def test_entries_are_frozen():
    entry = parse_round(body("Ana", Ana=out(), Ben=missed()), CLASSIC)
    with pytest.raises(AttributeError):
        entry.went_out = "Ben"
    with pytest.raises(AttributeError):
        entry.results[0].points = 3


def test_pick_a_phase_completed_is_a_phase_number():
    entry = parse_round(body("Ana", Ana=out(completed=7), Ben={"completed": False, "points": 60}), PICK)
    assert entry.results[0].completed == 7
    assert entry.results[1].completed is False


@pytest.mark.parametrize(
    "data, rules, message",
    [
        ([], CLASSIC, "must be a JSON object"),
        ({"results": []}, CLASSIC, "went_out must be"),
        ({"went_out": "Ana", "results": "x"}, CLASSIC, "results must be a list"),
        ({"went_out": "Ana", "results": ["Ana"]}, CLASSIC, "results[0] must be an object"),
        ({"went_out": "Ana", "results": [{"completed": True}]}, CLASSIC, "results[0].player must be"),
        (body("Ana", Ana={}), CLASSIC, "results[0].completed is missing"),
        (body("Ana", Ana={"completed": "yes"}), CLASSIC, "results[0].completed must be true or false"),
        (body("Ana", Ana={"completed": 3}), CLASSIC, "results[0].completed must be true or false"),
        (body("Ana", Ana={"completed": True}), PICK, "must be the number of the phase"),
        (body("Ana", Ana={"completed": 11}), PICK, "must be the number of the phase"),
        (
            body("Ana", Ana=out(), Ben={"completed": False, "counts": {"low": 11}}),
            CLASSIC,
            "results[1].counts.low must be a whole number from 0 to 10",
        ),
        (
            body("Ana", Ana=out(), Ben={"completed": False, "counts": {"wild": -1}}),
            CLASSIC,
            "results[1].counts.wild must be a whole number from 0 to 10",
        ),
        (
            body("Ana", Ana=out(), Ben={"completed": False, "counts": {"high": "3"}}),
            CLASSIC,
            "results[1].counts.high must be a whole number",
        ),
        (
            body("Ana", Ana=out(), Ben={"completed": False, "counts": {"skip": True}}),
            CLASSIC,
            "results[1].counts.skip must be a whole number",
        ),
        (body("Ana", Ana=out(), Ben={"completed": False, "counts": {"jokers": 1}}), CLASSIC, 'unknown key "jokers"'),
        (
            body("Ana", Ana=out(), Ben={"completed": False, "counts": [1, 2]}),
            CLASSIC,
            "must be an object with the keys",
        ),
        (body("Ana", Ana=out(), Ben={"completed": False, "cards": "W 5"}), CLASSIC, "results[1].cards must be a list"),
        (body("Ana", Ana=out(), Ben={"completed": False, "cards": ["13"]}), CLASSIC, '"13" is not a Phase 10 card'),
        (body("Ana", Ana=out(), Ben={"completed": False, "points": -5}), CLASSIC, "results[1].points must be a whole"),
        (body("Ana", Ana=out(), Ben={"completed": False, "points": 2.5}), CLASSIC, "results[1].points must be a whole"),
        (
            body("Ana", Ana=out(), Ben={"completed": False, "points": True}),
            CLASSIC,
            "results[1].points must be a whole",
        ),
        (
            body("Ana", Ana=out(), Ben={"completed": False, "points": 50, "cards": ["1"] * 10}),
            CLASSIC,
            "only one of cards, counts or points",
        ),
        (
            body("Ana", Ana=out(), Ben={"completed": False, "counts": {"low": 10}, "cards": ["1"] * 10}),
            CLASSIC,
            "only one of cards, counts or points",
        ),
        (body("Ana", Ana=out(laid_down=[])), CLASSIC, "laid_down must be a list of groups"),
        (body("Ana", Ana=out(laid_down=[["1", "1", "1"], []])), CLASSIC, "laid_down holds an empty group"),
        (body("Ana", Ana=out(laid_down=[["1", "X"]])), CLASSIC, "results[0].laid_down[0]"),
        (body("Ana", Ana=out(score=3)), CLASSIC, 'unknown key "score"'),
        ({**body("Ana", Ana=out()), "dealer": "Cy"}, CLASSIC, 'unknown key "dealer"'),
        ({**body("Ana", Ana=out()), "round": 0}, CLASSIC, "round must be a round number"),
    ],
)
def test_malformed_bodies_are_refused(data, rules, message):
    with pytest.raises(RoundError) as caught:
        parse_round(data, rules)
    assert message in str(caught.value)


def test_parse_errors_name_the_player():
    with pytest.raises(RoundError) as caught:
        parse_round(body("Ana", Ana=out(), Ben={"completed": False, "counts": {"low": 11}}), CLASSIC)
    assert caught.value.player == "Ben"


def test_round_error_stays_a_plain_value_error():
    error = RoundError("message")
    assert isinstance(error, EngineError) and isinstance(error, ValueError)
    assert error.player is None and error.round is None and str(error) == "message"


# --- what a hand can score -------------------------------------------------------------------------


def test_hand_totals_of_one_card_are_the_four_card_values():
    assert hand_totals(1) == {5, 10, 15, 25}


def test_hand_totals_of_ten_cards_are_every_multiple_of_5_from_50_to_230():
    totals = hand_totals(10)
    assert totals == set(range(50, 231, 5))
    assert min(totals) == 50  # ten cards of 1-9
    assert max(totals) == 8 * 25 + 2 * 15  # every wild and two skips
    assert 225 in totals  # 8 wilds + a skip + a 10
    assert all(t % 5 == 0 for t in totals)


def test_hand_totals_of_two_cards():
    assert hand_totals(2) == {10, 15, 20, 25, 30, 35, 40, 50}
    assert max(hand_totals(9)) == 8 * 25 + 15  # the deck has only 8 wilds


# --- checks against the game -----------------------------------------------------------------------


def test_a_valid_round_scores_each_player():
    sheet = sheet_with()
    scored = sheet.check_round(
        parse_round(
            body(
                "Ben",
                Ana={"completed": False, "counts": {"low": 8, "high": 1, "wild": 1}},
                Ben=out(cards=[]),
                Cy={"completed": True, "cards": ["S", "12"]},
            ),
            CLASSIC,
        )
    )
    assert scored.points == {"Ana": 75, "Ben": 0, "Cy": 25}
    assert sheet.rounds == ()  # check_round changes nothing


def test_names_match_ignoring_case_and_are_stored_as_the_game_spells_them():
    sheet = sheet_with()
    scored = sheet.add_round(parse_round(body("ana", ANA=out(), ben=missed(), cY=done()), CLASSIC))
    assert scored.went_out == "Ana"
    assert [r.player for r in scored.results] == PLAYERS


@pytest.mark.parametrize("spec", [out(), out(points=0), out(cards=[]), out(counts={})])
def test_went_out_player_may_give_points_zero_or_no_cards(spec):
    scored = sheet_with().check_round(parse_round(body("Ana", Ana=spec, Ben=missed(), Cy=missed()), CLASSIC))
    assert scored.points["Ana"] == 0


def test_points_of_a_player_who_completed_phase_6_cannot_be_20():
    rules = make_rules({"phases": [6, 7]})
    sheet = sheet_with(rules)
    for points in (5, 10, 15, 25):
        sheet.check_round(parse_round(body("Ana", Ana=out(), Ben=done(points), Cy=missed()), rules))
    with pytest.raises(RoundError) as caught:
        sheet.check_round(parse_round(body("Ana", Ana=out(), Ben=done(20), Cy=missed()), rules))
    assert (
        str(caught.value)
        == "Ben completed phase 6 (9 cards), so Ben holds at most 1 card, and no such hand scores 20 points."
    )
    assert caught.value.player == "Ben" and caught.value.round == 1


def test_laid_down_is_the_table_at_the_end_of_the_round_other_players_hits_included():
    """Issue 20 §3: the groups as they lie on the table (7 cards: phase 1 and one card another player hit on it)
    leave Ben's hand limit at 10 minus the phase's 6 cards; only the phase itself must be there."""
    groups = [["3", "3", "3", "W"], ["7", "7", "7"]]
    sheet = sheet_with()
    scored = sheet.check_round(
        parse_round(
            body("Ana", Ana=out(), Ben=done(cards=["1", "2", "4", "5"], laid_down=groups), Cy=missed()), CLASSIC
        )
    )
    assert scored.points["Ben"] == 20
    # Eleven cards on the table (hits by everyone): still a hand of up to 4 cards, never "at most -1".
    crowded = [["3", "3", "3", "3", "3", "W"], ["7", "7", "7", "7", "W"]]
    sheet.check_round(parse_round(body("Ana", Ana=out(), Ben=done(points=20, laid_down=crowded), Cy=missed()), CLASSIC))
    with pytest.raises(RoundError) as caught:
        sheet.check_round(
            parse_round(
                body("Ana", Ana=out(), Ben=done(cards=["1", "2", "4", "5", "6"], laid_down=crowded), Cy=missed()),
                CLASSIC,
            )
        )
    assert str(caught.value) == "Ben completed phase 1 (6 cards), so Ben holds at most 4 cards, not 5."
    # The phase itself must still be there.
    with pytest.raises(RoundError) as caught:
        sheet.check_round(
            parse_round(
                body("Ana", Ana=out(), Ben=done(cards=["1"], laid_down=[["3", "3", "3"], ["7", "7"]]), Cy=missed()),
                CLASSIC,
            )
        )
    assert "The cards Ben laid down do not make phase 1" in str(caught.value)


def test_laid_down_that_makes_the_phase_is_accepted_and_stored():
    sheet = sheet_with()
    scored = sheet.add_round(
        parse_round(
            body("Ana", Ana=out(laid_down=[["8", "8", "8"], ["W", "2", "2"]]), Ben=missed(), Cy=missed()), CLASSIC
        )
    )
    assert scored.to_json()["results"][0]["laid_down"] == [["8", "8", "8"], ["W", "2", "2"]]


def test_laid_down_follows_the_natural_card_rule():
    groups = [["8", "8", "8"], ["W", "W", "W"]]
    phase_rule = make_rules({"natural_card": "phase"})
    group_rule = make_rules({"natural_card": "group"})
    sheet_with(phase_rule).check_round(
        parse_round(body("Ana", Ana=out(laid_down=groups), Ben=missed(), Cy=missed()), phase_rule)
    )
    with pytest.raises(RoundError) as caught:
        sheet_with(group_rule).check_round(
            parse_round(body("Ana", Ana=out(laid_down=groups), Ben=missed(), Cy=missed()), group_rule)
        )
    assert "The cards Ana laid down do not make phase 1" in str(caught.value)


REFUSALS = [
    # (rounds before, the round, message)
    (
        (),
        body("Ana", Ana={"completed": False}, Ben=missed(), Cy=missed()),
        "Ana went out, so Ana completed a phase this round",
    ),
    (
        (),
        body("Ana", Ana=out(cards=["5"]), Ben=missed(), Cy=missed()),
        "Ana went out, so Ana holds no cards and scores 0.",
    ),
    (
        (),
        body("Ana", Ana=out(points=5), Ben=missed(), Cy=missed()),
        "Ana went out, so Ana holds no cards and scores 0.",
    ),
    ((), body("Ana", Ana=out(counts={"low": 1}), Ben=missed(), Cy=missed()), "Ana went out, so Ana holds no cards"),
    (
        (),
        body("Ana", Ana=out(), Ben=missed(45), Cy=missed()),
        "Ben did not complete a phase, so Ben holds 10 cards: at least 50 points.",
    ),
    (
        (),
        body("Ana", Ana=out(), Ben=missed(235), Cy=missed()),
        "Ben did not complete a phase, so Ben holds 10 cards: at most 230 points.",
    ),
    ((), body("Ana", Ana=out(), Ben=missed(52), Cy=missed()), "Ben's 52 points are not a multiple of 5"),
    (
        (),
        body("Ana", Ana=out(), Ben=done(0), Cy=missed()),
        "Ben did not go out, so Ben holds at least one card: at least 5",
    ),
    ((), body("Ana", Ana=out(), Ben=done(13), Cy=missed()), "Ben's 13 points are not a multiple of 5"),
    (
        (),
        body("Ana", Ana=out(), Ben=done(95), Cy=missed()),
        "Ben completed phase 1 (6 cards), so Ben holds at most 4 cards, and no such hand scores 95 points.",
    ),
    (
        (),
        body("Ana", Ana=out(), Ben=done(105), Cy=missed()),
        "Ben completed phase 1 (6 cards), so Ben holds at most 4 cards: at most 100 points.",
    ),
    (
        (),
        body("Ana", Ana=out(), Ben=missed(cards=["1"] * 9), Cy=missed()),
        "Ben did not complete a phase, so Ben holds 10 cards, not 9.",
    ),
    (
        (),
        body("Ana", Ana=out(), Ben=missed(counts={"low": 10, "wild": 1}), Cy=missed()),
        "Ben did not complete a phase, so Ben holds 10 cards, not 11.",
    ),
    (
        (),
        body("Ana", Ana=out(), Ben=done(cards=["1", "2", "3", "4", "5"]), Cy=missed()),
        "Ben completed phase 1 (6 cards), so Ben holds at most 4 cards, not 5.",
    ),
    (
        (),
        body("Ana", Ana=out(), Ben=done(counts={}), Cy=missed()),
        "Ben did not go out, so Ben holds at least one card.",
    ),
    (
        (),
        body("Ana", Ana=out(), Ben=done(cards=[]), Cy=missed()),
        "Ben did not go out, so Ben holds at least one card.",
    ),
    (
        (),
        body("Ana", Ana=out(), Ben={"completed": False}, Cy=missed()),
        "Enter Ben's leftover cards, card counts or points",
    ),
    ((), body("Ana", Ana=out(), Ben=missed(), Cy=missed(), Dee=missed()), "Dee is not a player of this game."),
    (
        (),
        body("Dee", Ana=out(), Ben=missed(), Cy=missed()),
        "Dee is not a player of this game, so Dee cannot have gone out.",
    ),
    (
        (),
        {
            "went_out": "Ana",
            "results": [
                {"player": "Ana", **out()},
                {"player": "Ben", **missed()},
                {"player": "ben", **missed()},
                {"player": "Cy", **missed()},
            ],
        },
        "Ben is listed twice in this round.",
    ),
    ((), body("Ana", Ana=out(), Ben=missed()), "Cy has no result in this round: every player needs one."),
    (
        (),
        body("Ana", Ana=out(), Ben=missed(cards=["W"] * 5 + ["1"] * 5), Cy=missed(cards=["W"] * 4 + ["2"] * 6)),
        "The cards entered for this round do not fit in one deck: The deck has only 8 wild cards, but 9 were given.",
    ),
    (
        (),
        body("Ana", Ana=out(), Ben=missed(cards=["R5"] * 3 + ["1"] * 7), Cy=missed()),
        "The deck has only 2 cards R5, but 3 were given.",
    ),
    (
        (),
        body("Ana", Ana=out(), Ben=missed(counts={"wild": 5, "low": 5}), Cy=missed(counts={"wild": 4, "high": 6})),
        "Together the cards entered for this round hold 9 wilds, but the deck has only 8.",
    ),
    (
        (),
        body("Ana", Ana=out(), Ben=missed(cards=["S"] * 3 + ["1"] * 7), Cy=missed(counts={"skip": 2, "low": 8})),
        "Together the cards entered for this round hold 5 skips, but the deck has only 4.",
    ),
    (
        (),
        body(
            "Ana",
            Ana=out(laid_down=[["9"] * 4, ["9"] * 4]),
            Ben=missed(cards=["9", "10"] + [str(n) for n in range(1, 9)]),
            Cy=missed(),
        ),
        "The deck has only 8 cards numbered 9, but 9 were given.",
    ),
    (
        (),
        body("Ana", Ana=out(), Ben=missed(laid_down=[["1", "1", "1"], ["2", "2", "2"]]), Cy=missed()),
        "Ben did not complete a phase, so Ben cannot have laid cards down.",
    ),
    (
        (),
        body("Ana", Ana=out(laid_down=[["1", "1", "1"], ["2", "3", "4"]]), Ben=missed(), Cy=missed()),
        "The cards Ana laid down do not make phase 1",
    ),
    (
        (),
        body("Ana", Ana=out(laid_down=[["1", "1", "1"]]), Ben=missed(), Cy=missed()),
        "The cards Ana laid down do not make phase 1",
    ),
]


@pytest.mark.parametrize("before, data, message", REFUSALS)
def test_impossible_rounds_are_refused_with_a_sentence(before, data, message):
    sheet = sheet_with(rounds=before)
    with pytest.raises(RoundError) as caught:
        sheet.add_round(parse_round(data, CLASSIC))
    assert message in str(caught.value)
    assert sheet.rounds == () and [s.score for s in sheet.standings()] == [0, 0, 0]


def test_a_refusal_names_the_player_for_the_form():
    with pytest.raises(RoundError) as caught:
        sheet_with().add_round(parse_round(body("Ana", Ana=out(), Ben=missed(45), Cy=missed()), CLASSIC))
    assert caught.value.player == "Ben"
    assert caught.value.round == 1


def test_the_deck_check_sees_exact_cards_and_counts_together():
    # 72 cards of 1-9 exist: 10 + 10 entered as counts and 8 of each number laid down would be too many.
    data = body("Ana", Ana=out(), Ben=missed(counts={"high": 10}), Cy=missed(counts={"high": 10}))
    sheet_with().check_round(parse_round(data, CLASSIC))
    four = make_rules()
    sheet = Sheet(four, ["Ana", "Ben", "Cy", "Dee"])
    with pytest.raises(RoundError) as caught:
        sheet.check_round(
            parse_round(
                body(
                    "Ana",
                    Ana=out(),
                    Ben=missed(counts={"high": 10}),
                    Cy=missed(counts={"high": 10}),
                    Dee=missed(cards=["10"] * 5 + ["1"] * 5),
                ),
                four,
            )
        )
    assert "hold 25 cards of 10 to 12, but the deck has only 24" in str(caught.value)


PICK_REFUSALS = [
    (
        body("Ana", Ana=out(completed=2), Ben=missed(), Cy=missed()),
        "Ana cannot have completed phase 2: this game plays phases 1, 3, 5",
    ),
    (
        body("Ana", Ana=out(completed=1), Ben=missed(), Cy=missed()),
        "Ana already completed phase 1 in an earlier round; each phase counts once.",
    ),
    (body("Ana", Ana={"completed": False}, Ben=missed(), Cy=missed()), "Ana went out, so Ana completed a phase"),
]


@pytest.mark.parametrize("data, message", PICK_REFUSALS)
def test_pick_a_phase_refusals(data, message):
    rules = make_rules({"variant": "pick_a_phase", "phases": [1, 3, 5]})
    sheet = sheet_with(rules, rounds=[body("Ana", Ana=out(completed=1), Ben=missed(), Cy=missed())])
    with pytest.raises(RoundError) as caught:
        sheet.add_round(parse_round(data, rules))
    assert message in str(caught.value)
    assert len(sheet.rounds) == 1


def test_pick_a_phase_hand_limit_follows_the_phase_picked():
    rules = make_rules({"variant": "pick_a_phase"})
    sheet = sheet_with(rules)
    # Phase 6 (9 cards) leaves one card; phase 1 (6 cards) leaves up to four.
    sheet.check_round(parse_round(body("Ana", Ana=out(completed=4), Ben=done(100, completed=1), Cy=missed()), rules))
    with pytest.raises(RoundError) as caught:
        sheet.check_round(parse_round(body("Ana", Ana=out(completed=4), Ben=done(30, completed=6), Cy=missed()), rules))
    assert str(caught.value) == "Ben completed phase 6 (9 cards), so Ben holds at most 1 card: at most 25 points."


# --- stored JSON -----------------------------------------------------------------------------------


def test_stored_round_reads_back_to_the_same_entry():
    sheet = sheet_with()
    original = parse_round(
        body(
            "Ben",
            Ana={"completed": False, "counts": {"low": 8, "high": 1, "wild": 1}},
            Ben=out(laid_down=[["4", "4", "4"], ["W", "9", "9"]]),
            Cy={"completed": True, "cards": ["S", "12"]},
        ),
        CLASSIC,
    )
    stored = sheet.add_round(original).to_json()
    assert stored["results"][0] == {
        "player": "Ana",
        "completed": False,
        "counts": {"low": 8, "high": 1, "skip": 0, "wild": 1},
        "points": 75,
    }
    assert stored["results"][2] == {"player": "Cy", "completed": True, "cards": ["S", "12"], "points": 25}
    again = parse_round(stored, CLASSIC, stored=True)
    assert again == sheet.rounds[0].entry
    with pytest.raises(RoundError):
        parse_round(stored, CLASSIC)  # a request may not carry computed points next to cards


@pytest.mark.parametrize(
    ("went_out", "ticked", "completed"), [(True, False, True), (False, False, False), (False, True, True)]
)
def test_the_player_who_went_out_completed_a_phase(went_out, ticked, completed):
    assert completed_if_out(went_out, ticked) is completed


@pytest.mark.parametrize(
    ("counts", "completed", "filled"),
    [
        ({}, False, {"low": 10, "high": 0, "skip": 0, "wild": 0}),  # no phase: ten cards, low unless said
        ({"high": 3, "wild": 1}, False, {"low": 6, "high": 3, "skip": 0, "wild": 1}),
        ({"high": 12}, False, {"low": 0, "high": 12, "skip": 0, "wild": 0}),
        ({"low": 2, "high": 1}, False, {"low": 2, "high": 1, "skip": 0, "wild": 0}),  # entered: kept as entered
        ({}, True, None),  # a completed phase: the hand must be entered
        ({"skip": 1}, True, {"low": 0, "high": 0, "skip": 1, "wild": 0}),
    ],
)
def test_a_player_without_a_phase_holds_ten_cards(counts, completed, filled):
    assert filled_counts(counts, completed) == filled


@pytest.mark.parametrize(
    ("ticked", "counts", "cards", "completed"),
    [
        (False, {"low": 1, "high": 1}, None, True),  # two cards: only a laid-down phase leaves so few
        (False, {"low": 0, "wild": 1}, None, True),
        (False, {"low": 7, "high": 3}, None, False),  # ten cards: no phase
        (False, {"high": 3, "wild": 1}, None, False),  # 1-9 left alone: the rest of ten, no phase
        (False, {}, None, False),
        (False, {}, 3, True),  # three cards typed
        (False, {}, 10, False),
        (True, {"low": 7, "high": 3}, None, True),  # the tick box says so (the checks refuse ten cards later)
    ],
)
def test_a_hand_of_fewer_than_ten_cards_means_a_completed_phase(ticked, counts, cards, completed):
    assert completed_by_hand(ticked, counts, cards) is completed
