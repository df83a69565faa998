"""A table's own Phase 10 phase list built on the new-sheet form (issue 24 §3): the text field in the form's
notation (all a phone without scripts needs), the refusals naming the phase and the problem, the check the
builder asks of the server (GET /games/phase10/phase-list), and the list stored with the sheet and shown on its
rules page."""

from __future__ import annotations

import re

import pytest
from api_helpers import post, text, token_of

from app.models import Game

OWN_TEXT = "set 3 + run 4; color_run 4 + set 3; color 7"
OWN_JSON = [
    [{"kind": "set", "size": 3}, {"kind": "run", "size": 4}],
    [{"kind": "color_run", "size": 4}, {"kind": "set", "size": 3}],
    [{"kind": "color", "size": 7}],
]


def submit(client, custom, phase_list="custom"):
    page = client.get("/sheets/new").get_data(as_text=True)
    data = {"csrf_token": token_of(page), "game": "phase10", "variant": "classic", "phase_list": phase_list}
    data.update({"players-0": "Ana", "players-1": "Ben", "natural_card": "phase", "custom_phases": custom})
    return client.post("/sheets/new", data=data)


def created_id(answer) -> str:
    assert answer.status_code == 302, text(answer)
    return answer.headers["Location"].split("#")[0].rstrip("/").split("/")[-1]


def games_stored(app) -> int:
    with app.app_context():
        from app.database import db

        return db.session.query(Game).count()


def test_the_form_offers_the_builder_beside_a_field_that_works_without_scripts(client):
    page = client.get("/sheets/new").get_data(as_text=True)
    field = re.search(r'<textarea[^>]*name="custom_phases"[^>]*>', page)
    assert field, "the own list is a text field"
    builder = re.search(r'<div class="phase-builder" hidden data-for="custom_phases" data-check-url="([^"]+)"', page)
    assert builder and builder.group(1) == "/games/phase10/phase-list"
    assert re.search(r'<script src="/games/phase10/static/phaselist\.js[^"]*" defer>', page)
    assert "set 3 + run 4; color 7" in text(client.get("/sheets/new"))  # the notation, in the field's help


def test_a_list_typed_in_the_notation_is_stored_with_the_sheet_and_shown_on_its_rules_page(client):
    game_id = created_id(submit(client, OWN_TEXT))
    data = client.get(f"/api/games/{game_id}").get_json()
    assert data["rules"]["phases"] == OWN_JSON
    page = text(client.get(f"/sheets/{game_id}/rules"))
    assert "a set of 3 + a run of 4" in page and "a colour run of 4 + a set of 3" in page
    assert "7 cards of one colour" in page and "its own list of 3 phases" in page
    assert "a run of 7" not in page  # the classic phase 4 is not this table's
    assert client.get(f"/sheets/{game_id}").status_code == 200
    assert client.get(f"/sheets/{game_id}/rounds/new").status_code == 200


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        (
            "Colour run 4 + SET 3\ncolor of 6",
            [[{"kind": "color_run", "size": 4}, {"kind": "set", "size": 3}], [{"kind": "color", "size": 6}]],
        ),
        ('[[{"kind": "run", "size": 5}]]', [[{"kind": "run", "size": 5}]]),
        ("masters", "masters"),
        ("1 2 3 7 10", [1, 2, 3, 7, 10]),
    ],
)
def test_the_field_takes_the_notation_the_json_a_named_list_and_phase_numbers(client, typed, stored):
    game_id = created_id(submit(client, typed))
    assert client.get(f"/api/games/{game_id}").get_json()["rules"]["phases"] == stored


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        (
            "set 3; set 3 + set 3 + set 3 + set 3",
            "In the phase list, phase 2 needs 12 cards: a phase needs at most 10.",
        ),
        ("set 3 + run 4; sett 4", 'In the phase list, phase 2, group 1: "sett 4" is not a group.'),
        ("run 4; run 4; colour 11", "In the phase list, phase 3, group 1 has size 11"),
        ("set 2 + set 2 + set 2 + set 2 + set 2", "In the phase list, phase 1 must be a list of 1 to 4 groups."),
        ("; ".join(["set 2"] * 11), "A phase list of the table's own holds from 1 to 10 phases."),
        ("", "Write the phases of your own list"),
        ("[[{", "The phase list starts with [ but is not JSON"),
    ],
)
def test_a_bad_list_is_refused_on_the_field_naming_the_phase_and_the_problem(app, client, typed, message):
    before = games_stored(app)
    answer = submit(client, typed)
    assert answer.status_code == 200
    page = text(answer)
    error = re.search(r'<textarea[^>]*name="custom_phases".*?<p class="error" role="alert">([^<]*)</p>', page, re.S)
    assert error, "the refusal is shown on the list's own field"
    assert message in error.group(1)
    assert typed.strip()[:20] in page  # what was typed stays in the field
    assert games_stored(app) == before  # nothing stored


def test_a_bad_own_list_does_not_stop_a_sheet_that_does_not_use_it(client):
    created_id(submit(client, "sett 4", phase_list="even"))


# --- the check the builder asks of the server ---------------------------------------------------------


def check(client, typed, **headers):
    answer = client.get("/games/phase10/phase-list", query_string={"list": typed}, headers=headers)
    assert answer.status_code == 200
    assert answer.headers["Content-Type"].startswith("application/json")
    return answer.get_json()


def test_each_phase_comes_with_an_example_from_ten_cards_that_the_phase_check_accepts(client):
    answer = check(client, OWN_TEXT)
    assert answer["valid"] is True and answer["problem"] is None
    assert [p["phase"] for p in answer["phases"]] == [1, 2, 3]
    assert [p["groups"] for p in answer["phases"]] == OWN_JSON
    assert answer["phases"][1]["needs"] == "a colour run of 4 + a set of 3"
    assert answer["phases"][1]["said"].startswith("a colour run of 4 + a set of 3: 7 cards, for example ")
    for phase in answer["phases"]:
        assert phase["problem"] is None and phase["cards"] <= 10
        assert sum(len(g) for g in phase["example"]) == phase["cards"]
        # The example is a real lay-down of this table's phase: the API's verify says so.
        verdict = post(
            client,
            "/api/phase10/verify",
            {"phase": phase["phase"], "groups": phase["example"], "rules": {"phases": OWN_JSON}},
        ).get_json()
        assert verdict["valid"] is True, verdict


def test_every_masters_phase_can_be_made(client):
    answer = check(client, "masters")
    assert answer["valid"] is True and len(answer["phases"]) == 10
    assert answer["phases"][0]["needs"] == "a set of 2 + a set of 2 + a set of 2 + a set of 2"


def test_the_check_names_each_phase_that_cannot_be_made_and_reads_the_others(client):
    answer = check(client, "set 3 + run 4; set 5 + set 5 + run 2; color 7")
    assert answer["valid"] is False
    assert answer["problem"] == "In the phase list, phase 2 needs 12 cards: a phase needs at most 10."
    first, second, third = answer["phases"]
    assert first["problem"] is None and third["problem"] is None and third["example"]
    assert second["problem"] == answer["problem"] and second["said"] == answer["problem"]
    assert second["cards"] == 12 and second["example"] == []
    assert second["groups"] == [{"kind": "set", "size": 5}, {"kind": "set", "size": 5}, {"kind": "run", "size": 2}]


@pytest.mark.parametrize(
    ("typed", "fragment"),
    [("run 4; flush 5", 'phase 2, group 1: "flush 5" is not a group'), ("", "Write the phases"), ("1 1", "twice")],
)
def test_a_list_that_cannot_be_read_gets_its_sentence(client, typed, fragment):
    answer = check(client, typed)
    assert answer["valid"] is False and fragment in answer["problem"]


def test_the_check_speaks_the_pages_language(client):
    answer = check(client, "set 3; set 11", **{"Accept-Language": "de"})
    assert answer["phases"][0]["needs"] != "a set of 3" and answer["phases"][0]["said"]
    assert "phase list" not in answer["problem"]
