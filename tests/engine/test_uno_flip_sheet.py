"""UNO Flip's score sheet (RULES.md "UNO Flip", from Mattel's instruction sheet GDR44): every card value on each
side, the end of a hand on either side, the deck check per side, both scorings; random real deals entered in
every form are never refused; impossible hands are refused with a sentence naming the card or the count."""

from __future__ import annotations

import random

import pytest

from app.engine.errors import RoundError
from app.games.uno_flip.engine import cards as flip
from app.games.uno_flip.engine.rounds import SIDE_POINTS, parse_round
from app.games.uno_flip.engine.rules import make_rules
from app.games.uno_flip.engine.sheet import Sheet

PLAYERS = ("Ana", "Ben", "Cy")


def one_hand(side, cards=None, points=None, rules=None, players=PLAYERS):
    """Ana goes out; Ben holds ``cards`` (or ``points``); the others hold a 1."""
    sheet = Sheet(rules or make_rules(), players)
    low = "R1" if side == "light" else "P1"
    ben = {"player": "Ben", "cards": cards} if cards is not None else {"player": "Ben", "points": points}
    others = [{"player": p, "cards": [low]} for p in players[2:]]
    scored = sheet.add_round(parse_round({"went_out": "Ana", "side": side, "results": [ben, *others]}, sheet.rules))
    return scored, sheet


# --- card values: RULES.md's table, each side ----------------------------------------------------------------


@pytest.mark.parametrize(
    "side, token, value",
    [
        *[("light", f"{color}{n}", n) for color in "RYGB" for n in range(1, 10)],
        *[("dark", f"{color}{n}", n) for color in "PTOU" for n in range(1, 10)],
        ("light", "RD1", 10),
        ("light", "Y+1", 10),
        ("light", "GR", 20),
        ("light", "BS", 20),
        ("light", "RF", 20),
        ("light", "W", 40),
        ("light", "W2", 50),
        ("light", "W+2", 50),
        ("dark", "PD5", 20),
        ("dark", "T+5", 20),
        ("dark", "OR", 20),
        ("dark", "USE", 30),
        ("dark", "PF", 20),
        ("dark", "W", 40),
        ("dark", "WC", 60),
    ],
)
def test_every_card_scores_as_the_rule_sheet_says(side, token, value):
    """GDR44 scoring table: 1–9 face value; Draw One 10; Draw Five, Reverse, Skip, Flip 20; Skip Everyone 30;
    Wild 40; Wild Draw Two 50; Wild Draw Color 60."""
    scored, sheet = one_hand(side, [token], players=("Ana", "Ben"))
    assert scored.results[0].points == value
    assert sheet.totals["Ana"] == value


def test_each_side_holds_112_faces_and_its_value():
    """RULES.md "UNO Flip": per side 72 numbers, 32 actions, 8 wilds; 112 in all."""
    for side in flip.SIDES:
        deck = flip.DECKS[side]
        assert len(deck) == 112
        assert sum(card.rank in flip.NUMBERS for card in deck) == 72
        assert sum(card.color is None for card in deck) == 8
        assert sum(card.points for card in deck) == SIDE_POINTS[side]
    assert SIDE_POINTS == {"light": 1280, "dark": 1480}


# --- the end of a hand ------------------------------------------------------------------------------------------


def test_a_hand_ending_on_the_dark_side_is_read_on_it():
    """GDR44: points for the cards in the other hands on the side the hand ended on."""
    scored, _sheet = one_hand("dark", ["PD5", "WC"])
    assert scored.side == "dark" and scored.to_json()["side"] == "dark"
    assert scored.gained["Ana"] == 20 + 60 + 1


def test_a_hand_ending_on_a_draw_card_counts_the_drawn_cards():
    """RULES.md: a hand that ends on a Draw One, Draw Five, Wild Draw Two or Wild Draw Color: the next player draws
    first and those cards count (entered with that player's hand)."""
    scored, _sheet = one_hand("light", ["G3", "R7"])  # Ben held G3 and drew R7 after Ana's last Draw One
    assert scored.gained["Ana"] == 3 + 7 + 1


def test_the_side_of_each_hand_is_kept_and_the_form_starts_on_the_last():
    sheet = Sheet(make_rules(), ("Ana", "Ben"))
    assert sheet.last_side is None
    sheet.add_round(
        parse_round({"went_out": "Ana", "side": "dark", "results": [{"player": "Ben", "points": 5}]}, sheet.rules)
    )
    assert sheet.last_side == "dark"
    again = Sheet.replay(sheet.rules, sheet.players, [r.to_json() for r in sheet.rounds])
    assert again.rounds[0].side == "dark" and again.totals == sheet.totals


def test_lowest_wins_keeps_each_players_own_cards():
    """RULES.md: ``scoring`` ``lowest_wins`` as for UNO."""
    scored, sheet = one_hand("light", ["W2"], rules=make_rules({"scoring": "lowest_wins", "target": 50}))
    assert scored.gained == {"Ana": 0, "Ben": 50, "Cy": 1}
    assert sheet.outcome is not None and sheet.winner == "Ana"


def test_winner_takes_reaches_500_by_default():
    """RULES.md: target 500 by default."""
    sheet = Sheet(make_rules(), ("Ana", "Ben"))
    for _ in range(5):
        body = {"went_out": "Ana", "side": "dark", "results": [{"player": "Ben", "cards": ["WC"]}]}
        sheet.add_round(parse_round(body, sheet.rules))
    assert sheet.totals["Ana"] == 300 and sheet.status == "playing"
    for _ in range(4):
        body = {"went_out": "Ana", "side": "dark", "results": [{"player": "Ben", "cards": ["WC"]}]}
        sheet.add_round(parse_round(body, sheet.rules))
    assert sheet.status == "finished" and sheet.winner == "Ana"


# --- refusals -----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "side, cards, points, words",
    [
        ("light", ["PD5"], None, '"PD5" is a card of the dark side, but this hand ended on the light side.'),
        ("dark", ["W2"], None, '"W2" is a card of the light side, but this hand ended on the dark side.'),
        ("dark", ["PS"], None, '"PS" is not an UNO Flip card.'),
        ("light", ["R0"], None, '"R0" is not an UNO Flip card.'),
        ("light", ["W2"] * 5, None, "The deck has only 4 of W2, but 5 were given."),
        ("dark", ["TSE"] * 3, None, "The deck has only 2 of TSE, but 3 were given."),
        ("light", None, 0, "Ben's hand is worth at least 1 point"),
        ("light", None, 1281, "more than the whole deck is worth (1280)"),
        ("dark", None, 1481, "more than the whole deck is worth (1480)"),
    ],
)
def test_impossible_hands_are_refused_naming_the_card_or_the_count(side, cards, points, words):
    """GDR44's deck, per side: a hand is read on the side it ended on and must fit that side's counts."""
    with pytest.raises(RoundError) as refused:
        one_hand(side, cards, points, players=("Ana", "Ben"))
    assert words in str(refused.value)


def test_typed_points_are_checked_together_against_the_side():
    """Two dark hands of 800 need more than the dark deck's 1,480 points (the light side's 1,280 cannot help)."""
    sheet = Sheet(make_rules(), ("Ana", "Ben", "Cy"))
    body = {
        "went_out": "Ana",
        "side": "dark",
        "results": [{"player": "Ben", "points": 800}, {"player": "Cy", "points": 700}],
    }
    with pytest.raises(RoundError) as refused:
        sheet.add_round(parse_round(body, sheet.rules))
    assert "1,480" in str(refused.value) or "1480" in str(refused.value)


def test_side_is_required_on_every_round():
    with pytest.raises(RoundError) as refused:
        parse_round({"went_out": "Ana", "results": [{"player": "Ben", "points": 5}]}, make_rules())
    assert "side" in str(refused.value)


# --- random real deals --------------------------------------------------------------------------------------------


def _playable(card, top, color):
    return card.color is None or card.color == color or card.rank == top.rank


def play_a_hand(rng: random.Random, players: int):
    """Shuffle the 112 double-sided cards (each light face on a dark face), deal 7 each, play random plausible
    cards until someone goes out: ``(side, hands)`` with the side the hand ended on and each hand as double-sided
    cards; ``None`` when the deal runs dry first."""
    dark = list(flip.DARK_DECK)
    rng.shuffle(dark)
    deck = list(zip(flip.LIGHT_DECK, dark))
    rng.shuffle(deck)
    hands = [[deck.pop() for _ in range(7)] for _ in range(players)]
    side = 0  # 0 light, 1 dark
    discard = [deck.pop()]
    color = discard[-1][side].color or rng.choice(flip.LIGHT_COLORS)
    turn, step = 0, 1

    def draw(n):
        for _ in range(n):
            if not deck:
                if len(discard) < 2:
                    return False
                deck.extend(discard[:-1])
                del discard[:-1]
                rng.shuffle(deck)
            hands[turn].append(deck.pop())
        return True

    for _ in range(3000):
        top = discard[-1][side]
        choices = [c for c in hands[turn] if _playable(c[side], top, color)]
        if not choices:
            if not draw(1):
                return None
            card = hands[turn][-1]
            if not _playable(card[side], top, color):
                turn = (turn + step) % players
                continue
            choices = [card]
        card = rng.choice(choices)
        hands[turn].remove(card)
        discard.append(card)
        face = card[side]
        colors = flip.LIGHT_COLORS if side == 0 else flip.DARK_COLORS
        if face.rank == flip.FLIP:
            side = 1 - side
            face = card[side]
            colors = flip.LIGHT_COLORS if side == 0 else flip.DARK_COLORS
        color = face.color or rng.choice(colors)
        went_out = not hands[turn]
        penalty = {"D1": 1, "D5": 5, "W2": 2}.get(face.rank)
        nxt = (turn + step) % players
        if face.rank == flip.REVERSE:
            step = -step
            nxt = (turn + step) % players if players > 2 else turn
        if penalty or face.rank == flip.WILD_DRAW_COLOR:
            who, turn = turn, nxt
            if face.rank == flip.WILD_DRAW_COLOR:
                while draw(1) and hands[turn][-1][side].color != color:
                    pass
            elif not draw(penalty):
                return None
            turn = who
            nxt = (nxt + step) % players
        if went_out:
            return ("light", "dark")[side], hands, turn
        if face.rank in (flip.SKIP, flip.SKIP_EVERYONE):
            nxt = (turn + (step if face.rank == flip.SKIP else 0) + step) % players
            if face.rank == flip.SKIP_EVERYONE:
                nxt = turn
        turn = nxt
    return None


@pytest.mark.parametrize("form", ["cards", "points", "mixed"])
def test_random_real_deals_are_never_refused(form):
    """300 seeded deals of 2–10 players, played to the end, entered as cards, as typed points, or mixed: the sheet
    accepts every one and the player who went out scores the other hands' value on the side the hand ended on."""
    rng = random.Random(f"flip-{form}")
    played, sides = 0, set()
    while played < 300:
        players = rng.randint(2, 10)
        ended = play_a_hand(rng, players)
        if ended is None:
            continue
        side, hands, winner = ended
        names = tuple(f"P{n}" for n in range(players))
        index = 0 if side == "light" else 1
        results, expected = [], 0
        for seat, hand in enumerate(hands):
            if seat == winner:
                continue
            faces = [card[index] for card in hand]
            value = sum(face.points for face in faces)
            expected += value
            typed = form == "points" or (form == "mixed" and seat % 2)
            results.append(
                {"player": names[seat], **({"points": value} if typed else {"cards": [str(f) for f in faces]})}
            )
        sheet = Sheet(make_rules({"target": 10000}), names)
        scored = sheet.add_round(
            parse_round({"went_out": names[winner], "side": side, "results": results}, sheet.rules)
        )
        assert scored.gained[names[winner]] == expected
        played += 1
        sides.add(side)
    assert sides == {"light", "dark"}  # hands ended on both sides
