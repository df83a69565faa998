"""The totals chart's end labels: players with equal totals get their names apart, never drawn over each other
nor over the axis (measured in the browser, Latin, Devanagari and Hebrew names, at 320 and 390 px)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page
from sheet_pages import make_sheet, uno_hand

TEXT_BOXES = """() => Array.from(document.querySelectorAll('svg.chart text')).map(t => {
    const r = t.getBoundingClientRect();
    return {text: t.textContent, label: t.classList.contains('label'), l: r.left, t: r.top, r: r.right, b: r.bottom};
})"""


def overlapping(boxes: list[dict]) -> list[tuple[str, str]]:
    """Pairs of texts, one of them an end label, whose boxes intersect (half a pixel of slack for rounding)."""
    out = []
    for i, one in enumerate(boxes):
        for other in boxes[i + 1 :]:
            if not (one["label"] or other["label"]):
                continue
            apart = (
                one["r"] <= other["l"] + 0.5
                or other["r"] <= one["l"] + 0.5
                or one["b"] <= other["t"] + 0.5
                or other["b"] <= one["t"] + 0.5
            )
            if not apart:
                out.append((one["text"], other["text"]))
    return out


@pytest.mark.parametrize("width", [320, 390])
def test_tied_players_names_do_not_overlap(page: Page, live_app, shot, width):
    names = ["Ana", "Ben", "आदित्य", "דנה", "Eli", "Fay"]
    # Two hands: Ana and Ben both went out once for 10 (tied at 50), the four others stay tied at 0.
    game = make_sheet(
        live_app.test_client(),
        {"game": "uno", "players": names},
        [uno_hand(names, "Ana", 10), uno_hand(names, "Ben", 10)],
    )
    page.set_viewport_size({"width": width, "height": 844})
    page.goto(f"/sheets/{game['id']}")
    chart = page.locator("svg.chart")
    chart.scroll_into_view_if_needed()
    boxes = page.evaluate(TEXT_BOXES)
    assert sum(box["label"] for box in boxes) == len(names)
    shot(page, f"chart-{width}", full_page=False)
    assert overlapping(boxes) == []
