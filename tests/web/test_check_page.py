"""The phase check page, through the test client with CSRF on."""

from __future__ import annotations

import pytest
from api_helpers import text


@pytest.fixture
def check(client, csrf_token):
    def post(**fields):
        token = csrf_token(client, "/check/")
        data = {"csrf_token": token, "phase": "1", "mode": "groups", "natural_card": "phase", **fields}
        return client.post("/check/", data=data)

    return post


def test_home_links_to_phase_check(client):
    page = client.get("/")
    assert page.status_code == 200
    assert 'href="/check/"' in page.get_data(as_text=True)


def test_page_renders_form_and_keypad(client):
    page = text(client.get("/check/"))
    assert "Phase check" in page and 'class="keypad"' in page
    assert "Phase 10: a set of 5 + a set of 3" in page


def test_valid_groups_show_arrangement_and_wild_values(check):
    page = text(check(phase="3", cards="8 8 W 8 | 3 4 W 6"))
    assert "This is phase 3." in page
    assert "=5" in page and "=8" in page  # each wild shows what it stands for


def test_invalid_groups_show_reasons(check):
    page = text(check(phase="2", cards="7 7 7 | 3 4 6 8"))
    assert "Not phase 2" in page
    assert "3 4 6 8" in page  # the reason names the group


def test_hand_mode_finds_lay_down(check):
    page = text(check(phase="3", mode="hand", cards="8 8 8 W 3 4 5 6 S 12"))
    assert "This hand can lay down phase 3." in page
    page = text(check(phase="3", mode="hand", cards="8 8 8 W 3 4 5 11 S 12"))
    assert "Not phase 3" in page


def test_bad_card_is_shown_next_to_the_field(check):
    answer = check(cards="7 7 13")
    assert answer.status_code == 200
    assert '"13" is not a Phase 10 card.' in text(answer)


def test_empty_entry_is_refused(check):
    assert "Enter some cards." in text(check(cards=""))


def test_form_without_csrf_token_is_refused_kindly(client):
    answer = client.post("/check/", data={"phase": "1", "mode": "groups", "cards": "7 7 7 | 8 8 8"})
    assert answer.status_code == 400
    assert "Reload the page" in text(answer)


@pytest.fixture
def hit(client, csrf_token):
    def post(**fields):
        token = csrf_token(client, "/check/")
        data = {"hit-csrf_token": token, "hit-kind": "auto", "hit-end": "auto"}
        data.update({f"hit-{k}": v for k, v in fields.items()})
        return client.post("/check/hit", data=data)

    return post


@pytest.mark.parametrize(
    "group, card, verdict, fragment",
    [
        ("4 W 6 7", "5", "No", "the wild stands for 5"),
        ("4 W 6 7", "3", "Yes", "below the run"),
        ("4 W 6 7", "8", "Yes", "above the run"),
        ("7 7 7", "W", "Yes", ""),
        ("7 7 7", "S", "No", "Skip"),
        ("R3 R9 W", "B4", "No", ""),
    ],
)
def test_hit_check(hit, group, card, verdict, fragment):
    page = text(hit(group=group, card=card))
    assert f'<span class="badge {"ok" if verdict == "Yes" else "no"}">{verdict}</span>' in page
    assert fragment in page


def test_hit_check_wild_end_choice(hit):
    page = text(hit(group="4 5 6", card="W", end="low"))
    assert "=3" in page
    page = text(hit(group="4 5 6", card="W", end="high"))
    assert "=7" in page


def test_hit_check_bad_group_is_explained(hit):
    page = text(hit(group="3 4 6 8", card="5", kind="run"))
    assert "2 gaps" in page


def test_one_group_typed_for_a_two_group_phase_is_read_as_a_hand_too(check):
    page = text(check(phase="1", cards="7 7 7 3 3 3"))
    assert "You typed one group, but phase 1 has 2 groups" in page
    assert "This hand can lay down phase 1." in page
    page = text(check(phase="1", cards="7 7 7 | 3 3 3"))
    assert "You typed one group" not in page


def test_a_hand_that_falls_short_shows_the_closest_lay_down(check):
    page = text(check(phase="1", mode="hand", cards="7 7 3 3 W 9"))
    assert "The closest lay-down is one card short." in page
    assert "The closest lay-down (? marks a missing card):" in page
    assert page.count("card-missing") == 1


def test_a_group_both_a_set_and_a_run_asks_which(hit):
    page = text(hit(group="5 W W W", card="9"))  # a run takes it, a set does not: the answer depends on it
    assert "These cards could be a set or a run: say which." in page
    page = text(hit(group="5 W W W", card="9", kind="run"))  # 5 6 7 8, then 9
    assert '<span class="badge ok">Yes</span>' in page
    page = text(hit(group="5 W W W", card="5", kind="set"))
    assert '<span class="badge ok">Yes</span>' in page


def test_verdicts_are_focused_and_the_hit_card_has_a_keypad(check, hit):
    assert "data-focus-on-load" in text(check(phase="1", cards="7 7 7 | 3 3 3"))
    page = text(hit(group="4 5 6", card="7"))
    assert "data-focus-on-load" in page and 'data-target="hit-card"' in page
