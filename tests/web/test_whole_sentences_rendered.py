"""The review's worst composed sentences (shared/reviews/languages.md, issue 25) as a speaker reads them now, in
German, Romanian and Hebrew: the phase check's "too short" per kind of group, a colour group's colour agreeing
with its noun, a group read two ways answered per kind, and a bot named in a whole sentence."""

from __future__ import annotations

import json

import pytest

from app.games.phase10.engine.cards import parse_hand
from app.games.phase10.engine.hits import check_hit, hit_whichever, read_group
from app.games.phase10.engine.phases import MASTERS, GroupKind
from app.games.phase10.engine.verify import LaidGroup, verify_groups

LRI, PDI = "\u2066", "\u2069"
RED = LaidGroup(GroupKind.COLOR, tuple(parse_hand("R1 R5 R9")), ("R",) * 3)
YELLOW_RUN = LaidGroup(GroupKind.COLOR_RUN, tuple(parse_hand("Y3 Y4 Y5")), (3, 4, 5))


def reasons(client, language, phase, groups):
    body = {"phase": phase, "groups": [g.split() for g in groups]}
    answer = client.post("/api/phase10/verify", json=body, headers={"Accept-Language": language})
    assert answer.status_code == 200
    return answer.get_json()["reasons"]


SHORT = {
    "de": [
        (3, ["8 8 8", "3 4 5 6"], "Der Satz 8 8 8 ist zu kurz: Phase 3 braucht einen Satz aus 4 Karten."),
        (4, ["3 4 5 6 7"], "Der Lauf 3 4 5 6 7 ist zu kurz: Phase 4 braucht einen Lauf aus 7 Karten."),
        (
            8,
            ["R1 R2 R3 R4 R5 R6"],
            "Die Farbgruppe R1 R2 R3 R4 R5 R6 ist zu kurz: Phase 8 braucht 7 Karten einer Farbe.",
        ),
    ],
    "ro": [
        (3, ["8 8 8", "3 4 5 6"], "Setul 8 8 8 are prea puține cărți: faza 3 are nevoie de un set de 4."),
        (4, ["3 W"], "Secvența 3 W are prea puține cărți: faza 4 are nevoie de o secvență de 7."),
        (4, ["3 4 5 6 7"], "Secvența 3 4 5 6 7 are prea puține cărți: faza 4 are nevoie de o secvență de 7."),
        (
            8,
            ["R1 R2 R3 R4 R5 R6"],
            "Grupul de culoare R1 R2 R3 R4 R5 R6 are prea puține cărți: faza 8 are nevoie de 7 cărți de aceeași culoare.",
        ),
    ],
    "he": [
        (3, ["8 8 8", "3 4 5 6"], f"הסט {LRI}8 8 8{PDI} קצר מדי: שלב 3 צריך סט של 4."),
        (4, ["3 4 5 6 7"], f"הריצה {LRI}3 4 5 6 7{PDI} קצרה מדי: שלב 4 צריך ריצה של 7."),
        (8, ["R1 R2 R3 R4 R5 R6"], f"קבוצת הצבע {LRI}R1 R2 R3 R4 R5 R6{PDI} קצרה מדי: שלב 8 צריך 7 קלפים בצבע אחד."),
    ],
}


@pytest.mark.parametrize("language", sorted(SHORT))
def test_a_group_too_short_is_named_in_a_sentence_of_its_kind(client, language):
    """German said "Phase 4 braucht ein Lauf aus 7" (a nominative in an accusative slot); Romanian and Hebrew got
    their group words from one piece for every slot."""
    for phase, groups, expected in SHORT[language]:
        assert reasons(client, language, phase, groups) == [expected]


COLOUR = {
    "de": [
        "Der Joker kommt zur roten Farbgruppe.",
        "In diese Farbgruppe passen nur rote Karten (oder ein Joker), nicht B5.",
        "An diesen Farblauf passen nur gelbe Karten (oder ein Joker), nicht G6.",
    ],
    "ro": [
        "Jokerul se alătură grupului roșu.",
        "Acest grup de culoare primește doar cărți roșii (sau un Joker), nu B5.",
        "Această secvență de culoare primește doar cărți galbene (sau un Joker), nu G6.",
    ],
    "he": [
        "הג'וקר מצטרף לקבוצת הצבע האדומה.",
        f"קבוצת הצבע הזו מקבלת רק קלפים אדומים (או ג'וקר), לא {LRI}B5{PDI}.",
        f"ריצת הצבע הזו מקבלת רק קלפים צהובים (או ג'וקר), לא {LRI}G6{PDI}.",
    ],
}


@pytest.mark.parametrize("language", sorted(COLOUR))
def test_a_colour_agrees_with_the_cards_and_the_group_it_describes(app, language):
    """ "nur rot Karten", "cărți roșu", "לקבוצה האדום": the colour is an adjective that agrees with its noun."""
    with app.test_request_context(headers={"Accept-Language": language}):
        said = [
            check_hit(RED, parse_hand("W")[0]).reason,
            check_hit(RED, parse_hand("B5")[0]).reason,
            check_hit(YELLOW_RUN, parse_hand("G6")[0]).reason,
        ]
    assert said == COLOUR[language]


AS_KIND = {
    "de": ("Als Satz gelesen: ", " Als Lauf gelesen: "),
    "ro": ("Dacă e set: ", " Dacă e secvență: "),
    "he": ("אם זה סט: ", " אם זו ריצה: "),
}


@pytest.mark.parametrize("language", sorted(AS_KIND))
def test_a_group_read_two_ways_is_answered_reading_by_reading_in_whole_sentences(app, language):
    """ "Als ein Satz gelesen", "אם זה ריצה": the kind of group was a piece in one slot for every kind."""
    with app.test_request_context(headers={"Accept-Language": language}):
        readings = [read_group(parse_hand("5 W"), kind) for kind in ("set", "run")]
        said = hit_whichever(readings, parse_hand("9")[0]).reason
    first, second = AS_KIND[language]
    assert said.startswith(first) and second in said


COLOUR_RUN_SHORT = {
    "de": "Der Farblauf R3 R4 R6 ist zu kurz: Phase 8 braucht einen Farblauf aus 4 Karten.",
    "ro": "Secvența de culoare R3 R4 R6 are prea puține cărți: faza 8 are nevoie de o secvență de culoare de 4.",
    "he": f"ריצת הצבע {LRI}R3 R4 R6{PDI} קצרה מדי: שלב 8 צריך ריצת צבע של 4.",
}


@pytest.mark.parametrize("language", sorted(COLOUR_RUN_SHORT))
def test_a_colour_run_too_short_is_called_a_colour_run(app, language):
    """The Masters deck's phase 8 (a colour run of 4 + a set of 3): the short group is named as the colour run it
    is asked to be ("Der Lauf … braucht ein Farblauf aus 4" before)."""
    with app.test_request_context(headers={"Accept-Language": language}):
        verdict = verify_groups(MASTERS[7], [parse_hand("R3 R4 R6"), parse_hand("9 9 9")])
    assert COLOUR_RUN_SHORT[language] in verdict.reasons


BOT_SEAT = {
    "de": "Platz 1 (Bot) wird vom schlauen Bot gespielt; handeln und zuschauen kann man nur für die Plätze von Menschen.",
    "ro": "Locul 1 (Bot) este jucat de botul isteț; acționează și privește doar pentru locurile oamenilor.",
    "he": "את מושב 1 (Bot) משחק הבוט החכם; פעלו וצפו רק במושבים של האנשים.",
}


@pytest.mark.parametrize("language", sorted(BOT_SEAT))
def test_a_bot_is_named_by_a_whole_sentence_not_by_its_id(client, language):
    """ "Platz 1 (Bot 1) spielt der Bot smart": the API's bot id never appears inside a sentence."""
    made = client.post(
        "/api/play",
        data=json.dumps({"game": "uno", "seats": [{"name": "Ana"}, {"name": "Bot", "bot": "smart"}], "seed": 4}),
        content_type="application/json",
    ).get_json()
    answer = client.get(
        f"/api/play/{made['id']}?seat=1",
        headers={"Authorization": f"Bearer {made['edit_key']}", "Accept-Language": language},
    )
    assert answer.status_code == 400
    assert answer.get_json()["error"] == BOT_SEAT[language]
    assert "smart" not in answer.get_json()["error"]


@pytest.mark.parametrize(
    ("context", "word"),
    [
        ("a round kept on this phone", "Discard"),
        ("went out", "Out"),
        ("kind of group", "Set"),
        ("kind of group", "Run"),
        ("Phase 10 card", "Skip"),
    ],
)
def test_short_ambiguous_words_reach_translators_with_a_context_and_a_comment(context, word):
    """ "Discard" (a round kept offline) collided with the game's verb, "Skip" (Phase 10's card) with UNO's: each
    short word that reads two ways has its msgctxt, and the translators a comment, in every catalogue."""
    from pathlib import Path

    from babel.messages.pofile import read_po

    from app.config import Defaults

    root = Path(__file__).resolve().parents[2] / "app/translations"
    for language in [code for code in Defaults.LANGUAGES if code != "en"]:
        with (root / language / "LC_MESSAGES/messages.po").open("rb") as handle:
            message = read_po(handle).get(word, context=context)
        assert message is not None and message.string, (language, word)
        if word != "Skip":
            assert message.auto_comments, (language, word)


def test_the_game_page_names_each_bot_in_a_whole_sentence(client):
    """The page script put the bot's label into "{bot} plays your seat" ("schlauer Bot spielt…", lowercase)."""
    made = client.post("/api/play", json={"game": "uno", "seats": [{"name": "Ana"}, {"name": "Bot", "bot": "smart"}]})
    page = client.get(f"/play/{made.get_json()['id']}", headers={"Accept-Language": "de"}).get_data(as_text=True)
    assert "Vorerst spielt der schlaue Bot" in page and "gespielt vom schlauen Bot" in page
    assert "{bot}" not in page and "{color}" not in page


TOGETHER = {
    "de": "Diese Summen können nicht alle in derselben Verteilung stimmen: Ana (230) und Ben (230). Das Deck hat nur 8 Joker.",
    "ro": "Nu se poate ca toate aceste totaluri să fie adevărate în aceeași împărțire: Ana (230) și Ben (230). "
    "Pachetul are doar 8 Jokeri.",
    "he": "הסכומים האלה לא יכולים להתקיים כולם בחלוקה אחת: Ana (230) ו־Ben (230). בחפיסה יש רק 8 ג'וקרים.",
}


@pytest.mark.parametrize("language", sorted(TOGETHER))
def test_totals_that_cannot_all_be_true_are_refused_in_whole_sentences(client, language):
    """ "punctajul 230 introdus pentru Ben, punctajul 230 introdus pentru Cy nu pot fi adevărate…" (a sentence
    starting lowercase, built from "{player}'s {points} points" pieces and a "{what}" class name): now the players
    and totals as names and numbers in a list, then the class of cards the deck runs short of, each a sentence."""
    made = client.post("/api/games", json={"game": "phase10", "players": ["Ana", "Ben", "Cy"]}).get_json()
    body = {
        "round": 1,
        "went_out": "Cy",
        "results": [
            {"player": "Cy", "completed": True},
            {"player": "Ana", "completed": False, "points": 230},
            {"player": "Ben", "completed": False, "points": 230},
        ],
    }
    answer = client.post(
        f"/api/games/{made['id']}/rounds",
        json=body,
        headers={"Authorization": f"Bearer {made['edit_key']}", "Accept-Language": language},
    )
    assert answer.status_code == 400
    assert answer.get_json()["error"] == TOGETHER[language]


STEPPERS = {
    "de": ("eine Karte von 10 bis 12 mehr", "einen Joker mehr", "eine Aussetzen-Karte weniger"),
    "ro": ("o carte de la 10 la 12 mai mult", "un Joker mai mult", "o carte Stai o tură mai puțin"),
    "he": ("עוד קלף בין 10 ל־12", "עוד ג'וקר", "קלף דילוג אחד פחות"),
}


@pytest.mark.parametrize("language", sorted(STEPPERS))
def test_the_round_forms_steppers_are_named_in_whole_phrases(client, language):
    """ "eine Joker mehr", "eine 10–12 mehr": the card class was a piece dropped into "one more %(what)s"."""
    made = client.post("/api/games", json={"game": "phase10", "players": ["Ana", "Ben"]}).get_json()
    client.get(f"/sheets/{made['id']}?key={made['edit_key']}")
    page = client.get(f"/sheets/{made['id']}/rounds/new", headers={"Accept-Language": language}).get_data(as_text=True)
    for phrase in STEPPERS[language]:
        assert f'aria-label="{phrase}"' in page, phrase


TIE_BREAKER = {
    "de": "Teil jedem Spieler im Gleichstand 10 Karten aus. Wer zuerst die Stechphase auslegt, gewinnt sofort: "
    "ein Satz aus 5 + ein Satz aus 3.",
    "ro": "Împarte câte 10 cărți fiecărui jucător la egalitate. Primul care așază faza de departajare câștigă pe loc: "
    "un set de 5 + un set de 3.",
    "he": "חלקו 10 קלפים לכל שחקן בשוויון. מי שמניח ראשון את שלב שובר השוויון מנצח מיד: סט של 5 + סט של 3.",
}


@pytest.mark.parametrize("language", sorted(TIE_BREAKER))
def test_the_tie_breaker_panel_lists_the_phases_groups_apart_from_the_sentence(client, language):
    """ "Wer zuerst ein Satz aus 5 + ein Satz aus 3 auslegt": the groups were dropped into an object's slot."""
    from api_helpers import TIED_ROUNDS, create, post, text

    game_id, key, _ = create(client, players=("Ana", "Ben", "Cy"), rules={"phases": [1, 2]})
    for body in TIED_ROUNDS:
        assert post(client, f"/api/games/{game_id}/rounds", body, key).status_code == 201
    page = text(client.get(f"/sheets/{game_id}", headers={"Accept-Language": language}))
    assert TIE_BREAKER[language] in " ".join(page.split())


@pytest.mark.parametrize("word", ["Detect automatically", "Hand finished", "Multiples", "Stacking", "red {rank}"])
def test_the_reviews_misread_short_strings_carry_a_translators_comment(word):
    """ "Work it out" became "figure it out yourself", "Multiples" arithmetic, "Hand over" handing the phone over:
    the catalogue had no translator comments; the strings the review names carry one now, in every catalogue."""
    from pathlib import Path

    from babel.messages.pofile import read_po

    from app.config import Defaults

    root = Path(__file__).resolve().parents[2] / "app/translations"
    for language in [code for code in Defaults.LANGUAGES if code != "en"]:
        with (root / language / "LC_MESSAGES/messages.po").open("rb") as handle:
            message = read_po(handle).get(word)
        assert message is not None and message.auto_comments, (language, word)


UNKNOWN_FIELD = {
    "de": 'Unbekanntes Feld "colour": Ein neues Spiel nimmt ',
    "ro": 'Câmp necunoscut "colour": un joc nou primește ',
    "he": 'שדה לא מוכר "colour": משחק חדש מקבל ',
}


@pytest.mark.parametrize("language", sorted(UNKNOWN_FIELD))
def test_an_unknown_field_is_refused_in_a_sentence_for_what_was_sent(app, language):
    """ "{what} takes": Hebrew gave "פעולה" (an action, feminine) the masculine "מקבל"; German began "ein neues
    Spiel" after the colon in lower case. (The API's edge refuses unknown fields of its documented bodies first;
    the service's own check is the one a caller of the service meets.)"""
    from app.errors import ApiError
    from app.services.play import create_play

    with app.test_request_context(headers={"Accept-Language": language}), pytest.raises(ApiError) as refused:
        create_play({"game": "uno", "seats": [{"name": "Ana"}, {"name": "Ben"}], "colour": "red"})
    assert str(refused.value.args[0]).startswith(UNKNOWN_FIELD[language])
