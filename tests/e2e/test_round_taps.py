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


def press_tab_until(page: Page, selector: str, most: int = 40) -> int:
    """Press Tab until the focused element matches ``selector``; how many presses it took."""
    for count in range(1, most + 1):
        page.keyboard.press("Tab")
        if page.evaluate("(s) => document.activeElement.matches(s)", selector):
            return count
    raise AssertionError(f"{selector} never got the focus in {most} Tab presses")


def focused(page: Page) -> str:
    """The focused element: its player row and its class or name."""
    return page.evaluate(
        "() => { const el = document.activeElement; const row = el.closest('.player-row');"
        " return (row ? row.dataset.player + ' ' : '') + (el.className || el.name || el.tagName); }"
    )


def test_a_round_from_the_keyboard_alone(page: Page, shot, live_app):
    page.context.add_init_script(COUNT_TAPS)
    path = new_sheet(page, shot, ["Ana", "Ben", "Cy", "Dee"])
    page.goto(path + "/rounds/new")
    start_counting(page)
    out = page.locator(".went-out")
    # One tab stop per player row: from the top of the page, the first row's stop is its points (the most
    # frequent thing to enter); each further Tab goes to the next row, never through every button of a row.
    to_form = press_tab_until(page, ".player-row .row-open")
    assert focused(page) == "Ana row-open"
    for name in ("Ben", "Cy", "Dee"):
        page.keyboard.press("Tab")
        assert focused(page) == f"{name} row-open"
    page.keyboard.press("Tab")
    expect(
        page.get_by_role("button", name="Save round")
    ).to_be_focused()  # Save: the one main action, right after the rows
    for name in ("Dee", "Cy", "Ben", "Ana"):
        page.keyboard.press("Shift+Tab")
        assert focused(page) == f"{name} row-open"

    # Arrow keys move along the row and between rows; they never choose who went out.
    page.keyboard.press("Home")
    assert focused(page) == "Ana went-out"
    for key in ("ArrowDown", "ArrowDown", "ArrowUp", "ArrowRight", "ArrowLeft", "ArrowDown", "ArrowLeft"):
        page.keyboard.press(key)
    assert focused(page) == "Cy went-out"
    assert [box.is_checked() for box in out.all()] == [False] * 4
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Space")  # Space chooses: Ana went out; Ben's entry opens
    assert [box.is_checked() for box in out.all()] == [True, False, False, False]
    expect(row(page, "Ben")).to_have_class(re.compile(r"\bis-open\b"))
    for key in ("ArrowDown", "ArrowDown", "ArrowUp", "ArrowDown", "End", "Home"):
        page.keyboard.press(key)
    assert focused(page) == "Cy went-out"
    assert [box.is_checked() for box in out.all()] == [True, False, False, False], "an arrow key moved 'went out'"
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    assert focused(page) == "Ana went-out"

    # Ben: the entry under his row; type the counts (a 5 and a 10: two cards, so his phase is completed).
    tabs = 0
    page.keyboard.press("Tab")
    assert focused(page) == "Ben went-out"  # the row's stop is where the arrows last left it in that row
    page.keyboard.press("Tab")
    assert focused(page).startswith("Ben count-input")
    page.keyboard.type("1")  # 1–9
    page.keyboard.press("Tab")
    page.keyboard.type("1")  # 10–12
    tabs += 3
    expect(penalty(page, "Ben")).to_have_text("15")
    expect(row(page, "Ben").locator(".completed")).to_be_checked()
    # Cy: Tab past Ben's other fields to Cy's row, Enter opens his entry at its first field.
    tabs += press_tab_until(page, ".player-row[data-player=Cy] *")
    assert focused(page) == "Cy went-out"  # where the arrows left Cy's row: End goes to the points
    page.keyboard.press("End")
    page.keyboard.press("Enter")
    expect(row(page, "Cy")).to_have_class(re.compile(r"\bis-open\b"))
    assert focused(page).startswith("Cy count-input")
    page.keyboard.press("Tab")
    page.keyboard.type("3")  # 10–12
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    page.keyboard.type("1")  # a wild
    tabs += 3
    expect(penalty(page, "Cy")).to_have_text("85")
    expect(penalty(page, "Dee")).to_have_text("50")
    shot(page, "keyboard-round", full_page=False)
    assert_accessible(page, "round form, keyboard entry")
    tabs += press_tab_until(page, "[name=submit]")
    page.keyboard.press("Enter")
    expect(page.get_by_text("Round 1 saved.")).to_be_visible()
    keys = counted(page)["keys"]
    print(f"keyboard round: {to_form} Tab presses to the form, {tabs} inside it, {keys} keys in all")
    assert tabs <= 16, f"{tabs} Tab presses inside the form"
    assert counted(page)["taps"] == 0
    assert_readme_round(stored_round(live_app, path))
