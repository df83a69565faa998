"""A round form reopened from the round being filled in together (issue 20's new-user review): it shows the draft
as it stands (who went out, the phase ticks, knock-outs), the rows this phone entered are its own, and Save stores
it; a player's hand page shows the hand as sent; a leftover draft can be discarded."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect
from sheet_pages import new_sheet, points, row
from test_draft_round import _player_link, _player_phone

LIVE_TIMEOUT = 10_000


def _draft(page: Page, game_id: str):
    return page.evaluate("(id) => fetch('/api/games/' + id).then((r) => r.json()).then((g) => g.draft)", game_id)


def _wait_draft(page: Page, game_id: str, holds) -> dict:
    """The draft, once ``holds(draft)`` is true (the rows reach the server after a short pause)."""
    for _ in range(50):
        draft = _draft(page, game_id)
        if draft and holds(draft):
            return draft
        page.wait_for_timeout(200)
    raise AssertionError(f"the draft never got there: {draft}")


def _rounds(page: Page, game_id: str) -> list[dict]:
    return page.evaluate("(id) => fetch('/api/games/' + id).then((r) => r.json()).then((g) => g.rounds)", game_id)


def _phase10_sheet(page: Page) -> tuple[str, str]:
    page.goto("/sheets/new")
    page.get_by_label("Phase 10", exact=True).check()
    for i, name in enumerate(["Ana", "Ben", "Cy"]):
        page.get_by_placeholder(f"Player {i + 1}", exact=True).fill(name)
    page.get_by_role("button", name="Start the score sheet").click()
    expect(page.get_by_role("heading", name="Standings")).to_be_visible()
    sheet = re.sub(r"^https?://[^/]+", "", page.url).split("#")[0]
    return sheet, sheet.rsplit("/", 1)[1]


def test_a_reopened_phase10_form_shows_the_draft_as_it_stands_and_saves_it(page: Page, shot):
    sheet, game_id = _phase10_sheet(page)
    page.goto(f"{sheet}/rounds/new#out=0")
    expect(row(page, "Ana").locator(".went-out")).to_be_checked()
    points(page, "Ben").fill("50")
    points(page, "Cy").fill("60")
    expect(row(page, "Cy").locator(".penalty-value")).to_have_text("60", timeout=LIVE_TIMEOUT)
    # The rows reach the draft; then the scorekeeper leaves without saving.
    _wait_draft(page, game_id, lambda d: (d["rows"]["Cy"] or {}).get("points") == 60 and d["went_out"] == "Ana")
    page.goto(sheet)
    page.get_by_role("link", name="Record round 1").click()
    # The draft as it stands: Ana went out with her phase, the others' totals; every row is this phone's own.
    expect(row(page, "Ana").locator(".went-out")).to_be_checked()
    expect(row(page, "Ana").locator(".completed")).to_be_checked()
    expect(page.locator(".draft-note:visible")).to_have_count(0)
    expect(row(page, "Cy").locator(".points-input")).to_have_value("60")
    shot(page, "reopened-phase10-form")
    page.get_by_role("button", name="Save round").click()
    expect(page.get_by_text("Round 1 saved.")).to_be_visible(timeout=LIVE_TIMEOUT)
    rounds = _rounds(page, game_id)
    assert len(rounds) == 1 and rounds[0]["went_out"] == "Ana"
    assert {r["player"]: r.get("points") for r in rounds[0]["results"] if r["player"] != "Ana"} == {
        "Ben": 50,
        "Cy": 60,
    }
    assert _draft(page, game_id) is None


def test_a_sent_hand_shows_as_sent_and_goes_once_its_round_is_saved(page: Page, phone, shot):
    sheet, game_id = _phase10_sheet(page)
    ben = _player_phone(phone, _player_link(page, sheet, "Ben"), "Ben")
    ben.get_by_role("link", name="Enter my hand (Ben)").click()
    row(ben, "Ben").locator(".completed").check()
    points(ben, "Ben").fill("25")
    ben.get_by_role("button", name="Send my hand").click()
    expect(ben.get_by_text("Your hand is in.")).to_be_visible()
    # The hand as sent: its total, its points and its phase tick.
    expect(row(ben, "Ben").locator(".points-input")).to_have_value("25")
    expect(row(ben, "Ben").locator(".completed")).to_be_checked()
    expect(row(ben, "Ben").locator(".penalty-value")).to_have_text("25")
    shot(ben, "hand-as-sent")

    # The scorekeeper's form shows Ben's row with its phase ticked, as the server has it.
    page.get_by_role("link", name="Record round 1").click()
    expect(row(page, "Ben").locator(".draft-note")).to_have_text("Entered on another phone.", timeout=LIVE_TIMEOUT)
    expect(row(page, "Ben").locator(".completed")).to_be_checked()
    row(page, "Ana").locator(".went-out").check()
    points(page, "Cy").fill("60")
    page.get_by_role("button", name="Save round").click()
    expect(page.get_by_text("Round 1 saved.")).to_be_visible(timeout=LIVE_TIMEOUT)
    assert len(_rounds(page, game_id)) == 1

    # Ben's page: only the saved notice and the way to round 2; the old form is gone.
    expect(ben.locator(".hand-moved")).to_contain_text("Round 1 is saved.", timeout=LIVE_TIMEOUT)
    expect(ben.get_by_role("link", name="Enter your hand for round 2")).to_be_visible()
    expect(ben.get_by_role("button", name="Send my hand")).to_be_hidden()
    expect(ben.get_by_text("Your hand is in.")).to_be_hidden()
    shot(ben, "hand-after-the-round-is-saved")


def test_a_leftover_draft_can_be_discarded_and_a_bare_went_out_is_not_shown(page: Page, phone, shot):
    sheet, game_id = _phase10_sheet(page)
    # The scorekeeper taps Out for Ana and leaves the form: nothing was entered, so no round "filled in together".
    page.goto(f"{sheet}/rounds/new")
    row(page, "Ana").locator(".went-out").check()
    _wait_draft(page, game_id, lambda d: d["went_out"] == "Ana")
    page.goto(sheet)
    expect(page.get_by_role("heading", name="Standings")).to_be_visible()
    expect(page.locator(".draft-panel")).to_have_count(0)

    # A hand entered on a player's phone: the round shows on every phone; the editing phone discards it.
    ben = _player_phone(phone, _player_link(page, sheet, "Ben"), "Ben")
    ben.get_by_role("link", name="Enter my hand (Ben)").click()
    points(ben, "Ben").fill("50")
    ben.get_by_role("button", name="Send my hand").click()
    expect(ben.get_by_text("Your hand is in.")).to_be_visible()
    ben.goto(sheet)
    expect(ben.locator(".draft-panel")).to_contain_text("Round 1, filled in together")
    expect(ben.get_by_role("button", name="Discard this round in progress")).to_have_count(0)  # a player link
    page.goto(sheet)
    panel = page.locator(".draft-panel")
    expect(panel).to_contain_text("Round 1, filled in together")
    asked = []

    def answer(dialog):
        asked.append(dialog.message)
        dialog.accept()

    page.once("dialog", answer)
    shot(page, "draft-with-discard")
    panel.get_by_role("button", name="Discard this round in progress").click()
    expect(page.get_by_text("Round 1 in progress was discarded on every phone.")).to_be_visible()
    assert asked and "Discard round 1 in progress?" in asked[0]
    expect(page.locator(".draft-panel")).to_have_count(0)
    assert _draft(page, game_id) is None and _rounds(page, game_id) == []
    expect(ben.locator(".draft-panel")).to_have_count(0, timeout=LIVE_TIMEOUT)


def test_a_flip_side_conflict_names_the_hands_and_the_list_shows_each_side(page: Page, phone, shot):
    """The scorekeeper taps Out for Ana (the form's side: light) and enters Ben's hand on the light side; Cy says
    dark on his own phone. Ana's row holds no hand, so it takes no side: the conflict is Ben's against Cy's."""
    sheet = new_sheet(page, shot, ["Ana", "Ben", "Cy"], game="uno_flip")
    game_id = sheet.rsplit("/", 1)[1]
    cy = _player_phone(phone, _player_link(page, sheet, "Cy"), "Cy")
    cy.get_by_role("link", name="Enter my hand (Cy)").click()
    cy.locator('.side-input[value="dark"]').check()
    expect(cy.locator('.side-input[value="dark"]')).to_be_checked()
    points(cy, "Cy").fill("20")
    cy.get_by_role("button", name="Send my hand").click()
    expect(cy.get_by_text("Your hand is in.")).to_be_visible()

    page.goto(f"{sheet}/rounds/new")
    row(page, "Ana").locator(".went-out").check()
    draft = _wait_draft(page, game_id, lambda d: d["went_out"] == "Ana")
    assert draft["problems"] == []  # Ana's row (the form's side when Out was tapped) conflicts with nobody
    page.locator('.side-input[value="light"]').check()  # the form took the draft's side (Cy's): changed back
    points(page, "Ben").fill("12")
    _wait_draft(page, game_id, lambda d: d["rows"]["Ben"] is not None)
    page.goto(sheet)
    panel = page.locator(".draft-panel")
    expect(panel.locator(".draft-problem")).to_have_text(
        "Ben's hand was entered as ending on the light side and Cy's on the dark side: a hand ends on one side for "
        "everyone."
    )
    expect(panel.locator('.draft-row[data-player="Ben"] .draft-row-note')).to_have_text("· Light side")
    expect(panel.locator('.draft-row[data-player="Cy"] .draft-row-note')).to_have_text("· Dark side")
    expect(panel.locator('.draft-row[data-player="Ana"] .draft-row-note')).to_have_count(0)
    shot(page, "flip-side-conflict")
