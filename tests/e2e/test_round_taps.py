"""Issue 11 §2: the README's example round in at most 7 taps, and a round entered from the keyboard alone.

The README's round (a Phase 10 table of four): Ana went out; Ben completed his phase and holds a 5 and a 10; Cy
holds three 10–12s and a wild (and six low cards: the rest of ten); Dee holds ten low cards (the default).
Taps are counted by the page itself: an init script counts every trusted pointer press and key press, on every
page the tab opens, in ``sessionStorage``.
"""

from __future__ import annotations

import re

from e2e_helpers import assert_accessible
from playwright.sync_api import Page, expect
from sheet_pages import new_sheet, penalty, row

COUNT_TAPS = """
(() => {
  const bump = (kind) => (event) => {
    if (!event.isTrusted) return;
    sessionStorage.setItem(kind, String(Number(sessionStorage.getItem(kind) || 0) + 1));
  };
  window.addEventListener("pointerdown", bump("taps"), true);
  window.addEventListener("keydown", bump("keys"), true);
})();
"""


def counted(page: Page) -> dict[str, int]:
    """The taps and key presses counted since :func:`start_counting`."""
    return page.evaluate("() => ({taps: Number(sessionStorage.taps || 0), keys: Number(sessionStorage.keys || 0)})")


def start_counting(page: Page) -> None:
    page.evaluate("() => { sessionStorage.taps = 0; sessionStorage.keys = 0; }")


def chip(page: Page, name: str, what: str, count: int):
    """The quick-count key ``count`` of one kind of card in a player's open entry."""
    return (
        row(page, name).get_by_role("group", name=what, exact=True).get_by_role("button", name=str(count), exact=True)
    )


def stored_round(live_app, path: str) -> dict:
    """Round 1 of the sheet as the API stores it."""
    answer = live_app.test_client().get("/api/games/" + path.rstrip("/").split("/")[-1])
    assert answer.status_code == 200, answer.get_data(as_text=True)
    return answer.get_json()["rounds"][0]


def assert_readme_round(stored: dict) -> None:
    """The stored round is the README's: who went out, who completed, what each hand held, the points."""
    assert stored["went_out"] == "Ana"
    results = {r["player"]: r for r in stored["results"]}
    assert {p: r["completed"] for p, r in results.items()} == {"Ana": True, "Ben": True, "Cy": False, "Dee": False}
    assert results["Ben"]["counts"] == {"low": 1, "high": 1, "skip": 0, "wild": 0}
    assert results["Cy"]["counts"] == {"low": 6, "high": 3, "skip": 0, "wild": 1}
    assert results["Dee"]["counts"] == {"low": 10, "high": 0, "skip": 0, "wild": 0}
    assert {p: r["points"] for p, r in results.items()} == {"Ana": 0, "Ben": 15, "Cy": 85, "Dee": 50}


def test_readme_round_takes_at_most_seven_taps(page: Page, shot, live_app):
    page.context.add_init_script(COUNT_TAPS)
    path = new_sheet(page, shot, ["Ana", "Ben", "Cy", "Dee"])
    start_counting(page)
    # 1: on the sheet, who went out (the form opens with Ana out and Ben's entry open under his row).
    page.get_by_role("link", name="Ana went out").tap()
    expect(row(page, "Ben")).to_have_class(re.compile(r"\bis-open\b"))
    # 2–3: Ben holds a 5 and a 10. Two cards: he completed his phase (the engine says so; the box ticks itself).
    chip(page, "Ben", "1–9", 1).tap()
    chip(page, "Ben", "10–12", 1).tap()
    expect(penalty(page, "Ben")).to_have_text("15")
    expect(row(page, "Ben").locator(".completed")).to_be_checked()
    expect(row(page, "Ana").locator(".completed")).to_be_checked()
    # 4–6: open Cy; three 10–12s and a wild (the six others are low: the rest of ten).
    row(page, "Cy").locator(".row-open").tap()
    chip(page, "Cy", "10–12", 3).tap()
    chip(page, "Cy", "Wild", 1).tap()
    expect(penalty(page, "Cy")).to_have_text("85")
    expect(penalty(page, "Dee")).to_have_text("50")
    expect(row(page, "Cy").locator(".completed")).not_to_be_checked()
    shot(page, "readme-round-entered", full_page=False)
    assert_accessible(page, "round form with quick counts")
    # 7: save.
    page.get_by_role("button", name="Save round").tap()
    expect(page.get_by_text("Round 1 saved.")).to_be_visible()
    taps = counted(page)
    assert taps["taps"] <= 7, f"the README's round took {taps['taps']} taps"
    assert taps == {"taps": 7, "keys": 0}
    assert_readme_round(stored_round(live_app, path))
