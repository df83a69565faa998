"""UNO Show 'em No Mercy's score sheet (RULES.md "UNO Show 'em No Mercy", from Mattel's instruction sheet HVW18):
every card value, both ends of a hand (went out, last standing), the mercy rule, 250 a knock-out, 1000 to win;
random real deals entered in every form are never refused; impossible hands are refused naming the card or count."""

from __future__ import annotations

import random

import pytest

from app.engine.errors import RoundError
from app.games.uno_no_mercy.engine import cards as nm
from app.games.uno_no_mercy.engine.rounds import parse_round
from app.games.uno_no_mercy.engine.rules import make_rules
from app.games.uno_no_mercy.engine.sheet import Sheet, check_players


def add(sheet, body):
    return sheet.add_round(parse_round(body, sheet.rules))


@pytest.mark.parametrize(
    "token, value",
    [
        *[(f"{color}{n}", n) for color in "RYGB" for n in range(10)],
        *[(f"R{rank}", 20) for rank in ("S", "R", "+2", "D2", "+4", "D4", "DA", "SE")],
        ("WR4", 50),
        ("W6", 50),
        ("W10", 50),
        ("WCR", 50),
    ],
)
def test_every_card_scores_as_the_rule_sheet_says(token, value):
    """HVW18 scoring: 0–9 face value; colour action cards (Skip, Reverse, Draw Two, Draw Four, Discard All, Skip
    Everyone) 20; wild action cards (Wild Reverse Draw Four, Wild Draw Six, Wild Draw Ten, Wild Color Roulette) 50."""
    sheet = Sheet(make_rules(), ("Ana", "Ben"))
    scored = add(sheet, {"went_out": "Ana", "results": [{"player": "Ben", "cards": [token]}]})
    assert scored.results[0].points == value and sheet.totals["Ana"] == value


def test_two_to_six_players():
    """RULES.md: 2–6 players."""
    assert len(check_players([f"P{n}" for n in range(6)])) == 6
    with pytest.raises(Exception, match="2 to 6"):
        check_players([f"P{n}" for n in range(7)])


def test_went_out_scores_the_hands_left_and_250_a_knock_out():
    """HVW18: the winner scores the cards left in the other (not knocked-out) hands, plus 250 for each player
    knocked out during that hand; a knocked-out player's cards are set aside."""
    sheet = Sheet(make_rules(), ("Ana", "Ben", "Cy", "Dee"))
    scored = add(
        sheet,
        {
            "went_out": "Ana",
            "results": [
                {"player": "Ben", "cards": ["R+4", "W10", "G3"]},
                {"player": "Cy", "knocked_out": True},
                {"player": "Dee", "knocked_out": True},
            ],
        },
    )
    assert scored.gained == {"Ana": 20 + 50 + 3 + 500, "Ben": 0, "Cy": 0, "Dee": 0}
    assert scored.knocked_out == ("Cy", "Dee")


def test_last_standing_wins_when_everyone_else_is_knocked_out():
    """HVW18: a hand is also won by the last player left when every other player has been knocked out."""
    sheet = Sheet(make_rules(), ("Ana", "Ben", "Cy"))
    scored = add(
        sheet,
        {
            "last_standing": "Cy",
            "results": [{"player": "Ana", "knocked_out": True}, {"player": "Ben", "knocked_out": True}],
        },
    )
    assert scored.gained["Cy"] == 500
    assert scored.to_json()["last_standing"] == "Cy" and "went_out" not in scored.to_json()
    again = Sheet.replay(sheet.rules, sheet.players, [r.to_json() for r in sheet.rounds])
    assert again.totals == sheet.totals and again.rounds[0].last_standing


def test_the_first_to_1000_wins_and_knocked_out_players_are_back_next_hand():
    """RULES.md: 1000 by default; knocked-out players are back in the next hand (table choice)."""
    sheet = Sheet(make_rules(), ("Ana", "Ben"))
    add(sheet, {"last_standing": "Ana", "results": [{"player": "Ben", "knocked_out": True}]})
    add(sheet, {"went_out": "Ben", "results": [{"player": "Ana", "cards": ["G9"]}]})
    assert sheet.status == "playing"
    for _ in range(3):
        add(sheet, {"last_standing": "Ana", "results": [{"player": "Ben", "knocked_out": True}]})
    assert sheet.totals == {"Ana": 1000, "Ben": 9}
    assert sheet.status == "finished" and sheet.winner == "Ana"


@pytest.mark.parametrize(
    "body, words",
    [
        (
            {"went_out": "Ana", "results": [{"player": "Ben", "cards": ["R1"] * 25}]},
            "Ben holds 25 cards: with 25 or more a player is knocked out (the mercy rule), not scored.",
        ),
        ({"went_out": "Ana", "results": [{"player": "Ben", "cards": ["R1"] * 30}]}, "Ben holds 30 cards"),
        (
            {"went_out": "Ana", "results": [{"player": "Ben", "knocked_out": True}]},
            "Every other player was knocked out, so Ana won as the last player standing, not by going out.",
        ),
        (
            {"last_standing": "Ana", "results": [{"player": "Ben", "points": 0}]},
            "Ben was not knocked out, so Ana was not the last player standing.",
        ),
        (
            {"went_out": "Ana", "results": [{"player": "Ben", "cards": ["W4"]}]},
            '"W4" is not an UNO Show \'em No Mercy card.',
        ),
        (
            {"went_out": "Ana", "results": [{"player": "Ben", "cards": ["PD5"]}]},
            '"PD5" is not an UNO Show \'em No Mercy card.',
        ),
        (
            {"went_out": "Ana", "results": [{"player": "Ben", "cards": []}]},
            "Ben did not win, so Ben holds at least one card",
        ),
        ({"went_out": "Ana", "results": []}, "Enter what Ben holds, or that Ben was knocked out."),
        (
            {"went_out": "Ana", "results": [{"player": "Ana", "knocked_out": True}, {"player": "Ben", "points": 3}]},
            "Ana won the hand",
        ),
    ],
)
def test_impossible_hands_are_refused_naming_the_card_or_the_count(body, words):
    sheet = Sheet(make_rules(), ("Ana", "Ben"))
    with pytest.raises(RoundError) as refused:
        add(sheet, body)
    assert words in str(refused.value)


def test_24_cards_still_score():
    """The mercy rule starts at 25 cards: 24 are a hand like any other."""
    sheet = Sheet(make_rules(), ("Ana", "Ben"))
    assert add(sheet, {"went_out": "Ana", "results": [{"player": "Ben", "cards": ["R1"] * 24}]}).gained["Ana"] == 24


# --- random real deals --------------------------------------------------------------------------------------------

DRAWS = {nm.DRAW_TWO: 2, nm.DRAW_FOUR: 4, nm.WILD_REVERSE_DRAW_FOUR: 4, nm.WILD_DRAW_SIX: 6, nm.WILD_DRAW_TEN: 10}


def play_a_hand(rng: random.Random, players: int):
    """Shuffle the 168 cards, deal 7 each, play random plausible cards (draw until playable, draw cards, skips,
    reverses, the mercy rule) until someone goes out or is the last standing: ``(winner, hands, knocked, how)``;
    ``None`` when the deal runs dry first."""
    deck = list(nm.DECK)
    rng.shuffle(deck)
    hands = [[deck.pop() for _ in range(7)] for _ in range(players)]
    knocked: set[int] = set()
    discard = [deck.pop()]
    color = discard[-1].color or rng.choice(nm.COLORS)
    turn, step = 0, 1

    def playable(card):
        top = discard[-1]
        return card.color is None or card.color == color or card.rank == top.rank

    def give(seat, n):
        for _ in range(n):
            if not deck:
                if len(discard) < 2:
                    return False
                deck.extend(discard[:-1])
                del discard[:-1]
                rng.shuffle(deck)
            hands[seat].append(deck.pop())
        if len(hands[seat]) >= nm.MERCY_LIMIT:  # the mercy rule: out of the hand, cards set aside
            knocked.add(seat)
            hands[seat] = []
        return True

    def next_seat(seat):
        for _ in range(players):
            seat = (seat + step) % players
            if seat not in knocked:
                return seat
        return seat

    for _ in range(3000):
        if len(knocked) == players - 1:
            winner = next(s for s in range(players) if s not in knocked)
            return winner, hands, knocked, "last_standing"
        choices = [c for c in hands[turn] if playable(c)]
        while not choices:  # draw until playable
            if not give(turn, 1):
                return None
            if turn in knocked:
                break
            choices = [c for c in hands[turn][-1:] if playable(c)]
        if turn in knocked:
            turn = next_seat(turn)
            continue
        card = rng.choice(choices)
        hands[turn].remove(card)
        discard.append(card)
        color = card.color or rng.choice(nm.COLORS)
        if card.rank in (nm.REVERSE, nm.WILD_REVERSE_DRAW_FOUR):
            step = -step
        if not hands[turn]:
            victim = next_seat(turn)
            if card.rank in DRAWS and not give(victim, DRAWS[card.rank]):
                return None
            return turn, hands, knocked, "went_out"
        victim = next_seat(turn)
        if card.rank in DRAWS:
            if not give(victim, DRAWS[card.rank]):
                return None
            turn = next_seat(victim) if victim not in knocked else next_seat(turn)
        elif card.rank == nm.WILD_COLOR_ROULETTE:
            while give(victim, 1) and victim not in knocked and hands[victim][-1].color != color:
                pass
            turn = next_seat(victim) if victim not in knocked else next_seat(turn)
        elif card.rank == nm.SKIP:
            turn = next_seat(victim)
        elif card.rank == nm.SKIP_EVERYONE:
            pass  # the same player again
        else:
            turn = victim
    return None


@pytest.mark.parametrize("form", ["cards", "points", "mixed"])
def test_random_real_deals_are_never_refused(form):
    """300 seeded deals of 2–6 players played to the end (by going out or as the last standing, knock-outs by the
    mercy rule along the way), entered as cards, typed points or mixed: never refused, scored as the rule says."""
    rng = random.Random(f"nomercy-{form}")
    played, hows, knockouts = 0, set(), 0
    while played < 300:
        players = rng.randint(2, 6)
        ended = play_a_hand(rng, players)
        if ended is None:
            continue
        winner, hands, knocked, how = ended
        if len(knocked) == players - 1:
            how = "last_standing"  # API.md: a hand in which every other player was knocked out is won so, even
            # when the winner's last card was the draw card that knocked the last one out
        names = tuple(f"P{n}" for n in range(players))
        results, expected = [], 250 * len(knocked)
        for seat, hand in enumerate(hands):
            if seat == winner:
                continue
            if seat in knocked:
                results.append({"player": names[seat], "knocked_out": True})
                continue
            value = sum(nm.card_points(card) for card in hand)
            expected += value
            typed = form == "points" or (form == "mixed" and seat % 2)
            entry = {"points": value} if typed else {"cards": [str(card) for card in hand]}
            results.append({"player": names[seat], **entry})
        sheet = Sheet(make_rules({"target": 10000}), names)
        scored = add(sheet, {how: names[winner], "results": results})
        assert scored.gained[names[winner]] == expected
        played += 1
        hows.add(how)
        knockouts += len(knocked)
    assert hows == {"went_out", "last_standing"} and knockouts > 0
