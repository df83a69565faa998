"""Issue 11 §3 with the longest names (the ``pad`` helper's checks, on the integrated pages): with 30-character
names that have no space to break at, no sheet page (view-only or editable, every game) nor round or correction
form is wider than a 320 px phone, the chart's names are never clipped, and axe finds nothing in dark mode."""

from __future__ import annotations

import pytest
from e2e_helpers import assert_accessible
from playwright.sync_api import expect
from sheet_pages import LONG_NAMES, make_sheet, phase10_hand, take_edit_key, too_wide, uno_hand

from tests.tiers import bounded

SIZES = [(320, 640), (390, 844), (844, 390)]


@pytest.fixture(scope="module")
def sheets(live_app) -> dict[str, dict]:
    """A 10-player UNO sheet, a 6-player Phase 10 sheet and an 8-player points sheet, all with long names."""
    client = live_app.test_client()
    six = LONG_NAMES[:6]
    return {
        "uno": make_sheet(
            client,
            {"game": "uno", "players": LONG_NAMES, "rules": {"target": 5000}},
            [uno_hand(LONG_NAMES, LONG_NAMES[n % 10], 12 + n) for n in range(4)],
        ),
        "phase10": make_sheet(
            client, {"game": "phase10", "players": six}, [phase10_hand(six, six[n % 6]) for n in range(3)]
        ),
        "points": make_sheet(
            client,
            {"game": "points", "players": LONG_NAMES[:8]},
            [{"results": [{"player": p, "points": 10 * i - 30} for i, p in enumerate(LONG_NAMES[:8])]}],
        ),
    }


@pytest.fixture(scope="module")
def digital(live_app) -> str:
    """A digital UNO game against a bot, opened with its key."""
    started = live_app.test_client().post(
        "/api/play", json={"game": "uno", "seats": [{"name": "Ana"}, {"name": "Bot", "bot": "smart"}]}
    )
    assert started.status_code == 201, started.get_data(as_text=True)
    state = started.get_json()
    return f"/play/{state['id']}#key={state['edit_key']}"


def _new_phone(browser, browser_context_args, **extra):
    return browser.new_context(**{**browser_context_args, **extra})


@pytest.mark.parametrize("size", bounded(SIZES, keep={(320, 640)}), ids=lambda s: f"{s[0]}x{s[1]}")
def test_sheet_pages_with_long_names_fit_the_phone(browser, browser_context_args, sheets, size):
    width, height = size
    viewport = {"width": width, "height": height}
    problems = []
    view_only = _new_phone(browser, browser_context_args, viewport=viewport)
    editor = _new_phone(browser, browser_context_args, viewport=viewport)
    try:
        other = view_only.new_page()
        for kind, game in sheets.items():
            other.goto(f"/sheets/{game['id']}")
            expect(other.locator("table.standings")).to_be_visible()
            wide = other.evaluate("document.documentElement.scrollWidth")
            if wide > width:
                problems.append(f"view-only sheet-{kind}: {wide} px {too_wide(other, width)}")
        page = editor.new_page()
        for kind, game in sheets.items():
            take_edit_key(page, game)
            gid = game["id"]
            for label, path in (
                ("sheet", f"/sheets/{gid}"),
                ("round", f"/sheets/{gid}/rounds/new"),
                ("correct", f"/sheets/{gid}/rounds/1/edit"),
            ):
                page.goto(path)
                page.wait_for_load_state("load")
                wide = page.evaluate("document.documentElement.scrollWidth")
                if wide > width:
                    problems.append(f"{label}-{kind}: {wide} px {too_wide(page, width)}")
    finally:
        view_only.close()
        editor.close()
    assert not problems, f"pages wider than {width} px: " + "; ".join(problems)


@pytest.mark.parametrize("width", bounded([320, 390], keep={320}))
def test_standings_fit_or_scroll_in_their_own_box(browser, browser_context_args, sheets, width):
    phone = _new_phone(browser, browser_context_args, viewport={"width": width, "height": 800})
    try:
        page = phone.new_page()
        for kind, game in sheets.items():
            page.goto(f"/sheets/{game['id']}")
            table = page.locator("table.standings")
            box = table.bounding_box()
            inside = table.evaluate(
                """t => { let el = t.parentElement;
                   while (el && getComputedStyle(el).overflowX === 'visible') el = el.parentElement;
                   const r = (el || document.documentElement).getBoundingClientRect();
                   return r.left >= -1 && r.right <= window.visualViewport.width + 1 && (el !== null || false); }"""
            )
            fits = box["x"] >= -1 and box["x"] + box["width"] <= width + 1
            assert fits or inside, f"{kind}: the standings are {box['width']:.0f} px and stick out of the screen"
            # The whole name is there to read, in the page's text.
            first = table.locator("tbody th bdi").first
            assert first.inner_text().strip() in LONG_NAMES
    finally:
        phone.close()


@pytest.mark.parametrize("width", bounded([320, 390], keep={320}))
def test_chart_names_are_not_clipped(browser, browser_context_args, sheets, width):
    phone = _new_phone(browser, browser_context_args, viewport={"width": width, "height": 800})
    try:
        page = phone.new_page()
        page.goto(f"/sheets/{sheets['uno']['id']}")
        chart = page.locator("svg.chart")
        box = chart.bounding_box()
        # Every text drawn inside the chart stays inside it.
        outside = chart.evaluate(
            """(svg) => { const b = svg.getBoundingClientRect();
            return Array.from(svg.querySelectorAll('text')).map(t => [t.textContent, t.getBoundingClientRect()])
              .filter(([, r]) => r.left < b.left - 1 || r.right > b.right + 1 || r.top < b.top - 1
                                 || r.bottom > b.bottom + 1).map(([s]) => s); }"""
        )
        assert outside == [], f"chart texts drawn outside the chart: {outside}"
        titles = chart.locator("polyline title").all_text_contents()
        assert [t.split(":")[0] for t in titles] == LONG_NAMES, "a line does not carry its player's full name"
        legend = page.locator(".chart-legend li")
        expect(legend).to_have_count(10)
        for i, item in enumerate(legend.all()):
            name = item.locator("bdi")
            whole = name.inner_text() == LONG_NAMES[i] and not name.evaluate("e => e.scrollWidth > e.clientWidth + 1")
            assert whole or item.get_attribute("title") == LONG_NAMES[i], f"legend {i}: the full name is lost"
            r = item.bounding_box()
            assert r["x"] >= box["x"] - 1 and r["x"] + r["width"] <= box["x"] + box["width"] + 1, (
                f"legend {i} sticks out"
            )
            swatch, text = item.locator(".legend-line").bounding_box(), name.bounding_box()
            middle = swatch["y"] + swatch["height"] / 2
            assert text["y"] <= middle <= text["y"] + text["height"], f"legend {i}: the swatch is not beside the name"
    finally:
        phone.close()


@pytest.mark.parametrize("scheme", bounded(["light", "dark"], keep={"dark"}))
def test_long_name_pages_accessible_in_both_colour_schemes(browser, browser_context_args, sheets, digital, scheme):
    phone = _new_phone(browser, browser_context_args, color_scheme=scheme)
    try:
        page = phone.new_page()
        # The pages that show the long names (the pages without names: test_pages.py, test_dark_mode.py).
        paths = ["/", "/sheets/"]
        paths += [f"/sheets/{game['id']}/rules" for game in sheets.values()]
        for game in sheets.values():
            take_edit_key(page, game)
            gid = game["id"]
            paths += [f"/sheets/{gid}", f"/sheets/{gid}/rounds/new", f"/sheets/{gid}/rounds/1/edit"]
        for path in paths:
            page.goto(path)
            assert_accessible(page, f"{path} ({scheme})")
        page.goto(digital)
        expect(page.locator("[data-me] button").first).to_be_visible()
        assert_accessible(page, f"digital game ({scheme})")
    finally:
        phone.close()
