"""The decks people own on the pages (CSRF on): the new-sheet form, the round forms of UNO Flip (the side toggle,
starting on the last hand's side) and No Mercy (a knock-out in one tap, the last player standing, 25 cards told
as a knock-out), corrections, the rules pages with the engine's numbers, and the CSV export."""

from __future__ import annotations

import csv
import io
import re

import pytest
from api_helpers import text, token_of

from app.games.uno_flip.engine.cards import POINTS
from app.games.uno_flip.engine.rounds import SIDE_POINTS


@pytest.fixture
def new_sheet(client):
    def create(game, players=("Ana", "Ben", "Cy"), **rules):
        page = client.get("/sheets/new").get_data(as_text=True)
        data = {"csrf_token": token_of(page), "game": game}
        data.update({f"players-{i}": name for i, name in enumerate(players)})
        data.update(rules)
        answer = client.post("/sheets/new", data=data)
        assert answer.status_code == 302, text(answer)
        return answer.headers["Location"].split("#")[0]

    return create


def round_form(client, url, went_out, rows, players=3, number=None, **extra):
    path = url + (f"/rounds/{number}/edit" if number else "/rounds/new")
    page = client.get(path).get_data(as_text=True)
    data = {
        "csrf_token": token_of(page),
        "round": token_of(page, "round"),
        "version": token_of(page, "version"),
        "idempotency": token_of(page, "idempotency"),
        "went_out": str(went_out),
        "submit": "Save round",
    }
    for seat in range(players):
        data[f"players-{seat}-seat"] = str(seat)
        for key, value in rows.get(seat, {}).items():
            data[f"players-{seat}-{key}"] = value
    data.update(extra)
    return client.post(path, data=data)


def totals(page: str) -> list[int]:
    return [int(v.replace(",", "")) for v in re.findall(r'class="num total">([\d,]+)<', page)]


def checked_side(page: str) -> str:
    return re.search(
        r'<input[^>]*checked[^>]*name="side"[^>]*value="(\w+)"|<input[^>]*name="side"[^>]*value="(\w+)"'
        r"[^>]*checked",
        page,
    ).group(0)


def test_flip_round_form_starts_on_the_last_hands_side(client, new_sheet):
    """RULES.md "UNO Flip": a hand is read on the side it ended on; the form defaults to the last round's side."""
    url = new_sheet("uno_flip", flip_target="500", flip_scoring="winner_takes")
    page = text(client.get(url + "/rounds/new"))
    assert 'value="light" checked' in page or re.search(r'checked[^>]*value="light"', page)
    assert 'data-side="light"' in page and 'data-side="dark"' in page  # both keypads; the script shows one
    answer = round_form(client, url, 0, {1: {"cards": "PD5 TSE WC"}, 2: {"points": "9"}}, side="dark")
    assert answer.status_code == 302, text(answer)
    sheet = text(client.get(url))
    assert totals(sheet) == [20 + 30 + 60 + 9, 0, 0]
    page = text(client.get(url + "/rounds/new"))
    assert re.search(r'value="dark"[^>]*checked|checked[^>]*value="dark"', page)


def test_flip_round_form_refuses_a_card_of_the_other_side(client, new_sheet):
    """API.md: every card of the round must be of its side; the sentence names the card and the player."""
    url = new_sheet("uno_flip")
    answer = round_form(client, url, 0, {1: {"cards": "RD1"}, 2: {"points": "9"}}, side="dark")
    page = text(answer)
    assert answer.status_code == 200
    assert '"RD1" is a card of the light side, but this hand ended on the dark side.' in page
    assert "Ben" in page


def test_flip_correction_keeps_and_changes_the_side(client, new_sheet):
    url = new_sheet("uno_flip")
    round_form(client, url, 0, {1: {"cards": "G5"}, 2: {"cards": "BF"}}, side="light")
    page = text(client.get(url + "/rounds/1/edit"))
    assert re.search(r'value="light"[^>]*checked|checked[^>]*value="light"', page) and "G5" in page
    answer = round_form(client, url, 0, {1: {"cards": "O5"}, 2: {"cards": "UF"}}, number=1, side="dark")
    assert answer.status_code == 302, text(answer)
    assert totals(text(client.get(url))) == [25, 0, 0]


def test_flip_rules_page_shows_the_engines_values(client, new_sheet):
    url = new_sheet("uno_flip")
    page = text(client.get(url + "/rules"))
    for value in (POINTS["D1"], POINTS["SE"], POINTS["W2"], POINTS["WC"]):
        assert f'<td class="num">{value}</td>' in page
    assert f"{SIDE_POINTS['light']:,}" in page and f"{SIDE_POINTS['dark']:,}" in page


def test_no_mercy_knock_out_is_one_tap_and_scores_250(client, new_sheet):
    """RULES.md "UNO Show 'em No Mercy": 250 per knock-out to the hand's winner, plus the cards left."""
    url = new_sheet("uno_no_mercy", nomercy_target="1000")
    page = text(client.get(url + "/rounds/new"))
    assert 'name="players-1-knocked_out"' in page and 'name="won_by"' in page
    answer = round_form(client, url, 0, {1: {"knocked_out": "y"}, 2: {"cards": "R+4 W6"}}, won_by="out")
    assert answer.status_code == 302, text(answer)
    assert totals(text(client.get(url))) == [250 + 20 + 50, 0, 0]


def test_no_mercy_last_standing_knocks_out_everyone_left_blank(client, new_sheet):
    """RULES.md: the last player left when every other was knocked out wins the hand: 2 × 250."""
    url = new_sheet("uno_no_mercy")
    answer = round_form(client, url, 2, {0: {"knocked_out": "y"}}, won_by="standing")
    assert answer.status_code == 302, text(answer)
    assert totals(text(client.get(url))) == [500, 0, 0]  # the standings in rank order: Cy, the last standing, first
    data = client.get(url + "/export.json").get_json()
    assert data["rounds"][0]["last_standing"] == "Cy"
    page = text(client.get(url + "/rounds/1/edit"))
    assert re.search(r'value="standing"[^>]*checked|checked[^>]*value="standing"', page)


def test_no_mercy_player_with_25_cards_is_told_they_were_knocked_out(client, new_sheet):
    """RULES.md, the mercy rule: a player holding 25 or more cards is knocked out, not scored."""
    url = new_sheet("uno_no_mercy")
    answer = round_form(client, url, 0, {1: {"cards": " ".join(["G3"] * 25)}, 2: {"points": "4"}}, won_by="out")
    page = text(answer)
    assert answer.status_code == 200
    assert "holds 25 cards: with 25 or more a player is knocked out (the mercy rule), not scored." in page


def test_no_mercy_rules_page_and_csv(client, new_sheet):
    url = new_sheet("uno_no_mercy", players=("Ana", "Ben"))
    page = text(client.get(url + "/rules"))
    assert "25 or more cards" in page and "250" in page
    round_form(client, url, 1, {0: {"knocked_out": "y"}}, players=2, won_by="standing")
    rows = list(csv.reader(io.StringIO(client.get(url + "/export.csv").get_data().decode("utf-8-sig"))))
    assert rows[0][:2] == ["round", "went out"]
    assert rows[1][:-1] == [
        "1",
        "Ben",
        "0",
        "0",
        "250",
        "",
    ]  # Ana knocked out; Ben, the last standing, wins 250  (then the saved time)


def test_table_record_page_shows_hands_won_and_knock_outs(client, new_sheet):
    """The table's record page of a No Mercy table charts the hands won and the times knocked out."""
    url = new_sheet("uno_no_mercy", players=("Ana", "Ben"), nomercy_target="250")
    round_form(client, url, 1, {0: {"knocked_out": "y"}}, players=2, won_by="standing")
    sheet = text(client.get(url))
    table = re.search(r'href="(/tables/[^"#?]+)"', sheet).group(1)
    page = text(client.get(table))
    assert "Hands won" in page and "Times knocked out" in page
    assert "Ana: 0; Ben: 1" in page and "Ana: 1; Ben: 0" in page


def test_a_no_mercy_round_set_beside_a_late_entry_names_its_winner(app, client):
    """The words of a stored round beside a late entry name the hand's winner, the last standing too."""
    from app.services import sheets as sheet_service
    from app.views.sheets import _round_words

    created = client.post("/api/games", json={"game": "uno_no_mercy", "players": ["Ana", "Ben", "Cy"]}).get_json()
    with app.test_request_context():
        game = sheet_service.get_game(created["id"])
        stored = {"round": 1, "last_standing": "Cy", "results": [{"player": "Ana", "knocked_out": True}]}
        assert _round_words(game, stored).startswith("\u2068Cy\u2069 went out")
