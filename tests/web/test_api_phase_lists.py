"""Phase 10 ``rules.phases`` beyond the classic ten (API.md "Decks people own"): on sheets, on
/api/phase10/verify and on POST /api/play."""

from __future__ import annotations

import html
import json
import re

import pytest
from api_helpers import create, post, text, token_of

OWN = [
    [{"kind": "color_run", "size": 4}, {"kind": "set", "size": 3}],
    [{"kind": "set", "size": 2}, {"kind": "set", "size": 2}, {"kind": "run", "size": 3}],
]


def standing(data, name):
    return next(p for p in data["players"] if p["name"] == name)


# --- sheets ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("phases", ["masters", OWN])
def test_a_sheet_stores_the_tables_phase_list(client, phases):
    game_id, _key, data = create(client, rules={"phases": phases})
    assert data["rules"]["phases"] == phases
    assert client.get(f"/api/games/{game_id}").get_json()["rules"]["phases"] == phases


def test_classic_is_stored_as_the_ten_numbers(client):
    _id, _key, data = create(client, rules={"phases": "classic"})
    assert data["rules"]["phases"] == list(range(1, 11))


def test_the_sheet_checks_laid_down_phases_against_its_own_list_and_numbers_by_place(client):
    game_id, key, _data = create(client, players=("Ana", "Ben"), rules={"phases": OWN})
    url = f"/api/games/{game_id}/rounds"
    first = {
        "round": 1,
        "went_out": "Ana",
        "results": [
            {"player": "Ana", "completed": True, "laid_down": [["R3", "R4", "W", "R6"], ["9", "9", "9"]]},
            {"player": "Ben", "completed": False, "points": 50},
        ],
    }
    answer = post(client, url, first, key)
    assert answer.status_code == 201, answer.get_json()
    data = client.get(f"/api/games/{game_id}").get_json()
    assert standing(data, "Ana")["phase"] == 2 and standing(data, "Ana")["phases_done"] == [1]
    assert standing(data, "Ben")["phase"] == 1
    # The classic phase 2 is not this table's phase 2 (a set of 2, a set of 2 and a run of 3).
    second = {
        "round": 2,
        "went_out": "Ana",
        "results": [
            {"player": "Ana", "completed": True, "laid_down": [["5", "5", "5"], ["1", "2", "3", "4"]]},
            {"player": "Ben", "completed": False, "points": 50},
        ],
    }
    refused = post(client, url, second, key)
    assert refused.status_code == 400
    assert "Phase 2 needs 3 groups (a set of 2 + a set of 2 + a run of 3)" in refused.get_json()["error"]
    # Ben's phase 1 needs 7 cards, so a hand of 4 cannot be left after completing it.
    third = {
        "round": 2,
        "went_out": "Ana",
        "results": [
            {"player": "Ana", "completed": True},
            {"player": "Ben", "completed": True, "cards": ["1", "2", "3", "4"]},
        ],
    }
    refused = post(client, url, third, key)
    assert refused.status_code == 400 and "holds at most 3 cards" in refused.get_json()["error"]
    won = {
        "round": 2,
        "went_out": "Ana",
        "results": [
            {"player": "Ana", "completed": True, "laid_down": [["5", "5"], ["W", "7"], ["1", "2", "3"]]},
            {"player": "Ben", "completed": False, "points": 50},
        ],
    }
    assert post(client, url, won, key).status_code == 201
    data = client.get(f"/api/games/{game_id}").get_json()
    assert data["status"] == "finished" and data["winner"] == "Ana"
    assert standing(data, "Ana")["phases_done"] == [1, 2]


def test_pick_a_phase_numbers_completed_phases_by_place(client):
    game_id, key, _data = create(client, players=("Ana", "Ben"), rules={"phases": OWN, "variant": "pick_a_phase"})
    url = f"/api/games/{game_id}/rounds"
    body = {
        "round": 1,
        "went_out": "Ana",
        "results": [
            {"player": "Ana", "completed": 2, "laid_down": [["5", "5"], ["8", "8"], ["1", "2", "W"]]},
            {"player": "Ben", "completed": False, "points": 50},
        ],
    }
    assert post(client, url, body, key).status_code == 201
    assert standing(client.get(f"/api/games/{game_id}").get_json(), "Ana")["phases_done"] == [2]
    body["round"] = 2
    body["results"][0] = {"player": "Ana", "completed": 3}
    refused = post(client, url, body, key)
    assert refused.status_code == 400 and "phase 3" in refused.get_json()["error"]


@pytest.mark.parametrize(
    ("phases", "fragment"),
    [
        ([[{"kind": "set", "size": 6}, {"kind": "run", "size": 5}]], "phase 1 needs 11 cards"),
        ([[{"kind": "set", "size": 3}], [{"kind": "color_run", "size": 1}]], "phase 2, group 1 has size 1"),
        ([[{"kind": "pair", "size": 3}]], 'phase 1, group 1 has kind "pair"'),
        ([[{"kind": "set", "size": 2}]] * 11, "from 1 to 10 phases"),
        ("grandmasters", "phase numbers 1 to 10"),
    ],
)
def test_a_bad_phase_list_is_a_400_naming_the_phase_and_group(client, phases, fragment):
    answer = post(client, "/api/games", {"game": "phase10", "players": ["Ana", "Ben"], "rules": {"phases": phases}})
    assert answer.status_code == 400 and fragment in answer.get_json()["error"], answer.get_json()


# --- verify ----------------------------------------------------------------------------------------


def verify(client, body):
    return post(client, "/api/phase10/verify", body)


def test_verify_answers_a_colour_run_with_its_numbers(client):
    body = {"phase": 8, "groups": [["R3", "R4", "W", "R6"], ["9", "9", "9"]], "rules": {"phases": "masters"}}
    answer = verify(client, body)
    assert answer.status_code == 200
    assert answer.get_json() == {
        "valid": True,
        "phase": 8,
        "groups": [
            {"kind": "color_run", "cards": ["R3", "R4", "W", "R6"], "stands_for": [3, 4, 5, 6]},
            {"kind": "set", "cards": ["9", "9", "9"], "stands_for": [9, 9, 9]},
        ],
        "reasons": [],
    }
    # Without the rules, phase 8 is the classic 7 cards of one colour.
    assert verify(client, {**body, "rules": {}}).get_json()["valid"] is False


def test_verify_a_colour_run_card_whose_colour_was_left_out_is_a_verdict(client):
    body = {"phase": 8, "groups": [["R3", "4", "W", "R6"], ["9", "9", "9"]], "rules": {"phases": "masters"}}
    answer = verify(client, body)
    assert answer.status_code == 200
    data = answer.get_json()
    assert data["valid"] is False and "whose colour was not given" in data["reasons"][0]


def test_verify_finds_a_lay_down_of_a_tables_own_phase(client):
    body = {"phase": 2, "hand": ["5", "5", "8", "W", "1", "2", "3", "S"], "rules": {"phases": OWN}}
    data = verify(client, body).get_json()
    assert data["valid"] is True and data["phase"] == 2
    assert [g["kind"] for g in data["groups"]] == ["set", "set", "run"]


def test_verify_refuses_a_phase_the_list_does_not_have_and_a_bad_list(client):
    answer = verify(client, {"phase": 3, "groups": [["1", "1"]], "rules": {"phases": OWN}})
    assert answer.status_code == 400 and "from 1 to 2" in answer.get_json()["error"]
    answer = verify(client, {"phase": 1, "groups": [["1", "1"]], "rules": {"phases": [[{"kind": "set", "size": 1}]]}})
    assert answer.status_code == 400 and "phase 1, group 1 has size 1" in answer.get_json()["error"]
    answer = verify(client, {"phase": 1, "groups": [["1", "1"]], "rules": {"target": 5}})
    assert answer.status_code == 400


# --- the digital game ------------------------------------------------------------------------------


@pytest.mark.parametrize("phases", ["masters", OWN])
def test_a_seeded_bots_game_plays_the_tables_list_to_the_end(client, phases):
    seats = [{"name": "Ana", "bot": "smart"}, {"name": "Ben", "bot": "random"}, {"name": "Cy", "bot": "smart"}]
    answer = post(client, "/api/play", {"game": "phase10", "seats": seats, "seed": 4, "rules": {"phases": phases}})
    assert answer.status_code == 201, answer.get_json()
    data = answer.get_json()
    assert data["status"] == "finished" and data["rules"]["phases"] == phases
    sheet = client.get(f"/api/games/{data['sheet']}").get_json()
    assert sheet["rules"]["phases"] == phases and sheet["winner"] == data["winner"]
    assert [p["phases_done"] for p in sheet["players"]] == [s["phases_done"] for s in data["seats"]]
    last = len(phases) if isinstance(phases, list) else 10
    assert any(last in s["phases_done"] for s in data["seats"])


def test_the_openapi_document_describes_the_phase_lists(client):
    document = client.get("/api/openapi.json").get_json()
    text = str(document)
    assert "color_run" in text and "masters" in text
    verify_rules = document["components"]["schemas"]["Verify"]["properties"]["rules"]
    kinds = verify_rules["properties"]["phases"]["anyOf"][2]["items"]["items"]["properties"]["kind"]["enum"]
    assert kinds == ["set", "run", "color", "color_run"]


# --- pages ----------------------------------------------------------------------------------------


def test_the_rules_page_lists_the_sheets_own_phases(client):
    game_id, _key, _data = create(client, rules={"phases": "masters"})
    page = text(client.get(f"/sheets/{game_id}/rules"))
    assert "a colour run of 4 + a set of 3" in page and "a set of 5 + a colour run of 3" in page
    assert "Phase 10 Masters deck" in page and "Colour run" in page
    assert "a run of 7" not in page  # the classic phase 4 is not this table's
    game_id, _key, _data = create(client, rules={"phases": OWN})
    page = text(client.get(f"/sheets/{game_id}/rules"))
    assert "a set of 2 + a set of 2 + a run of 3" in page and "its own list of 2 phases" in page
    assert client.get(f"/sheets/{game_id}").status_code == 200


def test_the_new_sheet_form_offers_the_masters_list(client):
    page = client.get("/sheets/new").get_data(as_text=True)
    assert 'value="masters"' in page
    data = {"csrf_token": token_of(page), "game": "phase10", "variant": "classic", "phase_list": "masters"}
    data.update({"players-0": "Ana", "players-1": "Ben"})
    answer = client.post("/sheets/new", data=data)
    assert answer.status_code == 302, text(answer)
    game_id = answer.headers["Location"].split("#")[0].rstrip("/").split("/")[-1]
    assert client.get(f"/api/games/{game_id}").get_json()["rules"]["phases"] == "masters"
    for url in (f"/sheets/{game_id}", f"/sheets/{game_id}/rounds/new"):
        assert client.get(url).status_code == 200, url


def test_the_game_page_carries_the_words_for_a_tables_own_phases(client):
    seats = [{"name": "Ana"}, {"name": "Ben", "bot": "random"}]
    made = post(client, "/api/play", {"game": "phase10", "seats": seats, "rules": {"phases": "masters"}}).get_json()
    page = client.get(f"/play/{made['id']}").get_data(as_text=True)
    data = json.loads(html.unescape(re.search(r"data-games='([^']*)'", page).group(1)))["phase10"]
    assert data["group_words"]["color_run"] == "a colour run of {size}"
    assert data["phase_word"] == "phase {number}"
    assert data["masters"]["8"] == {"name": "phase 8", "needs": "a colour run of 4 + a set of 3"}


def test_the_play_start_page_offers_the_masters_list(client):
    page = client.get("/play/").get_data(as_text=True)
    assert '<option value="masters">Phase 10 Masters deck</option>' in page
