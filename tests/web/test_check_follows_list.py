"""The phase check page follows a score sheet's phase list (issue 24 §3): opened from a Phase 10 sheet
(/check/?sheet=<id>) or with a list in the address (/check/?phases=…), it checks laid-down phases, hands and
hits against that list's phases and says which list it uses."""

from __future__ import annotations

import re

import pytest
from api_helpers import create, text

OWN = [
    [{"kind": "set", "size": 2}, {"kind": "set", "size": 2}, {"kind": "run", "size": 3}],
    [{"kind": "set", "size": 4}],
]
SETS_ONLY = [[{"kind": "set", "size": 3}], [{"kind": "set", "size": 4}]]


@pytest.fixture
def sheet(client):
    def make(phases, **rules):
        game_id, _key, _data = create(client, players=("Ana", "Ben"), rules={"phases": phases, **rules})
        return game_id

    return make


@pytest.fixture
def check(client, csrf_token):
    def post(query, **fields):
        url = "/check/" + query
        data = {"csrf_token": csrf_token(client, url), "mode": "groups", "natural_card": "phase", **fields}
        return text(client.post(url, data=data))

    return post


@pytest.fixture
def hit(client, csrf_token):
    def post(query, **fields):
        data = {"hit-csrf_token": csrf_token(client, "/check/" + query), "hit-kind": "auto", "hit-end": "auto"}
        data.update({f"hit-{k}": v for k, v in fields.items()})
        return text(client.post("/check/hit" + query, data=data))

    return post


def options_of(page: str, name: str) -> list[str]:
    select = re.search(rf'<select[^>]*name="{name}"[^>]*>(.*?)</select>', page, re.S).group(1)
    return re.findall(r"<option[^>]*>([^<]*)</option>", select)


def test_a_phase10_sheet_links_to_the_check_of_its_list(client, sheet):
    game_id = sheet("masters")
    page = text(client.get(f"/sheets/{game_id}"))
    assert f'href="/check/?sheet={game_id}"' in page and "Check a phase against this sheet's list" in page


def test_opened_from_a_masters_sheet_the_page_offers_its_phases_and_says_so(client, sheet):
    game_id = sheet("masters")
    page = text(client.get(f"/check/?sheet={game_id}"))
    assert "This check follows the score sheet of \u2068Ana\u2069 and \u2068Ben\u2069." in page
    assert "It uses the ten phases of the Phase 10 Masters deck." in page
    phases = options_of(page, "phase")
    assert phases[7] == "Phase 8: a colour run of 4 + a set of 3"
    assert phases[-1] == "The tie-breaker phase: a set of 5 + a set of 3"
    assert "Phase 4: a run of 7" not in phases  # the classic phase 4
    assert f'action="/check/?sheet={game_id}"' in page  # the form keeps the list
    assert f'action="/check/hit?sheet={game_id}#hit"' in page
    assert f'href="/sheets/{game_id}"' in page


def test_laid_down_groups_are_checked_against_the_sheets_phase(check, sheet):
    query = f"?sheet={sheet('masters')}"
    page = check(query, phase="8", cards="R3 R4 W R6 | 9 9 9")
    assert "This is phase 8." in page and "a colour run of 4" in page
    page = check(query, phase="8", cards="R3 B4 R5 R6 | 9 9 9")
    assert "Not phase 8 (a colour run of 4 + a set of 3)." in page


def test_a_hand_is_checked_against_the_tables_own_phase(client, check, sheet):
    query = f"?sheet={sheet(OWN)}"
    page = check(query, phase="1", mode="hand", cards="5 5 7 7 1 2 3 12 S W")
    assert "This hand can lay down phase 1." in page
    page = check(query, phase="2", mode="hand", cards="5 5 5 7 1 2 3 12 S 11")
    assert "Not phase 2 (a set of 4)." in page
    assert options_of(text(client.get("/check/" + query)), "phase") == [
        "Phase 1: a set of 2 + a set of 2 + a run of 3",
        "Phase 2: a set of 4",
        "The tie-breaker phase: a set of 5 + a set of 3",
    ]


def test_a_phase_the_list_lacks_is_refused(check, sheet):
    page = check(f"?sheet={sheet(OWN)}", phase="5", cards="5 5 5")
    assert "Not a valid choice" in page and "This is" not in page


def test_the_natural_card_rule_starts_from_the_sheets(client, sheet):
    game_id = sheet(OWN, natural_card="group")
    page = text(client.get(f"/check/?sheet={game_id}"))
    assert re.search(r'<option selected value="group">|<option value="group" selected>', page)


def test_a_colour_run_is_hit_as_the_list_lays_it_down(client, hit, sheet):
    query = f"?sheet={sheet('masters')}"
    assert "A colour run" in options_of(text(client.get("/check/" + query)), "hit-kind")
    page = hit(query, group="R3 R4 R5", kind="color_run", card="B6")
    assert '<span class="badge no">No</span>' in page and "This colour run takes only red cards" in page
    page = hit(query, group="R3 R4 R5", kind="color_run", card="R6")
    assert '<span class="badge ok">Yes</span>' in page


def test_a_classic_sheet_offers_no_colour_run(client, sheet):
    page = text(client.get(f"/check/?sheet={sheet('classic')}"))
    assert "A colour run" not in options_of(page, "hit-kind")
    assert "It uses the classic ten phases." in page


def test_a_group_of_a_kind_the_list_never_lays_down_is_refused(hit, sheet):
    page = hit(f"?sheet={sheet(SETS_ONLY)}", group="3 4 5", card="6")
    assert "These cards make a run, and no phase of this list lays one down." in page
    assert "badge ok" not in page


def test_in_a_list_of_sets_and_runs_a_single_reading_needs_no_question(hit, sheet):
    # R3 R4 R5 is a run or a colour group; a table whose phases have no colour group means the run.
    page = hit(f"?sheet={sheet(OWN)}", group="R3 R4 R5", card="B6")
    assert '<span class="badge ok">Yes</span>' in page


def test_a_list_in_the_address_is_followed(client, check):
    query = "?phases=set 3 %2B run 4; color_run 3"
    page = text(client.get("/check/" + query))
    assert "This check follows the phase list in the address." in page
    assert "It uses the table's own list of 2 phases." in page
    assert options_of(page, "phase")[1] == "Phase 2: a colour run of 3"
    page = check(query, phase="2", cards="G7 W G9")
    assert "This is phase 2." in page


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("?sheet=nope", "There is no score sheet nope."),
        ("?phases=sett 3", 'In the phase list, phase 1, group 1: "sett 3" is not a group.'),
    ],
)
def test_a_list_that_cannot_be_followed_is_said_and_the_classic_ten_are_checked(client, query, message):
    page = text(client.get("/check/" + query))
    assert message in page and "The classic ten phases are checked instead." in page
    assert "Phase 4: a run of 7" in options_of(page, "phase")


def test_a_sheet_of_another_game_is_not_followed(client):
    game_id, _key, _data = create(client, game="uno", players=("Ana", "Ben"))
    page = text(client.get(f"/check/?sheet={game_id}"))
    assert "That score sheet is not a Phase 10 sheet." in page


def test_without_a_list_the_page_is_as_before(client):
    page = text(client.get("/check/"))
    assert "This check follows" not in page and 'action="/check/"' in page
    assert "Phase 4: a run of 7" in options_of(page, "phase")
