"""Phase 10's count fields show their whole placeholder ("auto", translated) and value ("10") on a 320 px phone, in
every language: the text's width (measured with the field's own font) fits inside the field."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from sheet_pages import make_sheet, open_row, take_edit_key

from tests.tiers import bounded

LANGUAGES = ("en", "de", "he", "hi", "cy", "ro")

FITS = """(input) => {
    const own = getComputedStyle(input);
    const shown = input.value ? own : getComputedStyle(input, '::placeholder');
    const context = document.createElement('canvas').getContext('2d');
    context.font = `${shown.fontStyle} ${shown.fontWeight} ${shown.fontSize} ${shown.fontFamily}`;
    const text = input.value || input.placeholder;
    const room = input.clientWidth - parseFloat(own.paddingLeft) - parseFloat(own.paddingRight);
    return {text, width: context.measureText(text).width, room, scroll: input.scrollWidth, client: input.clientWidth};
}"""


@pytest.fixture(scope="module")
def game(live_app) -> dict:
    return make_sheet(live_app.test_client(), {"game": "phase10", "players": ["Ana", "Ben", "Cy", "Dee"]}, [])


@pytest.mark.parametrize("width", bounded([320, 390], keep={320}))
@pytest.mark.parametrize("language", bounded(LANGUAGES, keep={"de", "he"}))
def test_count_fields_show_their_whole_text(browser, browser_context_args, base_url, game, shot, language, width):
    context = browser.new_context(**{**browser_context_args, "viewport": {"width": width, "height": 700}})
    context.add_cookies([{"name": "lang", "value": language, "url": base_url}])
    try:
        page = context.new_page()
        take_edit_key(page, game)
        page.goto(f"/sheets/{game['id']}/rounds/new")
        open_row(page, "Ana")
        fields = page.locator('fieldset.player-row[data-player="Ana"] .count-input')
        expect(fields).to_have_count(4)
        clipped = []
        for index in range(4):
            field = fields.nth(index)
            for value in ("", "10"):
                field.fill(value)
                seen = field.evaluate(FITS)
                if seen["width"] > seen["room"] + 0.5 or seen["scroll"] > seen["client"]:
                    clipped.append(seen)
            field.fill("")
        if language in ("he", "hi", "ro"):
            shot(page, f"{language}-{width}", full_page=False)
        assert clipped == [], f"{language} at {width} px: {clipped}"
    finally:
        context.close()
