"""Every language in the browser: no page wider than the screen, right-to-left Hebrew and Devanagari Hindi
through the whole score-sheet flow, the phase check and a digital game, with the accessibility checks in Hebrew.

``make test`` runs Hebrew and Hindi at 390×844; ``make test-matrix`` (DECKSIDE_MATRIX=1) runs every
language × every page × 320×568, 390×844 and 844×390 (landscape).
"""

from __future__ import annotations

import os
import re

import pytest
from e2e_helpers import assert_accessible
from flask_babel import gettext, ngettext
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from sheet_pages import points as entry_points

from app.config import Defaults
from tests.tiers import bounded

MATRIX = os.environ.get("DECKSIDE_MATRIX") == "1"
LANGUAGES = Defaults.LANGUAGES if MATRIX else ("he", "hi")  # every language is listed once, in app/config.py
SIZES = {"320x568": (320, 568), "390x844": (390, 844), "844x390": (844, 390)} if MATRIX else {"390x844": (390, 844)}
DIRECTION = {"he": "rtl"}
FIXED_PAGES = ("/", "/sheets/", "/sheets/new", "/check/", "/play/", "/rules/phase10", "/rules/uno", "/rules/points")


@pytest.fixture
def t(live_app):
    """``t(lang, msgid, **values)``: the app's own translation, so the test finds what a reader sees."""

    def translate(language: str, message: str, plural: str | None = None, count: int | None = None, **values) -> str:
        with live_app.test_request_context(headers={"Accept-Language": language}):
            if plural is not None:
                return ngettext(message, plural, count, **values)
            return gettext(message, **values)

    return translate


def open_in(browser, browser_context_args, base_url, language: str, size=(390, 844)):
    """A phone whose language was chosen with the picker's cookie."""
    args = {**browser_context_args, "viewport": {"width": size[0], "height": size[1]}}
    context = browser.new_context(**args)
    context.add_cookies([{"name": "lang", "value": language, "url": base_url}])
    return context


def assert_fits(page: Page, label: str) -> None:
    """The page is in its language and direction and does not scroll sideways."""
    width = page.evaluate("window.innerWidth")
    scroll = page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= width, f"{label}: {scroll} px wide on a {width} px screen"


CLIPPABLE = "button, .button, input[type=submit], .topbar nav a, .toggle, .tabs a"


def assert_nothing_clipped(page: Page, label: str) -> None:
    """No button, navigation link or toggle is too narrow for its words (they would be cut off or run into the
    next one): each one's content fits its box."""
    clipped = page.evaluate(
        """(selector) => Array.from(document.querySelectorAll(selector))
            .filter((el) => el.getClientRects().length && el.scrollWidth > el.clientWidth + 1)
            .map((el) => `${el.tagName.toLowerCase()} "${(el.value || el.textContent).trim().slice(0, 40)}"`
                + ` ${el.scrollWidth}>${el.clientWidth}`)""",
        CLIPPABLE,
    )
    assert not clipped, f"{label}: words cut off in {clipped}"


def assert_language(page: Page, language: str) -> None:
    assert page.evaluate("document.documentElement.lang") == language
    assert page.evaluate("document.documentElement.dir") == DIRECTION.get(language, "ltr")


def sheet_pages(page: Page) -> list[str]:
    """A finished-looking sheet (rounds and chart), its round form and its rules; a digital game."""
    created = page.request.post("/api/games", data={"game": "phase10", "players": ["Ana", "בן", "अमित"]}).json()
    game_id, key = created["id"], created["edit_key"]
    for number, out in ((1, "Ana"), (2, "בן")):
        results = [{"player": out, "completed": True}] + [
            {"player": p, "completed": False, "counts": {"low": 10}} for p in ("Ana", "בן", "अमित") if p != out
        ]
        answer = page.request.post(
            f"/api/games/{game_id}/rounds",
            data={"round": number, "went_out": out, "results": results},
            headers={"Authorization": f"Bearer {key}"},
        )
        assert answer.ok, answer.text()
    page.goto(f"/sheets/{game_id}?key={key}")
    play = page.request.post(
        "/api/play", data={"game": "uno", "seats": [{"name": "Ana"}, {"name": "Bot", "bot": "smart"}], "seed": 4}
    ).json()
    return [f"/sheets/{game_id}", f"/sheets/{game_id}/rounds/new", f"/sheets/{game_id}/rules", f"/play/{play['id']}"]


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("language", bounded(LANGUAGES, keep={"he"}))
def test_no_page_is_wider_than_the_screen(browser, browser_context_args, base_url, shot, language, size):
    context = open_in(browser, browser_context_args, base_url, language, SIZES[size])
    page = context.new_page()
    try:
        for path in FIXED_PAGES + tuple(sheet_pages(page)):
            page.goto(path)
            page.wait_for_load_state("load")  # not networkidle: the game page keeps a long poll open
            assert_language(page, language)
            assert_fits(page, f"{language} {size} {path}")
            assert_nothing_clipped(page, f"{language} {size} {path}")
            if language in ("he", "hi") and size == "390x844":
                shot(page, f"{language}-{path.strip('/').replace('/', '-')[:40] or 'home'}")
            if language == "he" and size == "390x844":
                assert_accessible(page, f"he {path}")
    finally:
        context.close()


def row(page: Page, name: str):
    return page.locator(f'fieldset.player-row[data-player="{name}"]')


def totals(page: Page) -> dict[str, int]:
    page.locator("table.standings").wait_for()
    return {
        tr.locator("th bdi").inner_text().strip(): int(re.sub(r"\D", "", tr.locator("td.total").inner_text()))
        for tr in page.locator("table.standings tbody tr").all()
    }


def save_round(page: Page, t, language: str, outcome: str) -> None:
    page.get_by_role("button", name=t(language, "Save round")).click()
    expect(page.get_by_text(outcome)).to_be_visible()


@pytest.mark.parametrize("language", bounded(["he", "hi"], keep={"he"}))
def test_score_sheet_flow_in_the_language(browser, browser_context_args, base_url, shot, t, language):
    """Create, record, correct and break the tie entirely in Hebrew (right to left) or Hindi."""
    context = open_in(browser, browser_context_args, base_url, language)
    page = context.new_page()
    try:
        page.goto("/sheets/new")
        assert_language(page, language)
        page.locator("input[name=game][value=phase10]").check()
        for i, name in enumerate(("Ana", "בן", "Cy")):
            page.locator(f"input[name=players-{i}]").fill(name)
        page.locator("select[name=phase_list]").select_option("custom")
        page.locator("[name=custom_phases]").fill("1 2")
        assert_fits(page, "new sheet")
        shot(page, f"{language}-new")
        page.get_by_role("button", name=t(language, "Start the score sheet")).click()
        expect(page.get_by_role("heading", name=t(language, "Standings"))).to_be_visible()

        page.get_by_role("link", name=t(language, "Record round %(number)s", number=1)).click()
        row(page, "Ana").locator(".went-out").check()
        row(page, "בן").locator(".completed").check()
        entry_points(page, "בן").fill("10")
        entry_points(page, "Cy").fill("70")
        assert_fits(page, "round form")
        if language == "he":
            assert_accessible(page, "he round form")
        shot(page, f"{language}-round-1")
        save_round(page, t, language, t(language, "Round %(number)s saved.", number=1))
        assert totals(page) == {"Ana": 0, "בן": 10, "Cy": 70}

        page.get_by_role("link", name=t(language, "Record round %(number)s", number=2)).click()
        row(page, "בן").locator(".went-out").check()
        row(page, "Ana").locator(".completed").check()
        entry_points(page, "Ana").fill("30")
        entry_points(page, "Cy").fill("55")
        save_round(page, t, language, t(language, "%(name)s wins!", name="בן"))

        page.get_by_role("link", name=t(language, "Edit round %(number)s", number=2)).click()
        expect(page.get_by_role("heading", name=t(language, "Correct round %(number)s", number=2))).to_be_visible()
        entry_points(page, "Ana").fill("10")
        save_round(page, t, language, t(language, "Round %(number)s corrected.", number=2))
        assert totals(page) == {"Ana": 10, "בן": 10, "Cy": 125}

        tie = page.locator("#tiebreaker")
        expect(tie.get_by_role("heading", name=t(language, "Tie-breaker round"))).to_be_visible()
        assert_fits(page, "tie-breaker")
        if language == "he":
            assert_accessible(page, "he tie-breaker")
        shot(page, f"{language}-tie-breaker")
        tie.get_by_role("button", name="Ana").click()
        expect(page.get_by_role("heading", name=t(language, "%(name)s wins!", name="Ana"))).to_be_visible()
        expect(page.locator("svg.chart polyline")).to_have_count(3)
        assert_fits(page, "finished sheet")
        if language == "he":
            assert_accessible(page, "he finished sheet")
        shot(page, f"{language}-winner")
    finally:
        context.close()


@pytest.mark.parametrize("language", ["he", "hi"])
def test_phase_check_in_the_language(browser, browser_context_args, base_url, shot, t, language):
    context = open_in(browser, browser_context_args, base_url, language)
    page = context.new_page()
    try:
        page.goto("/check/")
        cards = page.locator("input[name=cards]")
        assert cards.get_attribute("dir") == "ltr"
        cards.fill("7 7 W | 3 4 5 6")
        page.locator("select[name=phase]").select_option("2")
        page.get_by_role("button", name=t(language, "Check"), exact=True).click()
        verdict = page.locator(".verdict")
        expect(verdict).to_contain_text(t(language, "Yes"))
        # The cards read left to right, as they lie on the table, also on a right-to-left page.
        faces = [f.strip() for f in verdict.locator(".cards").first.locator(".card-face").all_inner_texts()]
        assert faces == ["7", "7", "W"]
        first, last = (
            verdict.locator(".cards").first.locator(".card").first,
            verdict.locator(".cards").first.locator(".card").last,
        )
        assert first.bounding_box()["x"] < last.bounding_box()["x"]
        assert_fits(page, "phase check")
        if language == "he":
            assert_accessible(page, "he phase check")
        shot(page, f"{language}-phase-check")
    finally:
        context.close()


@pytest.mark.parametrize("language", bounded(["he", "hi"], keep={"hi"}))
def test_digital_uno_until_a_round_ends_in_the_language(browser, browser_context_args, base_url, shot, t, language):
    context = open_in(browser, browser_context_args, base_url, language)
    page = context.new_page()
    page.set_default_timeout(5000)
    try:
        page.goto("/play/")
        form = page.locator("#play-start")
        form.locator("input[name=game][value=uno], input[value=uno]").first.check()
        seats = form.locator(".seat-rows .seat-row")
        seats.nth(0).locator("[data-name]").fill("Ana")
        seats.nth(0).locator("[data-kind]").select_option("person")
        for i in range(1, seats.count()):
            seats.nth(i).locator("[data-kind]").select_option("smart")
        form.get_by_role("button", name=t(language, "Start the game")).click()
        page.wait_for_url("**/play/*")
        me = page.locator("[data-me]")
        expect(me.locator("button").first).to_be_visible()
        assert_language(page, language)
        assert_fits(page, "digital game")
        shot(page, f"{language}-uno", full_page=False)
        names = [t(language, n) for n in ("Play it", "Accept the cards", "Draw a card", "Keep it")]
        over = (t(language, "Round over"), t(language, "Hand finished"), t(language, "The game is over."))
        for _ in range(300):
            overlay = page.locator("[data-overlay]:not([hidden])")
            text = page.locator("body").inner_text()
            if any(o in text for o in over) or t(language, "Round %(number)s", number=2) in text:
                break
            try:
                if overlay.count():
                    overlay.locator(".handover-go, .choice:not(.choice-cancel), button.primary, button").first.click()
                elif me.locator(".card-btn.playable").count():
                    me.locator(".card-btn.playable").first.click()
                else:
                    for name in names:
                        button = me.get_by_role("button", name=name)
                        if button.count():
                            button.first.click()
                            break
                    else:  # another move the hand offers (e.g. "Take 2 cards" under a Draw Two): take it
                        other = me.locator("button:not([disabled])")
                        if other.count():
                            other.first.click()
            except PlaywrightTimeoutError:
                pass  # the table was redrawn under the click: look again
            page.wait_for_timeout(60)
        else:
            pytest.fail("no UNO round ended after 300 moves")
        assert_fits(page, "round over")
        shot(page, f"{language}-uno-round-over", full_page=False)
    finally:
        context.close()


COUNTED_CARDS = {  # how each language says "n cards" on the play page
    "en": lambda n: "1 card" if n == 1 else f"{n} cards",
    "ro": lambda n: "1 carte" if n == 1 else f"{n} cărți" if 0 < n % 100 < 20 or n == 0 else f"{n} de cărți",
    "he": lambda n: "קלף אחד" if n == 1 else f"{n} קלפים",
    "cy": lambda n: {1: "1 cerdyn", 2: "2 gerdyn", 3: "3 cherdyn", 6: "6 cherdyn"}.get(n, f"{n} cerdyn"),
}


@pytest.mark.parametrize("language", list(COUNTED_CARDS))
def test_counts_in_the_digital_game_follow_the_languages_plural_rules(
    browser, browser_context_args, base_url, live_app, language
):
    """The page script picks a count's form by the language's CLDR plural category (Intl.PluralRules), not 1/other:
    Romanian says "93 de cărți" for the draw pile and "7 cărți" for a hand."""
    started = live_app.test_client().post(
        "/api/play", json={"game": "uno", "seats": [{"name": "Ana"}, {"name": "Bot", "bot": "smart"}], "seed": 4}
    )
    assert started.status_code == 201, started.get_data(as_text=True)
    game = started.get_json()
    context = open_in(browser, browser_context_args, base_url, language)
    try:
        page = context.new_page()
        page.goto(f"/play/{game['id']}")  # watching: piles and seats, no hand
        page.locator(".seat-line").first.wait_for()
        pile = page.locator(".pile-label").first.inner_text().splitlines()[-1].strip()
        counted = [pile] + [line.split(" · ")[0].strip() for line in page.locator(".seat-line").all_inner_texts()]
        numbers = [int(re.search(r"\d+", text).group()) if re.search(r"\d", text) else 1 for text in counted]
        assert numbers[0] >= 20  # the draw pile: Romanian's "de" form
        assert any(2 <= n <= 19 for n in numbers[1:])  # a hand: Romanian's form without "de"
        assert counted == [COUNTED_CARDS[language](n) for n in numbers]
    finally:
        context.close()


def test_a_count_of_one_reads_as_the_language_says_one(app):
    from app.i18n import plural_forms

    with app.test_request_context(headers={"Accept-Language": "he"}):
        forms = plural_forms("1 card", "{n} cards")
        assert forms["one"] == "קלף אחד" and forms["other"] == "{n} קלפים"
    with app.test_request_context(headers={"Accept-Language": "ro"}):
        assert plural_forms("1 card", "{n} cards") == {"one": "1 carte", "few": "{n} cărți", "other": "{n} de cărți"}
    with app.test_request_context(headers={"Accept-Language": "cy"}):
        forms = plural_forms("1 card", "{n} cards")
        assert (forms["two"], forms["few"], forms["many"]) == ("2 gerdyn", "3 cherdyn", "6 cherdyn")


def test_card_names_on_the_play_page_follow_the_catalogues_word_order(
    browser, browser_context_args, base_url, live_app
):
    """Hebrew says a card rank first ("5 ירוק"), as the server's log does; the page built "ירוק 5" from pieces."""
    started = live_app.test_client().post(
        "/api/play", json={"game": "uno", "seats": [{"name": "Ana"}, {"name": "Bot", "bot": "smart"}], "seed": 4}
    )
    game = started.get_json()
    context = open_in(browser, browser_context_args, base_url, "he")
    try:
        page = context.new_page()
        page.goto(f"/play/{game['id']}#key={game['edit_key']}")
        page.locator("[data-me] .card").first.wait_for()
        labels = page.locator("[data-me] .card[role=img]").evaluate_all("cards => cards.map(c => c.ariaLabel)")
        colours = "אדום|צהוב|ירוק|כחול"
        assert any(re.fullmatch(rf"\d+ ({colours})", label) for label in labels), labels
        assert not any(re.fullmatch(rf"({colours}) \d+", label) for label in labels), labels
    finally:
        context.close()
