"""The engines' messages are whole sentences (issue 25, "Sentences built from pieces"): no translated word is dropped
into a slot of another translated sentence, where German, Hebrew, Hindi, Welsh or Romanian would need another case,
gender or word order ("Der Satz aus 7en", "nur rot Karten", "braucht ein Lauf", "לקבוצה האדום", "हरा समूह में").

A translator that tags every message it translates shows how each sentence was built: a tagged message inside
another one is a piece. Allowed inside a sentence are only names (a card's name, a phase's name, a colour named as a
noun in "the colour {color}" or in a list of colours), a phase's groups listed in parentheses ("(a set of 3 + a run
of 4)", a label apart from the sentence's grammar) and whole sentences (a reason after a colon)."""

from __future__ import annotations

import re

import pytest

from app.engine import i18n
from app.games.phase10.engine import rounds as p10_rounds
from app.games.phase10.engine.cards import parse_hand
from app.games.phase10.engine.hits import check_hit, hit_whichever, read_group
from app.games.phase10.engine.phases import MASTERS, PHASES, GroupKind, parse_custom_phases
from app.games.phase10.engine.verify import LaidGroup, verify_groups
from app.games.uno.engine import log as uno_log
from app.games.uno.engine.deck import CARD_BY_TOKEN, card_name

OPEN, CLOSE = "\u27e6", "\u27e7"
_SEEN: list[str] = []


def _tag(message: str) -> str:
    _SEEN.append(message)
    return f"{OPEN}{len(_SEEN) - 1}|{message}{CLOSE}"


@pytest.fixture
def tagged():
    """Every engine message translated into ``⟦n|message⟧``; the previous translator is put back afterwards."""
    saved = (i18n._translator, i18n._plural, i18n._join, i18n._number, i18n._context)
    _SEEN.clear()
    i18n.set_translator(
        _tag,
        ngettext=lambda singular, plural, count: _tag(singular if count == 1 else plural),
        pgettext=lambda context, message: _tag(message),
    )
    yield
    i18n._translator, i18n._plural, i18n._join, i18n._number, i18n._context = saved


# Names that may stand in a sentence's slot: a card's name ("red {rank}", "Wild", the action words inside a card's
# name), a phase's name, and a colour's name where the sentence names it as a noun.
_CARD_NAMES = {"red {rank}", "yellow {rank}", "green {rank}", "blue {rank}", "Wild", "Wild Draw Four"}
_RANK_WORDS = {"Skip", "Reverse", "Draw Two"}
_PHASE_NAMES = {"phase {number}", "the tie-breaker phase"}
_COLOUR_NAMES = {"red", "yellow", "green", "blue"}
_REQUIREMENTS = {"a set of {size}", "a run of {size}", "a colour run of {size}", "{size} cards of one colour"}


def _allowed(inner: str, outer: str) -> bool:
    if inner in _CARD_NAMES or inner in _PHASE_NAMES:
        return True
    if inner in _RANK_WORDS:
        return outer in _CARD_NAMES
    if inner in _REQUIREMENTS:  # a phase's groups listed in parentheses, apart from the sentence's grammar
        return "({groups})" in outer
    if inner in _COLOUR_NAMES:
        return "the colour {color}" in outer or "colour is now {color}" in outer or "{colors}" in outer
    return inner.rstrip().endswith((".", "!", "?"))  # a whole sentence, such as a reason


def pieces(text: str) -> list[tuple[str, str]]:
    """The (inner, outer) messages of ``text`` where a translated message sits inside another one."""
    found, stack = [], []
    for match in re.finditer(f"{OPEN}(\\d+)\\||{CLOSE}", text):
        if match.group(1) is not None:
            index = int(match.group(1))
            if stack:
                found.append((_SEEN[index], _SEEN[stack[-1]]))
            stack.append(index)
        else:
            stack.pop()
    return found


def assert_whole(texts):
    texts = list(texts)
    assert texts and all(OPEN in text for text in texts)
    wrong = sorted({(inner, outer) for text in texts for inner, outer in pieces(text) if not _allowed(inner, outer)})
    assert not wrong, wrong


def _reasons(phase, text, natural="phase"):
    groups = [parse_hand(part) for part in text.split("|")]
    return list(verify_groups(phase, groups, natural).reasons)


def test_phase_checks_name_each_kind_of_group_in_its_own_sentence(tagged):
    texts = []
    texts += _reasons(PHASES[3], "8 8 8 | 3 4 5 6")  # a set too short
    texts += _reasons(PHASES[4], "3 4 5")  # a run too short
    texts += _reasons(PHASES[8], "R1 R2 B3")  # a colour group too short, mixing colours
    texts += _reasons(PHASES["tiebreaker"], "1 1 1 | 2 2 2")
    texts += _reasons(MASTERS[7], "R3 R4 R6 | 9 9 9")  # a colour run too short (Masters phase 8)
    texts += _reasons(MASTERS[7], "R3 B4 5 6 | 9 9 9")  # a colour run mixing colours
    texts += _reasons(PHASES[2], "7 7 7")  # too few groups
    texts += _reasons(PHASES[8], "1 2 3 4 5 6 7")  # colours not given
    assert_whole(texts)


RED = LaidGroup(GroupKind.COLOR, tuple(parse_hand("R1 R5 R9")), ("R",) * 3)
RED_RUN = LaidGroup(GroupKind.COLOR_RUN, tuple(parse_hand("R3 R4 R5")), (3, 4, 5))
SET_7 = LaidGroup(GroupKind.SET, tuple(parse_hand("7 7 7")), (7, 7, 7))
RUN = LaidGroup(GroupKind.RUN, tuple(parse_hand("4 5 6")), (4, 5, 6))


@pytest.mark.parametrize("color", ["R", "B", "G", "Y"])
def test_hits_on_a_colour_group_say_its_colour_in_a_sentence_of_its_own(tagged, color):
    group = LaidGroup(GroupKind.COLOR, tuple(parse_hand(f"{color}1 {color}5")), (color,) * 2)
    other = "B" if color != "B" else "R"
    texts = [
        check_hit(group, card).reason
        for card in parse_hand(f"W {color}7 {other}7 7")  # a wild, its colour, another colour, no colour given
    ]
    run = LaidGroup(GroupKind.COLOR_RUN, tuple(parse_hand(f"{color}3 {color}4")), (3, 4))
    texts += [check_hit(run, card).reason for card in parse_hand(f"{other}5 5")]
    assert_whole(texts)


def test_hits_on_sets_runs_and_groups_read_several_ways_are_whole_sentences(tagged):
    texts = [check_hit(group, card).reason for group in (SET_7, RUN, RED, RED_RUN) for card in parse_hand("W S 8 3 B2")]
    readings = [read_group(parse_hand("5 W"), kind) for kind in ("set", "run")]
    texts.append(hit_whichever(readings, parse_hand("9")[0]).reason)
    for cards in ("5 W", "R5 W", "R5 R5 W"):
        try:
            read_group(parse_hand(cards))
        except Exception as error:  # noqa: BLE001 - the refusal's sentence is what is checked
            texts.append(str(error))
    assert_whole(texts)


def test_round_form_and_phase_list_refusals_are_whole_sentences(tagged):
    texts = []
    for key in ("low", "high", "skip", "wild"):
        texts.append(p10_rounds._too_many(key, 20).format(count=20, limit=8))
    for bad in ([[{"kind": "sett", "size": 3}]], [[{"kind": "set", "size": 30}]], [[{"kind": "set"}]]):
        try:
            parse_custom_phases(bad)
        except Exception as error:  # noqa: BLE001
            texts.append(str(error))
    assert_whole(texts)


def test_uno_card_names_and_log_lines_put_only_names_into_sentences(tagged):
    names = ["Ana", "Ben"]
    entries = [
        {"type": "deal", "seat": 0, "round": 1, "card": "R5"},
        {"type": "return", "card": "W4", "new": "GS"},
        {"type": "play", "seat": 1, "cards": ["B+2"], "uno": True},
        {"type": "play", "seat": 1, "cards": ["W"], "color": "Y"},
        {"type": "color", "seat": 0, "color": "G"},
        {"type": "draw", "seat": 0, "cards": ["YR", "R0"]},
    ]
    texts = [uno_log.describe(entry, names) for entry in entries]
    texts += [card_name(CARD_BY_TOKEN[token]) for token in ("R5", "GS", "YR", "B+2", "W", "W4")]
    assert_whole(texts)


def test_the_check_catches_a_word_dropped_into_a_sentence(tagged):
    """The check itself: an old-style sentence with a translated colour and kind of group in its slots is caught."""
    old = i18n._("The wild joins the {color} group.").format(color=i18n._("red"))
    kind = i18n._("These cards could be {first} or {second}: say which.").format(first=i18n._("a set"), second="x")
    assert pieces(old) and not all(_allowed(inner, outer) for inner, outer in pieces(old))
    assert not all(_allowed(inner, outer) for inner, outer in pieces(kind))


def test_totals_checked_together_are_refused_in_whole_sentences(tagged):
    from app.engine.dealcheck import CardClass, Conflict, Demand, together_refusal
    from app.games.uno.engine.rounds import shortage

    wilds = CardClass(p10_rounds._shortage("wild", 8), 25, 8, 8)
    zeros = CardClass(shortage(0, 4), 0, 4, 4)
    one, two = Demand("Ana", 230, 1, 10), Demand("Ben", 230, 1, 10)
    texts = [
        str(together_refusal(Conflict((one, two), wilds), {"Ana": 230, "Ben": 230}, 108)),
        str(together_refusal(Conflict((one,), zeros), {"Ana": 230}, 108)),
        str(together_refusal(Conflict((one, two), None), {"Ana": 230, "Ben": 230}, 108)),
    ]
    texts = [text.split(CLOSE + " ", 1)[0] + CLOSE for text in texts] + [t.split(CLOSE + " ", 1)[1] for t in texts]
    assert_whole(texts)
