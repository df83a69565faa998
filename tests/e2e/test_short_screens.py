"""Small and sideways screens (issue 22): on a short screen the sticky points keypad is never stacked over the
sticky Save bar, the active row is not behind either, and a Phase 10 entry opened comes into view above the bar
(its first count, 1–9, at least)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

BOXES = """() => {
  const box = el => { if (!el || el.hidden) return null; const r = el.getBoundingClientRect(); return {top: r.top, bottom: r.bottom}; };
  const inView = b => b && b.bottom > 0 && b.top < innerHeight;
  const pad = box(document.querySelector('.number-keypad'));
  const bar = box(document.querySelector('.sticky-actions'));
  const row = box(document.querySelector('.points-row.is-active') || document.querySelector('.player-row.is-open .leftover .count'));
  return {pad: inView(pad) ? pad : null, bar: inView(bar) ? bar : null, row, height: innerHeight};
}"""


def overlaps(a, b) -> bool:
    return bool(a and b and a["top"] < b["bottom"] - 1 and b["top"] < a["bottom"] - 1)


@pytest.mark.parametrize("width, height", [(568, 320), (320, 568)])
def test_the_points_keypad_never_covers_the_save_bar_or_the_active_row(page: Page, width, height, shot):
    page.set_viewport_size({"width": width, "height": height})
    players = ["Ana", "Ben", "Cy", "Dee", "Eve"]
    game = page.request.post("/api/games", data={"game": "points", "players": players}).json()
    page.goto(f"/sheets/{game['id']}#key={game['edit_key']}")
    page.get_by_role("link", name="Record round 1").click()
    pad = page.locator(".number-keypad")
    expect(pad).to_be_visible()
    for name in players:
        page.locator(f'fieldset.player-row[data-player="{name}"] .points-input').focus()
        page.wait_for_timeout(150)
        boxes = page.evaluate(BOXES)
        assert not overlaps(boxes["pad"], boxes["bar"]), (name, boxes)
        assert boxes["row"] and boxes["row"]["top"] >= 0 and boxes["row"]["bottom"] <= boxes["height"], (name, boxes)
        for cover in (boxes["pad"], boxes["bar"]):
            assert not overlaps(boxes["row"], cover), (name, boxes)
    shot(page, f"points-keypad-{width}x{height}", full_page=False)


def test_a_phase10_entry_opened_on_a_phone_on_its_side_is_above_the_save_bar(page: Page, shot):
    page.set_viewport_size({"width": 844, "height": 390})
    players = ["Ana", "Ben", "Cy", "Dee", "Eve", "Fay"]
    game = page.request.post("/api/games", data={"game": "phase10", "players": players}).json()
    page.goto(f"/sheets/{game['id']}#key={game['edit_key']}")
    page.get_by_role("link", name="Record round 1").click()
    for name in players[1:]:
        page.locator(f'fieldset.player-row[data-player="{name}"] .row-open').click()
        page.wait_for_timeout(150)
        boxes = page.evaluate(BOXES)
        assert boxes["row"] and not overlaps(boxes["row"], boxes["bar"]), (name, boxes)
        assert boxes["row"]["top"] >= 50 and boxes["row"]["bottom"] <= boxes["height"], (
            name,
            boxes,
        )  # below the top bar
    shot(page, "phase10-entry-844x390", full_page=False)
