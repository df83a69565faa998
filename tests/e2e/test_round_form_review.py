"""A new user's review of the score sheets' round form: points kept after a refused save, 1–9 filling itself in
on the correction page, the Points keypad on a 320×568 screen, the count placeholder at 320 px, number ranges in
Hebrew, and "-0" on the Points keypad."""

from __future__ import annotations

import pytest
from e2e_helpers import in_sight
from playwright.sync_api import Page, expect
from sheet_pages import open_row, penalty, phase10_hand, points, quick_count, row, went_out

from tests.tiers import bounded

LANGUAGES = ["en", "de", "he", "hi", "cy", "ro"]


def points_round(page: Page, players: list[str]) -> None:
    game = page.request.post("/api/games", data={"game": "points", "players": players}).json()
    page.goto(f"/sheets/{game['id']}#key={game['edit_key']}")
    page.get_by_role("link", name="Record round 1").click()
    expect(page.locator(".number-keypad")).to_be_visible()


def key(page: Page, label: str) -> None:
    page.locator(".number-keypad").get_by_role("button", name=label, exact=True).tap()


def phase10_round(page: Page, players: list[str], rounds: list[dict] | None = None) -> str:
    body = {"game": "phase10", "players": players}
    game = page.request.post("/api/games", data=body).json()
    for number, item in enumerate(rounds or [], start=1):
        answer = page.request.post(
            f"/api/games/{game['id']}/rounds",
            data={"round": number, **item},
            headers={"Authorization": f"Bearer {game['edit_key']}"},
        )
        assert answer.ok, answer.text()
    page.goto(f"/sheets/{game['id']}#key={game['edit_key']}")
    expect(page.get_by_role("heading", name="Standings")).to_be_visible()
    # The page hands the key to the server, then loads again as the editing page: wait for that load, or the
    # test's next goto is aborted by it.
    expect(page.locator('a[href$="/rounds/new"]').first).to_be_visible(timeout=10_000)
    page.wait_for_load_state("load")
    return f"/sheets/{game['id']}"


# --- 6. "-0" on the Points keypad -----------------------------------------------------------------------------


def test_the_points_keypad_never_makes_minus_zero(page: Page):
    page.set_viewport_size({"width": 390, "height": 844})
    points_round(page, ["Ana", "Ben"])
    field = row(page, "Ana").locator(".points-input")
    shown = page.locator(".number-keypad .keypad-value")
    key(page, "minus")
    key(page, "0")  # a minus, then a zero: no "-0"
    expect(field).not_to_have_value("-0")
    expect(shown).not_to_have_text("-0")
    key(page, "5")
    expect(field).to_have_value("-5")  # the minus waits for the first digit that is not 0
    for _ in range(3):
        key(page, "delete the last digit")
    key(page, "0")
    key(page, "minus")  # a zero has no sign
    expect(field).to_have_value("0")
    expect(shown).to_have_text("0")


# --- 3. The Points keypad on a 320×568 screen ------------------------------------------------------------------


@pytest.mark.parametrize(
    "width, height", bounded([(320, 568), (568, 320), (390, 844)], keep={(320, 568), (568, 320)}, several=True)
)
def test_the_active_points_field_and_save_are_in_sight_from_the_start(page: Page, shot, width, height):
    page.set_viewport_size({"width": width, "height": height})
    players = ["Ana", "Ben", "Cy", "Dee", "Eve"]
    points_round(page, players)
    page.wait_for_timeout(300)  # the first row brought into view
    shot(page, f"points-on-load-{width}x{height}", full_page=False)
    save = page.get_by_role("button", name="Save round")
    assert in_sight(row(page, "Ana").locator(".points-input")), "the first player's field is behind the keypad"
    assert in_sight(save), "Save is off screen (or behind the keypad) on load"
    for name in players:
        if name != players[0]:
            key(page, "Next player")
            page.wait_for_timeout(150)
        assert in_sight(row(page, name).locator(".points-input")), name
        assert in_sight(save), name
        key(page, "5")
    shot(page, f"points-last-{width}x{height}", full_page=False)
    expect(row(page, "Eve").locator(".points-input")).to_have_value("5")
    save.click()
    expect(page.get_by_text("Round 1 saved.")).to_be_visible()


# --- 1. After a refused save the valid rows keep their points -------------------------------------------------


def ben_two_low_cy_three(page: Page) -> None:
    """Ana went out, Ben holds two low cards (the counts), Cy's total is typed as 3 (not a possible hand)."""
    went_out(page, "Ana")
    open_row(page, "Ben")
    ben = row(page, "Ben").locator(".count-input").first
    ben.fill("2")
    field = points(page, "Cy")
    field.fill("3")


@pytest.mark.parametrize("width", bounded([390, 320], keep={320}))
def test_a_refused_save_keeps_the_points_of_the_valid_rows(page: Page, shot, width):
    page.set_viewport_size({"width": width, "height": 844 if width == 390 else 568})
    phase10_round(page, ["Ana", "Ben", "Cy", "Dee"])
    page.get_by_role("link", name="Record round 1").click()
    ben_two_low_cy_three(page)
    page.get_by_role("button", name="Save round").click()
    expect(row(page, "Cy").locator("[data-error]")).to_be_visible()  # refused, at Cy's row
    page.wait_for_timeout(800)  # the live preview after the page loads
    for name, value in (("Ana", "0"), ("Ben", "10"), ("Cy", "–"), ("Dee", "50")):
        expect(penalty(page, name)).to_have_text(value)
    shot(page, f"refused-keeps-points-{width}")


def test_a_refused_correction_keeps_the_points_of_the_valid_rows(page: Page, shot):
    page.set_viewport_size({"width": 390, "height": 844})
    players = ["Ana", "Ben", "Cy", "Dee"]
    sheet = phase10_round(page, players, [phase10_hand(players, "Ana")])
    page.goto(sheet + "/rounds/1/edit")
    expect(page.get_by_role("heading", name="Correct round 1")).to_be_visible()
    open_row(page, "Ben")
    for field in row(page, "Ben").locator(".count-input").all():
        field.fill("")
    row(page, "Ben").locator(".count-input").first.fill("2")
    points(page, "Cy").fill("3")
    page.get_by_role("button", name="Save round").click()
    expect(row(page, "Cy").locator("[data-error]")).to_be_visible()
    page.wait_for_timeout(800)
    for name, value in (("Ana", "0"), ("Ben", "10"), ("Cy", "–")):
        expect(penalty(page, name)).to_have_text(value)
    shot(page, "refused-correction-keeps-points")


# --- 2. "1–9 fills itself in" on the correction page ---------------------------------------------------------


@pytest.mark.parametrize("width", bounded([390, 320], keep={320}))
def test_correcting_a_default_hand_lets_one_to_nine_fill_itself_in(page: Page, shot, width):
    page.set_viewport_size({"width": width, "height": 844 if width == 390 else 568})
    players = ["Ana", "Ben", "Cy", "Dee"]
    sheet = phase10_round(page, players, [phase10_hand(players, "Ana")])
    page.goto(sheet + "/rounds/1/edit")
    expect(page.get_by_role("heading", name="Correct round 1")).to_be_visible()
    open_row(page, "Dee")
    low = row(page, "Dee").locator(".count-input").first
    expect(low).to_have_value("")  # filled in by itself when stored: it fills itself in again
    quick_count(page, "Dee", "Skip", 1)
    expect(penalty(page, "Dee")).to_have_text("60")  # nine low cards (45) and a Skip (15)
    expect(page.locator(".round-problem")).to_be_hidden()
    shot(page, f"correct-default-hand-{width}", full_page=False)
    page.get_by_role("button", name="Save round").click()
    expect(page.get_by_text("Round 1 corrected.")).to_be_visible()
    expect(page.locator("table.standings")).to_contain_text("60")


# --- 4. The 1–9 placeholder fits, in every language ----------------------------------------------------------

FITS = """(el) => {
  const style = getComputedStyle(el), ph = getComputedStyle(el, '::placeholder');
  const pen = document.createElement('canvas').getContext('2d');
  pen.font = `${ph.fontWeight} ${ph.fontSize} ${ph.fontFamily}`;
  const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  return {text: el.placeholder, width: pen.measureText(el.placeholder).width, room};
}"""


@pytest.mark.parametrize("width", bounded([320, 390], keep={320}))
@pytest.mark.parametrize("language", bounded(LANGUAGES, keep={"de", "he", "hi"}))
def test_the_one_to_nine_placeholder_fits_in_every_language(page: Page, context, base_url, shot, language, width):
    page.set_viewport_size({"width": width, "height": 700})
    players = ["Ana", "Ben", "Cy", "Dee"]
    game = page.request.post("/api/games", data={"game": "phase10", "players": players}).json()
    context.add_cookies([{"name": "lang", "value": language, "url": base_url}])
    page.goto(f"/sheets/{game['id']}#key={game['edit_key']}")
    page.locator(f'a[href$="/sheets/{game["id"]}/rounds/new"]').first.click()
    page.wait_for_load_state("domcontentloaded")
    went_out(page, "Ana")
    open_row(page, "Ben")
    low = row(page, "Ben").locator(".count-input").first
    fit = low.evaluate(FITS)
    assert fit["text"] == "10", fit  # only the number: the word is on the label
    assert fit["width"] <= fit["room"], fit
    assert row(page, "Ben").locator(".count-auto").first.is_visible()
    row(page, "Ben").locator(".count-input").nth(1).fill("3")  # three high cards: 1–9 will fill 7
    expect(low).to_have_attribute("placeholder", "7")
    shot(page, f"one-to-nine-{language}-{width}", full_page=False)


# --- 5. Number ranges read left to right in Hebrew ----------------------------------------------------------

REVERSED_RANGES = r"""(root) => {
  // Every "a–b" (or "a-b") of numbers in the page's text: where its first and its last digit are drawn.
  const found = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement.getClientRects().length) continue;
    for (const m of node.data.matchAll(/(\d+)\s*[–-]\s*(\d+)/g)) {
      const at = (i) => { const r = document.createRange(); r.setStart(node, i); r.setEnd(node, i + 1); return r.getBoundingClientRect().left; };
      const first = at(m.index), last = at(m.index + m[0].length - 1);
      if (first > last) found.push(m[0] + " in " + node.data.trim().slice(0, 40));
    }
  }
  return found;
}"""


def test_number_ranges_read_left_to_right_in_hebrew(page: Page, context, base_url, shot):
    page.set_viewport_size({"width": 390, "height": 844})
    players = ["Ana", "Ben", "Cy", "Dee"]
    game = page.request.post("/api/games", data={"game": "phase10", "players": players}).json()
    context.add_cookies([{"name": "lang", "value": "he", "url": base_url}])
    page.goto(f"/sheets/{game['id']}#key={game['edit_key']}")
    page.locator(f'a[href$="/sheets/{game["id"]}/rounds/new"]').first.click()
    page.wait_for_load_state("domcontentloaded")
    open_row(page, "Ben")
    expect(row(page, "Ben").locator(".count label").first).to_contain_text("1–9")
    shot(page, "ranges-he-round", full_page=False)
    assert page.locator("main").evaluate(REVERSED_RANGES) == []
    for kind in ("phase10", "uno", "uno_flip", "uno_no_mercy"):
        page.goto(f"/rules/{kind}")
        shot(page, f"ranges-he-rules-{kind}")
        assert page.locator("main").evaluate(REVERSED_RANGES) == [], kind
    page.goto("/check/")
    assert page.locator("main").evaluate(REVERSED_RANGES) == [], "the phase check"
