"""The play start page's Phase 10 phase list (drawn by the game's play_start.html, read by the shared start script
as a choice or a typed list of numbers): a standard list, the Masters deck, or the table's own order; a typed order
that is not numbers is refused in the game's words, and nothing starts."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect


def open_rules(page: Page):
    page.goto("/play/")
    form = page.locator("#play-start")
    expect(form).to_be_visible()
    form.get_by_label("Phase 10", exact=True).check()
    form.locator(".rules-box summary").click()
    return form


def started_rules(page: Page) -> dict:
    page.wait_for_url(re.compile(r"/play/[\w-]+"))
    game_id = page.url.split("/play/")[1].split("#")[0]
    return page.request.get(f"/api/play/{game_id}").json()["rules"]


def test_the_table_types_its_own_phase_order(page: Page, shot):
    form = open_rules(page)
    phases = form.get_by_label("Phase list")
    expect(phases.locator("option", has_text="Phase 10 Masters deck")).to_have_count(1)
    custom = form.get_by_label("Phases, in order of play")
    expect(custom).to_be_hidden()
    phases.select_option("custom")
    expect(custom).to_be_visible()
    custom.fill("1 3 x")
    form.get_by_role("button", name="Start the game").click()
    expect(form.locator("[data-error]")).to_have_text("Write the phases as numbers from 1 to 10, e.g. 1 3 5.")
    assert "/play/" in page.url and page.url.rstrip("/").endswith("/play")
    shot(page, "play-start-phase-order-refused")
    custom.fill("1 3 5")
    form.get_by_role("button", name="Start the game").click()
    assert started_rules(page)["phases"] == [1, 3, 5]


def test_the_masters_deck_is_a_phase_list(page: Page):
    form = open_rules(page)
    form.get_by_label("Phase list").select_option("masters")
    form.get_by_role("button", name="Start the game").click()
    assert started_rules(page)["phases"] == "masters"
