"""Details a new user noticed on the sheet and table pages, checked in the browser: an edit link opened in a tab
already showing the sheet, links that look like links, the phases grid's colours, a scrolling history that says
so, and "Play again" right under a finished game's result."""

from __future__ import annotations

import base64
from itertools import pairwise

import pytest
from e2e_helpers import assert_accessible
from playwright.sync_api import Page, expect
from width_pages import api_game, own, phase10_round

from tests.tiers import bounded

FOUR = ["Anastasia", "Benjamin", "Cyrus", "Delphine"]


def _points_game(page: Page, players: list[str], played: list[list[int]], **rules) -> tuple[str, str]:
    made = page.request.post("/api/games", data={"game": "points", "players": players, "rules": rules})
    assert made.status == 201, made.text()
    body = made.json()
    for number, points in enumerate(played, start=1):
        answer = page.request.post(
            f"/api/games/{body['id']}/rounds",
            data={"round": number, "results": [{"player": p, "points": n} for p, n in zip(players, points)]},
            headers={"Authorization": f"Bearer {body['edit_key']}"},
        )
        assert answer.status == 201, answer.text()
    return body["id"], body["edit_key"]


def test_an_edit_link_opened_where_the_sheet_is_already_shown_gives_edit_rights(page: Page):
    game_id, key = _points_game(page, ["Ana", "Ben"], [])
    page.goto(f"/sheets/{game_id}")
    expect(page.get_by_text("View only: open the edit link on this phone to record rounds.")).to_be_visible()
    page.goto(f"/sheets/{game_id}#key={key}")  # only the fragment changes: the browser loads no page
    expect(page.locator(".record-round")).to_be_visible()
    assert "key=" not in page.url
    page.reload()  # the key was kept on this phone
    expect(page.locator(".record-round")).to_be_visible()


_LINK_LOOK = """(link) => {
    const style = getComputedStyle(link);
    const around = getComputedStyle(link.closest('li, p, section'));
    return {colour: style.color, text: around.color, underline: style.textDecorationLine};
}"""

_CELLS = """() => {
    const rgb = (text) => text.match(/[\\d.]+/g).slice(0, 3).map(Number);
    const lum = (c) => {
        const [r, g, b] = c.map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
        return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const contrast = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
    const grid = document.querySelector('.phases-grid');
    const panel = rgb(getComputedStyle(grid.closest('.panel')).backgroundColor);
    const texts = [...grid.querySelectorAll('.cell-text')];
    return [...grid.querySelectorAll('rect.cell')].map((rect, i) => {
        const alpha = Number(rect.getAttribute('fill-opacity'));
        const fill = rgb(getComputedStyle(rect).fill);
        const shown = fill.map((v, k) => v * alpha + panel[k] * (1 - alpha));
        return {alpha, fromPanel: contrast(shown, panel), text: contrast(rgb(getComputedStyle(texts[i]).fill), shown)};
    });
}"""


@pytest.mark.parametrize("scheme", bounded(["light", "dark"], keep={"dark"}))
def test_links_look_like_links_and_the_phases_grid_reads_the_same_in_both_schemes(page: Page, shot, scheme: str):
    page.emulate_media(color_scheme=scheme)
    names = ["Ana", "Ben", "Cy"]
    rounds = [phase10_round(names, 0), phase10_round(names, 1), phase10_round(names, 0)]
    rounds[1]["results"][2] = {"player": "Cy", "completed": True, "points": 10}
    game_id, key = api_game(page, "phase10", names, rounds)
    own(page, game_id, key)
    page.get_by_role("link", name="This table's record").click()
    expect(page.get_by_role("heading", name="Table record")).to_be_visible()
    game_link = page.get_by_role("link", name="Game 1")
    look = game_link.evaluate(_LINK_LOOK)
    assert look["colour"] != look["text"] and "underline" in look["underline"], look
    cells = sorted(page.evaluate(_CELLS), key=lambda cell: cell["alpha"])
    assert len({cell["alpha"] for cell in cells}) >= 3, cells
    # "The stronger the colour, the more often": a higher rate stands further from the panel, in both schemes.
    for weaker, stronger in pairwise(cells):
        if stronger["alpha"] > weaker["alpha"]:
            assert stronger["fromPanel"] > weaker["fromPanel"], cells
    assert all(cell["text"] >= 4.5 for cell in cells), (scheme, cells)  # every cell's numbers stay readable
    assert_accessible(page, f"table record ({scheme})")
    shot(page, f"table-record-{scheme}")

    page.goto("/sheets/")
    title = page.locator(".game-list a strong").first
    look = title.evaluate(_LINK_LOOK)
    assert look["colour"] != look["text"] and "underline" in look["underline"], look
    assert_accessible(page, f"sheets list ({scheme})")
    shot(page, f"sheets-list-{scheme}")


_STRIP = """async ([png, panel]) => {
    const img = new Image();
    img.src = 'data:image/png;base64,' + png;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.width; canvas.height = img.height;
    const ctx = canvas.getContext('2d');
    ctx.drawImage(img, 0, 0);
    const data = ctx.getImageData(0, 0, img.width, img.height).data;
    const bg = panel.match(/\\d+/g).slice(0, 3).map(Number);
    let most = 0;
    for (let i = 0; i < data.length; i += 4)
        most = Math.max(most, Math.abs(data[i] - bg[0]) + Math.abs(data[i + 1] - bg[1]) + Math.abs(data[i + 2] - bg[2]));
    return most;
}"""


def _edge_strip(page: Page, box, end_side: str) -> int:
    """How far the strip at the history box's ``end_side`` edge strays from the panel's colour (0: untouched)."""
    x = box["x"] + box["width"] - 8 if end_side == "right" else box["x"] + 1
    clip = {"x": x, "y": box["y"] + 4, "width": 7, "height": box["height"] - 8}
    png = base64.b64encode(page.screenshot(clip=clip, animations="disabled")).decode()
    panel = page.evaluate("getComputedStyle(document.querySelector('.history').closest('.panel')).backgroundColor")
    return page.evaluate(_STRIP, [png, panel])


@pytest.mark.parametrize("language, scheme", [("en", "light"), ("he", "dark")])
def test_a_history_wider_than_the_screen_shows_that_it_scrolls(page: Page, shot, language: str, scheme: str):
    page.emulate_media(color_scheme=scheme)
    game_id, key = _points_game(page, FOUR, [[12345, -2300, 999, 45000], [1000, 5000, 70000, 3]])
    page.goto(f"/language/{language}")
    page.goto(f"/sheets/{game_id}#key={key}")
    expect(page.locator(".record-round")).to_be_visible()
    scroller = page.locator(".table-scroll:has(.history)")
    scroller.scroll_into_view_if_needed()
    shot(page, f"history-{language}-{scheme}", full_page=False)
    sizes = scroller.evaluate("(el) => ({scroll: el.scrollWidth, client: el.clientWidth})")
    assert sizes["scroll"] > sizes["client"], sizes  # four players with these totals do not fit 390 px
    # A negative number keeps its minus in front, right to left too: "-2,300", never "2,300-".
    minus_first = page.evaluate("""() => {
        const cell = [...document.querySelectorAll('.history td')].find((td) => td.textContent.includes('2,300'));
        const text = [...cell.childNodes].find((n) => n.nodeType === 3 && n.textContent.includes('2,300'));
        const at = text.textContent.indexOf('-');
        const box = (from, to) => { const r = document.createRange(); r.setStart(text, from); r.setEnd(text, to); return r.getBoundingClientRect(); };
        return box(at, at + 1).x < box(at + 1, at + 2).x;
    }""")
    assert minus_first
    # Only the box's own drawing is measured: the table's text and lines are hidden for it.
    page.add_style_tag(
        content=".history, .history * { color: transparent !important; border-color: transparent !important; }"
    )
    end_side = "left" if language == "he" else "right"
    box = scroller.bounding_box()
    assert _edge_strip(page, box, end_side) > 25  # a shadow where more of the table lies beyond the edge
    scroller.evaluate(
        "(el) => { el.scrollLeft = getComputedStyle(el).direction === 'rtl' ? -el.scrollWidth : el.scrollWidth; }"
    )
    assert _edge_strip(page, box, end_side) <= 6  # scrolled to the end: nothing more, no shadow


def test_play_again_is_in_view_with_the_result_of_a_finished_game(page: Page, shot):
    game_id, key = _points_game(page, FOUR, [[10, 20, 30, 5], [10, 20, 30, 5]], rounds=2)
    page.goto(f"/sheets/{game_id}#key={key}")
    again = page.get_by_role("link", name="Play again")
    expect(again).to_be_visible()
    expect(again).to_have_count(1)
    page.evaluate("window.scrollTo(0, 0)")
    box = again.bounding_box()
    assert box["y"] + box["height"] <= 844, box  # on the first screen, under the winner
    assert again.evaluate("(a) => !!a.closest('.outcome')")
    shot(page, "finished-play-again", full_page=False)
