"""Crews in the browser: the crew page and a person's page at 320 and 390 px in English and Hebrew (a crew of
7 people and 30 games), numbers in German format, and the crew made, shared and used from the pages."""

from __future__ import annotations

import re

import pytest
from crew_pages import PEOPLE, seed_crew
from e2e_helpers import assert_accessible
from playwright.sync_api import Page, expect

from tests.tiers import bounded

WIDTHS = (320, 390)

TEXT_BOXES = """(selector) => Array.from(document.querySelectorAll(selector)).map(t => {
    const r = t.getBoundingClientRect();
    return {text: t.textContent, l: r.left, t: r.top, r: r.right, b: r.bottom};
})"""


@pytest.fixture(scope="module")
def crew(live_app):
    return seed_crew(live_app.test_client())


def in_language(browser, browser_context_args, base_url, language, width):
    args = {**browser_context_args, "viewport": {"width": width, "height": 844}}
    context = browser.new_context(**args)
    context.add_cookies([{"name": "lang", "value": language, "url": base_url}])
    return context


def fits(page: Page) -> None:
    width = page.evaluate("window.innerWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width, "the page scrolls sideways"
    # Nothing but the head-to-head table and the charts' own boxes is wider than its panel.
    wide = page.evaluate(
        """() => Array.from(document.querySelectorAll('.panel')).filter(p => p.scrollWidth > p.clientWidth + 1)
            .map(p => p.querySelector('h2') ? p.querySelector('h2').textContent : p.className)"""
    )
    assert wide == [], f"panels wider than the screen: {wide}"


def no_overlap(page: Page, selector: str) -> None:
    boxes = page.evaluate(TEXT_BOXES, selector)
    for i, one in enumerate(boxes):
        for other in boxes[i + 1 :]:
            apart = (
                one["r"] <= other["l"] + 0.5
                or other["r"] <= one["l"] + 0.5
                or one["b"] <= other["t"] + 0.5
                or other["b"] <= one["t"] + 0.5
            )
            assert apart, f"{one['text']!r} and {other['text']!r} are drawn over each other"


@pytest.mark.parametrize("width", bounded(WIDTHS, keep={320}))
@pytest.mark.parametrize("language", bounded(["en", "he"], keep={"he"}))
def test_the_crew_page_reads_well(browser, browser_context_args, base_url, crew, shot, language, width):
    crew_id, _key = crew
    context = in_language(browser, browser_context_args, base_url, language, width)
    page = context.new_page()
    page.goto(f"/crews/{crew_id}")
    assert page.evaluate("document.documentElement.dir") == ("rtl" if language == "he" else "ltr")
    people = page.locator("table.crew-people tbody tr")
    expect(people).to_have_count(7)
    for name in PEOPLE:
        expect(page.locator("table.crew-people").get_by_role("link", name=name, exact=True)).to_be_visible()
    # Every person's figures are on screen, each with its label, none cut off.
    first = people.first
    for cell in first.locator("td").all():
        assert cell.is_visible() and cell.bounding_box()["x"] >= 0
        assert cell.bounding_box()["x"] + cell.bounding_box()["width"] <= width
    versus = page.locator("table.versus tbody tr")
    expect(versus).to_have_count(7)
    expect(versus.first.locator("td")).to_have_count(7)
    expect(page.locator("svg.chart")).to_have_count(4)  # phases, hands gone out, wins over time, win rate by kind
    no_overlap(page, "#rate-heading ~ svg text")
    fits(page)
    assert_accessible(page, f"crew page {language} {width}")
    shot(page, f"crew-{language}-{width}")
    context.close()


@pytest.mark.parametrize("width", bounded(WIDTHS, keep={320}))
@pytest.mark.parametrize("language", bounded(["en", "he"], keep={"he"}))
def test_a_persons_page_reads_well(browser, browser_context_args, base_url, crew, shot, language, width):
    crew_id, _key = crew
    context = in_language(browser, browser_context_args, base_url, language, width)
    page = context.new_page()
    page.goto(f"/crews/{crew_id}")
    page.locator("table.crew-people").get_by_role("link", name="Maximiliane-Theresa").click()
    expect(page.locator("h1")).to_have_text("Maximiliane-Theresa")
    expect(page.locator("dl.figures > div")).to_have_count(6)
    expect(page.locator("ul.facts").first.locator("li")).to_have_count(3)  # two runs and the best and least kind
    expect(page.locator("ol.game-list > li").first).to_be_visible()
    rivals = page.locator("#rivals-heading ~ .table-scroll tbody tr")
    assert rivals.count() >= 3
    fits(page)
    assert_accessible(page, f"person page {language} {width}")
    shot(page, f"person-{language}-{width}")
    context.close()


def test_numbers_are_in_german_format_in_german(browser, browser_context_args, base_url, crew, live_app):
    crew_id, _key = crew
    stats = live_app.test_client().get(f"/api/crews/{crew_id}").get_json()
    ben = next(p for p in stats["people"] if p["name"] == "Ben")
    context = in_language(browser, browser_context_args, base_url, "de", 390)
    page = context.new_page()
    page.goto(f"/crews/{crew_id}")
    row = page.locator("table.crew-people tbody tr").filter(has=page.get_by_role("link", name="Ben", exact=True))
    rate = f"{round(ben['win_rate'] * 100)}\u00a0%"
    expect(row.locator("td").nth(2)).to_contain_text(rate)
    points = ben["kinds"]["uno"]["points_per_round"]
    uno = page.locator("table.crew-kind").nth(1)  # Phase 10, UNO, points: the registry's order
    expect(uno.locator("tbody tr").filter(has_text="Ben").locator("td").nth(3)).to_have_text(
        f"{points:.1f}".replace(".", ",").removesuffix(",0")
    )
    assert re.search(r"zuletzt gespielt am \d{2}\.\d{2}\.\d{4}", row.inner_text())
    context.close()


def test_a_crew_made_on_the_sheets_page_is_shared_and_used_from_another_phone(page: Page, phone, shot):
    page.goto("/sheets/")
    page.get_by_label("New crew's name").fill("Friday cards")
    page.get_by_label("People (optional), one a line").fill("Ana\nBen\nCy")
    page.get_by_role("button", name="Make a crew").click()
    expect(page.locator("h1")).to_contain_text("Friday cards")
    expect(page).not_to_have_url(re.compile("#key="))  # the page script takes the key out of the address
    page.get_by_role("link", name="Let another phone add games").click()
    link = page.locator("#crew-link").input_value()
    assert "#key=" in link

    other = phone().new_page()
    other.goto(link.split("#")[0])
    expect(other.locator("#tonight")).to_have_count(0)  # a view link shows, never changes
    other.goto(link)
    expect(other.locator("#tonight")).to_be_visible()  # the crew link lets this phone add games
    other.select_option("#seat-1", "Cy")
    other.select_option("#seat-2", "Ana")
    other.select_option("#seat-3", "")
    other.get_by_role("button", name="New score sheet for these players").click()
    expect(other.locator("input[name='players-0']")).to_have_value("Cy")
    expect(other.locator("input[name='players-1']")).to_have_value("Ana")
    other.get_by_label("UNO", exact=True).check()
    other.locator("form.new-game button[type=submit], form.new-game input[type=submit]").click()
    expect(other.locator("h1")).to_contain_text("UNO")
    expect(other.get_by_role("link", name="The crew Friday cards")).to_be_visible()
    page.goto(page.url.split("/share")[0])
    expect(page.locator("ol.crew-games > li")).to_have_count(1)
    shot(page, "crew-with-one-game")


def test_keep_these_players_together_makes_a_crew_of_a_finished_game(page: Page, live_app):
    client = live_app.test_client()
    made = client.post("/api/games", json={"game": "points", "players": ["Ana", "Ben"], "rules": {"rounds": 1}})
    game = made.get_json()
    client.post(
        f"/api/games/{game['id']}/rounds",
        json={"round": 1, "results": [{"player": "Ana", "points": 3}, {"player": "Ben", "points": 9}]},
        headers={"Authorization": f"Bearer {game['edit_key']}"},
    )
    page.goto(f"/sheets/{game['id']}#key={game['edit_key']}")
    page.get_by_text("Keep these players together").click()
    page.get_by_label("The crew's name").fill("Tuesday")
    page.get_by_role("button", name="Make the crew").click()
    expect(page.locator("h1")).to_contain_text("Tuesday")
    expect(page.locator("ol.crew-games > li")).to_have_count(1)
    row = page.locator("table.crew-people tbody tr").filter(has=page.get_by_role("link", name="Ben", exact=True))
    expect(row.locator("td").nth(1)).to_contain_text("1")  # Ben won (highest wins)
    # The person's page renames, and the old name stays.
    page.get_by_role("link", name="Ben", exact=True).click()
    page.get_by_label("Rename Ben").fill("Benjamin")
    page.get_by_role("button", name="Rename").click()
    expect(page.locator("h1")).to_have_text("Benjamin")
    expect(page.get_by_text("Also called Ben.")).to_be_visible()


def test_a_game_is_added_to_a_crew_from_its_sheet_on_a_small_dark_hebrew_phone(
    browser, browser_context_args, base_url, live_app, shot
):
    """ "Add this game to a crew" as a person does it: a Hebrew phone at 320 px in dark mode pastes the view link
    first (refused, saying why), then the crew link; the sheet then links to the crew, whose page lists it."""
    client = live_app.test_client()
    made = client.post("/api/crews", json={"name": "שישי קלפים", "people": ["Ana", "Ben"]}).get_json()
    crew_id, crew_key = made["id"], made["crew_key"]
    context = in_language(browser, browser_context_args, base_url, "he", 320)
    page = context.new_page()
    page.emulate_media(color_scheme="dark")
    page.goto("/sheets/new")
    page.locator('input[name="game"][value="uno"]').check()
    page.locator('input[name="players-0"]').fill("Ana")
    page.locator('input[name="players-1"]').fill("Ben")
    page.locator("form.new-game input[type=submit]").click()
    expect(page.locator(".sheet")).to_be_visible()
    assert page.evaluate("document.documentElement.dir") == "rtl"
    sheet = page.url.split("#")[0]
    join = page.locator("details#join-crew")
    join.locator("summary").click()
    page.locator("#crew-link").fill(f"{base_url}/crews/{crew_id}")  # the view link: no key in it
    join.locator("button[type=submit]").click()
    expect(page.locator(".flash-error")).to_contain_text("אין מפתח חבורה")  # "this link has no crew key", in Hebrew
    expect(page.locator(f'a[href="/crews/{crew_id}"]')).to_have_count(0)
    expect(page.locator("#crew-link")).to_be_visible()  # the section with the field to mend is open again
    page.locator("#crew-link").fill(f"{base_url}/crews/{crew_id}#key={crew_key}")
    shot(page, "crew-link-pasted")
    page.locator("details#join-crew button[type=submit]").click()
    expect(page.locator(".flash-ok")).to_contain_text("שישי קלפים")
    expect(page.locator(f'.link-row a[href="/crews/{crew_id}"]')).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 320, "the sheet scrolls sideways"
    # The page is dark because the phone asks for it (no script of the test forces it).
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    red, green, blue = (int(v) for v in background[background.index("(") + 1 : background.index(")")].split(",")[:3])
    assert red + green + blue < 3 * 80, f"the page is not dark: {background}"
    shot(page, "sheet-in-crew")
    assert_accessible(page, "a Hebrew sheet added to a crew, dark, 320 px")
    page.goto(f"/crews/{crew_id}")
    expect(page.locator("ol.crew-games > li")).to_have_count(1)
    expect(page.locator(f'ol.crew-games a[href="{sheet.removeprefix(base_url)}"]')).to_have_count(1)
    context.close()
