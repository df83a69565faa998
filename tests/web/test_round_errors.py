"""The round form's refusals, in the form's words: each names the player (isolated, for right-to-left pages) and
their field, never the API's JSON path (``results[3].cards``), in the page's language, every row at once."""

from __future__ import annotations

import html
import re

import pytest
from api_helpers import text, token_of

from app.engine.players import isolated

PLAYERS = ("Ana", "Ben", "Cy", "Dee")


def new_sheet(client, game: str) -> str:
    page = client.get("/sheets/new").get_data(as_text=True)
    data = {"csrf_token": token_of(page), "game": game, "variant": "classic", "phase_list": "all"}
    data.update({"natural_card": "phase", "skip_target": "next", "target": "500", "scoring": "winner_takes"})
    data.update({"first_wild": "choose", "points_wins": "highest"})
    data.update({f"players-{i}": name for i, name in enumerate(PLAYERS)})
    answer = client.post("/sheets/new", data=data)
    assert answer.status_code == 302, text(answer)
    return answer.headers["Location"].split("#")[0]


def round_data(client, url: str, rows: dict[int, dict[str, str]], went_out: int | None = 0) -> dict[str, str]:
    page = client.get(url + "/rounds/new").get_data(as_text=True)
    data = {name: token_of(page, name) for name in ("csrf_token", "round", "version", "idempotency")}
    data["submit"] = "Save round"
    if went_out is not None:
        data["went_out"] = str(went_out)
    for seat in range(len(PLAYERS)):
        data[f"players-{seat}-seat"] = str(seat)
        data.update({f"players-{seat}-{key}": value for key, value in rows.get(seat, {}).items()})
    return data


def errors_of(page: str) -> list[str]:
    """The messages shown next to the rows and above them."""
    return [
        html.unescape(m)
        for m in re.findall(r'<p class="(?:error|flash flash-error)" role="alert"(?: data-error)?>(.*?)</p>', page)
    ]


def refused(client, url: str, rows: dict[int, dict[str, str]]) -> list[str]:
    answer = client.post(url + "/rounds/new", data=round_data(client, url, rows))
    assert answer.status_code == 200, "the round was saved"
    shown = errors_of(answer.get_data(as_text=True))
    assert shown and not any("results[" in message for message in shown), shown
    return shown


@pytest.fixture
def phase10(client):
    return new_sheet(client, "phase10")


def test_a_card_that_is_not_one_names_the_player_not_the_json_path(client, phase10):
    shown = refused(client, phase10, {3: {"cards": "R5 Z9 13"}})
    assert shown == [f'{isolated("Dee")}\'s cards: "Z9" is not a Phase 10 card.']
    uno = new_sheet(client, "uno")
    assert refused(client, uno, {2: {"cards": "R10"}}) == [f'{isolated("Cy")}\'s cards: "R10" is not an UNO card.']


def test_every_players_refused_cards_are_shown_at_once(client, phase10):
    shown = refused(client, phase10, {1: {"cards": "Q1"}, 3: {"cards": "R5 Z9"}})
    assert shown == [
        f'{isolated("Ben")}\'s cards: "Q1" is not a Phase 10 card.',
        f'{isolated("Dee")}\'s cards: "Z9" is not a Phase 10 card.',
    ]


def test_the_forms_own_checks_name_the_player_and_the_range(client, phase10):
    shown = refused(client, phase10, {1: {"points": "9999"}, 2: {"wild": "9"}, 3: {"points": "many"}})
    assert shown == [
        f"{isolated('Ben')}'s points must be a whole number from 0 to 5,000.",
        f"{isolated('Cy')}'s count of wilds must be a whole number from 0 to 8.",
        f"{isolated('Dee')}'s points must be a whole number from 0 to 5,000.",
    ]
    points = new_sheet(client, "points")
    shown = refused(
        client, points, {0: {"points": "0"}, 1: {"points": "200000"}, 2: {"points": "1"}, 3: {"points": "2"}}
    )
    assert shown == [f"{isolated('Ben')}'s points must be a whole number from -100,000 to 100,000."]


def test_the_engines_sentences_isolate_the_names(client, phase10):
    shown = refused(client, phase10, {3: {"points": "47"}})
    assert shown == [f"{isolated('Dee')}'s 47 points are not a multiple of 5: every card scores 5, 10, 15 or 25."]


def test_the_preview_words_a_refusal_as_the_page_does(client, phase10):
    data = round_data(client, phase10, {3: {"cards": "R5 Z9"}})
    answer = client.post(phase10 + "/rounds/preview", data=data).get_json()
    assert (answer["ok"], answer["player"]) == (False, "Dee")
    assert answer["error"] == f'{isolated("Dee")}\'s cards: "Z9" is not a Phase 10 card.'


@pytest.mark.parametrize("language", ["de", "he", "hi", "cy", "ro"])
def test_the_sentences_are_in_the_pages_language(client, phase10, language):
    english = refused(client, phase10, {1: {"points": "9999"}, 3: {"cards": "R5 Z9"}})
    client.set_cookie("lang", language)
    shown = refused(client, phase10, {1: {"points": "9999"}}) + refused(client, phase10, {3: {"cards": "R5 Z9"}})
    for theirs, ours in zip(shown, english):
        assert theirs != ours and "must be a whole number" not in theirs and "'s cards" not in theirs
    written = {"de": "5.000", "ro": "5.000"}.get(language, "5,000")  # the limit as the language writes numbers
    assert isolated("Ben") in shown[0] and written in shown[0] and "5000" not in shown[0]
    assert isolated("Dee") in shown[1] and '"Z9"' in shown[1]


def test_a_rows_errors_are_said_in_the_order_the_game_gives_its_fields(client, phase10):
    """Phase 10's own row fields (the keypad's counts, the laid-down phase: ``row_fields``) keep their place among the
    shared ones (``row_order``): the counts, then the cards, then the phase laid down, as before they were its own."""
    long = "5 " * 600
    shown = refused(client, phase10, {0: {"low": "99", "skip": "9", "cards": long, "laid_down": long, "points": "-1"}})
    ana = isolated("Ana")
    assert shown == [
        f"{ana}'s points must be a whole number from 0 to 5,000.",
        f"{ana}'s count of cards of 1 to 9 must be a whole number from 0 to 10.",
        f"{ana}'s count of skips must be a whole number from 0 to 4.",
        f"{ana}'s cards are too long: at most 1,000 characters.",
        f"{ana}'s laid-down phase is too long: at most 1,000 characters.",
    ]


def test_an_uno_rows_carry_no_phase_10_field(client):
    """A field only Phase 10's rows have is not an UNO row's: posted anyway, it is not read (no sentence about it)."""
    uno = new_sheet(client, "uno")
    shown = refused(client, uno, {1: {"low": "99", "laid_down": "5 " * 600, "points": "-1"}})
    assert shown == [f"{isolated('Ben')}'s points must be a whole number from 0 to 5,000."]


def test_registering_refuses_a_row_order_that_names_no_field():
    from app.games import registry
    from app.games.phase10.plugin import Phase10

    class Odd(Phase10):
        row_order = ("seat", "lowest", "points")

    with pytest.raises(registry.GameError, match="names 'lowest', which is no field of its round form's rows"):
        registry._check_row_fields(Odd())
