"""Hits: playing a card on a group lying on the table (RULES.md, "Hitting" and "Wild cards")."""

from __future__ import annotations

import pytest

from app.engine.errors import IllegalActionError
from app.games.phase10.engine.cards import Card, parse_hand, parse_text_groups
from app.games.phase10.engine.hits import HitResult, check_hit, hit_options
from app.games.phase10.engine.phases import GroupKind, get_phase
from app.games.phase10.engine.verify import LaidGroup, verify_groups


def group(kind: str, cards: str, stands: list) -> LaidGroup:
    return LaidGroup.from_json({"kind": kind, "cards": cards.split(), "stands_for": stands})


RUN_4_7 = ("run", "4 W 6 7", [4, 5, 6, 7])
RUN_1_4 = ("run", "1 2 3 4", [1, 2, 3, 4])
RUN_9_12 = ("run", "9 10 11 W", [9, 10, 11, 12])
SET_7 = ("set", "7 W 7", [7, 7, 7])
SET_WILDS = ("set", "W W", [None, None])
RED = ("color", "R1 R5 W R5 R9 R12 R2", ["R"] * 7)
COLOR_WILDS = ("color", "W W W", [None, None, None])

LEGAL = [
    # A set takes a card of its number, any colour, and wilds.
    (SET_7, "B7", None, 7, None, "7 W 7 B7", [7, 7, 7, 7]),
    (SET_7, "7", None, 7, None, "7 W 7 7", [7, 7, 7, 7]),
    (SET_7, "W", None, 7, None, "7 W 7 W", [7, 7, 7, 7]),
    (SET_7, "W", "low", 7, None, "7 W 7 W", [7, 7, 7, 7]),
    # A set of wilds only takes its number from the first natural hit on it.
    (SET_WILDS, "5", None, 5, None, "W W 5", [5, 5, 5]),
    (SET_WILDS, "W", None, None, None, "W W W", [None, None, None]),
    # A run takes one below its lowest or one above its highest card.
    (RUN_4_7, "3", None, 3, "low", "3 4 W 6 7", [3, 4, 5, 6, 7]),
    (RUN_4_7, "R8", None, 8, "high", "4 W 6 7 R8", [4, 5, 6, 7, 8]),
    (RUN_4_7, "3", "low", 3, "low", "3 4 W 6 7", [3, 4, 5, 6, 7]),
    # A wild on a run open at both ends: "high" unless told, or the end chosen.
    (RUN_4_7, "W", None, 8, "high", "4 W 6 7 W", [4, 5, 6, 7, 8]),
    (RUN_4_7, "W", "high", 8, "high", "4 W 6 7 W", [4, 5, 6, 7, 8]),
    (RUN_4_7, "W", "low", 3, "low", "W 4 W 6 7", [3, 4, 5, 6, 7]),
    # Within 1-12: a run from 1 grows only upward, one to 12 only downward.
    (RUN_1_4, "W", None, 5, "high", "1 2 3 4 W", [1, 2, 3, 4, 5]),
    (RUN_1_4, "5", None, 5, "high", "1 2 3 4 5", [1, 2, 3, 4, 5]),
    (RUN_9_12, "W", None, 8, "low", "W 9 10 11 W", [8, 9, 10, 11, 12]),
    (RUN_9_12, "8", None, 8, "low", "8 9 10 11 W", [8, 9, 10, 11, 12]),
    # A colour group takes a card of its colour (any number) and wilds.
    (RED, "R5", None, "R", None, "R1 R5 W R5 R9 R12 R2 R5", ["R"] * 8),
    (RED, "W", None, "R", None, "R1 R5 W R5 R9 R12 R2 W", ["R"] * 8),
    (COLOR_WILDS, "G3", None, "G", None, "W W W G3", ["G"] * 4),
]


@pytest.mark.parametrize(("laid", "card", "end", "stands_for", "where", "after", "after_stands"), LEGAL)
def test_legal_hits(laid, card, end, stands_for, where, after, after_stands):
    result = check_hit(group(*laid), Card.parse(card), end)
    assert result.legal is True, result.reason
    assert result.reason
    assert result.stands_for == stands_for
    assert result.end == where
    assert result.group is not None
    assert result.group.to_json() == {"kind": laid[0], "cards": after.split(), "stands_for": after_stands}
    assert result.group.kind is GroupKind(laid[0])


ILLEGAL = [
    # Skips are never played on a phase.
    (SET_7, "S", None, "A Skip can never be played on a phase."),
    (RUN_4_7, "S", "low", "A Skip can never be played on a phase."),
    (RED, "S", None, "A Skip can never be played on a phase."),
    (SET_7, "8", None, "The set of 7s takes only 7s (or a wild), not 8."),
    # A natural card cannot take the place a wild holds (4 W 6 7: the wild is the 5).
    (RUN_4_7, "5", None, "On the run 4 W 6 7 the wild stands for 5: a natural 5 cannot take its place."),
    (RUN_4_7, "6", None, "The run 4 W 6 7 already holds a 6: no number may repeat inside a run."),
    (RUN_4_7, "9", None, "The run 4 W 6 7 takes only 3 or 8 (or a wild), not 9."),
    (RUN_4_7, "3", "high", "The 3 can only go below the run."),
    (RUN_4_7, "8", "low", "The 8 can only go above the run."),
    # Runs do not wrap and stay within 1-12.
    (RUN_1_4, "12", None, "The run 1 2 3 4 takes only 5 (or a wild), not 12."),
    (RUN_1_4, "W", "low", "The run 1 2 3 4 cannot grow downward: it already starts at 1."),
    (RUN_9_12, "1", None, "The run 9 10 11 W takes only 8 (or a wild), not 1."),
    (RUN_9_12, "W", "high", "The run 9 10 11 W cannot grow upward: it already ends at 12."),
    # A run holds at most 12 cards.
    (
        ("run", "1 2 3 4 5 6 7 8 9 10 11 12", list(range(1, 13))),
        "W",
        None,
        "The run 1 2 3 4 5 6 7 8 9 10 11 12 already has 12 cards: a run cannot be longer.",
    ),
    # Colour groups.
    (RED, "B5", None, "This colour group takes only red cards (or a wild), not B5."),
    (RED, "5", None, "Say which colour the 5 is: this colour group takes only red cards."),
    (COLOR_WILDS, "5", None, "Say which colour the 5 is: a colour group counts only cards of a known colour."),
]


@pytest.mark.parametrize(("laid", "card", "end", "reason"), ILLEGAL)
def test_illegal_hits_say_why(laid, card, end, reason):
    result = check_hit(group(*laid), Card.parse(card), end)
    assert result == HitResult(False, reason)
    if end is None:
        assert hit_options(group(*laid), Card.parse(card)) == []


def test_unknown_end_is_an_error():
    with pytest.raises(IllegalActionError, match='"low" or "high"'):
        check_hit(group(*RUN_4_7), Card.parse("W"), "middle")


@pytest.mark.parametrize(
    ("laid", "card", "options"),
    [
        (RUN_4_7, "W", [("low", 3), ("high", 8)]),
        (RUN_1_4, "W", [("high", 5)]),
        (RUN_9_12, "W", [("low", 8)]),
        (RUN_4_7, "3", [("low", 3)]),
        (RUN_4_7, "5", []),
        (SET_7, "W", [(None, 7)]),
        (SET_7, "S", []),
        (RED, "R3", [(None, "R")]),
        (RED, "3", []),
    ],
)
def test_hit_options_list_every_legal_way(laid, card, options):
    found = hit_options(group(*laid), Card.parse(card))
    assert [(o.end, o.stands_for) for o in found] == options
    assert all(o.legal and o.group is not None for o in found)


def test_a_played_wild_keeps_its_value_after_hits():
    # Lay down phase 4, then hit both ends: the wild stays the 5.
    verdict = verify_groups(get_phase(4), parse_text_groups("4 W 6 7 8 9 10"))
    run = verdict.groups[0]
    for card in ("3", "11", "2", "W"):
        result = check_hit(run, Card.parse(card))
        assert result.legal, result.reason
        run = result.group
    assert str(run) == "2 3 4 W 6 7 8 9 10 11 W"
    assert run.stands_for == tuple(range(2, 13))
    assert run.requirement == verdict.groups[0].requirement
    assert check_hit(run, Card.parse("5")).legal is False
    assert check_hit(run, Card.parse("1")).legal is True
    assert check_hit(run, Card.parse("W")).end == "low"


def test_hits_on_a_found_lay_down():
    from app.games.phase10.engine.finder import find_lay_down

    verdict = find_lay_down(get_phase(2), parse_hand("9 9 9 3 4 W 6 1 1 S"))
    set_group, run_group = verdict.groups
    assert check_hit(set_group, Card.parse("G9")).legal is True
    assert check_hit(run_group, Card.parse("5")).legal is False
    assert check_hit(run_group, Card.parse("2")).stands_for == 2
    assert check_hit(run_group, Card.parse("7")).end == "high"
