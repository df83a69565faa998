"""A table's own Phase 10 phase list built on the new-sheet form at phone size (issue 24 §3): phase by phase and
group by group, each phase checked by the server as it is built, then a sheet created from it."""

from __future__ import annotations

import re

from e2e_helpers import assert_accessible, small_targets
from playwright.sync_api import Page, expect
from sheet_pages import too_wide


def test_a_three_phase_list_is_built_checked_and_played(page: Page, shot):
    page.goto("/sheets/new")
    page.get_by_label("Phase 10", exact=True).check()
    page.get_by_placeholder("Player 1", exact=True).fill("Ana")
    page.get_by_placeholder("Player 2", exact=True).fill("Ben")
    page.get_by_label("Phases", exact=True).select_option("custom")
    builder = page.locator(".phase-builder")
    expect(builder).to_be_visible()
    phases = builder.locator(".builder-phase")
    # The builder starts from one phase, a set of 3 and a run of 4, which the server says can be made.
    expect(phases).to_have_count(1)
    expect(phases.nth(0).locator(".phase-verdict")).to_have_text(
        re.compile(r"^a set of 3 \+ a run of 4: 7 cards, for example ")
    )

    # Phase 2: a colour run of 4 and a set of 3.
    builder.get_by_role("button", name="Add a phase").click()
    second = phases.nth(1)
    second.locator(".group-kind-choice").nth(0).select_option("color_run")
    second.locator(".group-size").nth(0).fill("4")
    second.get_by_role("button", name="Add a group").click()
    expect(second.locator(".builder-group")).to_have_count(2)
    expect(second.locator(".phase-verdict")).to_have_text(
        re.compile(r"^a colour run of 4 \+ a set of 3: 7 cards, for example ")
    )

    # Phase 3: cards of one colour; 11 is refused by the server, naming the phase and the group; 7 is fine.
    builder.get_by_role("button", name="Add a phase").click()
    third = phases.nth(2)
    third.locator(".group-kind-choice").select_option("color")
    third.locator(".group-size").fill("11")
    expect(third.locator(".phase-verdict")).to_have_text(
        "In the phase list, phase 3, group 1 has size 11: a group's size is a whole number from 2 to 10."
    )
    expect(third).to_have_class(re.compile("has-error"))
    expect(builder.locator(".phase-list-status")).to_contain_text("phase 3, group 1 has size 11")
    third.locator(".group-size").fill("7")
    expect(third.locator(".phase-verdict")).to_have_text(re.compile(r"^7 cards of one colour: 7 cards, for example "))
    expect(third).not_to_have_class(re.compile("has-error"))
    expect(builder.locator(".phase-list-status")).to_have_text("")

    # The text field holds the list in the notation the form sends (and a phone without scripts types).
    expect(page.get_by_label("My own list")).to_have_value("set 3 + run 4; color_run 4 + set 3; color 7")
    width = page.evaluate("window.innerWidth")
    assert width == 390
    assert page.evaluate("document.documentElement.scrollWidth") <= width, too_wide(page, width)
    assert small_targets(page, ".phase-builder button, .phase-builder select, .phase-builder input") == []
    assert_accessible(page, "new sheet with the phase-list builder")
    shot(page, "phase-list-builder")

    page.get_by_role("button", name="Start the score sheet").click()
    expect(page.get_by_role("heading", name="Standings")).to_be_visible()
    sheet = re.sub(r"^https?://[^/]+", "", page.url).split("#")[0].rstrip("/")
    page.goto(sheet + "/rules")
    table = page.locator("#phases table")
    expect(table).to_contain_text("a set of 3 + a run of 4")
    expect(table).to_contain_text("a colour run of 4 + a set of 3")
    expect(table).to_contain_text("7 cards of one colour")
    expect(page.locator("#phases")).to_contain_text("its own list of 3 phases")


def test_a_list_typed_in_the_field_is_read_back_into_the_builder(page: Page):
    page.goto("/sheets/new")
    page.get_by_label("Phase 10", exact=True).check()
    page.get_by_label("Phases", exact=True).select_option("custom")
    page.get_by_label("My own list").fill("run 5; set 2 + set 2 + color 4")
    phases = page.locator(".phase-builder .builder-phase")
    expect(phases).to_have_count(2)
    expect(phases.nth(1).locator(".builder-group")).to_have_count(3)
    expect(phases.nth(1).locator(".group-kind-choice").nth(2)).to_have_value("color")
    expect(phases.nth(1).locator(".phase-verdict")).to_have_text(re.compile(r"^a set of 2 \+ a set of 2 \+ 4 cards"))


def test_the_phase_check_opened_from_a_masters_sheet_checks_its_phases(page: Page):
    created = page.request.post(
        "/api/games", data={"game": "phase10", "players": ["Ana", "Ben"], "rules": {"phases": "masters"}}
    )
    assert created.ok, created.text()
    page.goto(f"/sheets/{created.json()['id']}")
    page.get_by_role("link", name="Check a phase against this sheet's list").click()
    expect(page.locator(".check-list")).to_contain_text("It uses the ten phases of the Phase 10 Masters deck.")
    page.get_by_label("Phase", exact=True).select_option("8")
    page.get_by_label("Cards", exact=True).fill("R3 R4 W R6 | 9 9 9")
    page.get_by_role("button", name="Check", exact=True).click()
    expect(page.locator(".verdict")).to_contain_text("This is phase 8.")
    expect(page.locator(".check-list")).to_contain_text("Masters")  # the answer keeps the sheet's list
    width = page.evaluate("window.innerWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width, too_wide(page, width)
