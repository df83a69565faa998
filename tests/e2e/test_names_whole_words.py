"""Names wrap only between words (issue 22): a Hebrew name was broken mid-word in the table record at 390 px.

Each word of every name on the page is measured with a DOM Range: a word split across lines has client rects on
more than one line."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests.tiers import bounded

# Long Hebrew names (several words, one of them long), as a real table wrote them.
HEBREW = ["אלכסנדרה מרגלית רוזנבלום", "יהונתן אברמוביץ", "שושנה", "מתתיהו קרומבהולץ"]

SPLIT_WORDS = """
(selector) => {
  const split = [];
  for (const el of document.querySelectorAll(selector)) {
    const text = el.firstChild;
    if (!text || text.nodeType !== Node.TEXT_NODE) continue;
    const re = /\\S+/g;
    let m;
    while ((m = re.exec(text.data))) {
      const range = document.createRange();
      range.setStart(text, m.index);
      range.setEnd(text, m.index + m[0].length);
      const tops = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
      if (tops.size > 1) split.push(m[0]);
    }
  }
  return split;
}
"""


def table_record(page: Page, players: list[str]) -> str:
    made = page.request.post("/api/games", data={"game": "phase10", "players": players})
    assert made.status == 201, made.text()
    game = made.json()
    results = [{"player": players[0], "completed": True}]
    results += [{"player": p, "completed": False, "counts": {"low": 10}} for p in players[1:]]
    answer = page.request.post(
        f"/api/games/{game['id']}/rounds",
        data={"round": 1, "went_out": players[0], "results": results},
        headers={"Authorization": f"Bearer {game['edit_key']}"},
    )
    assert answer.status == 201, answer.text()
    return game["table"]


@pytest.mark.parametrize("width", bounded([390, 320], keep={320}))
def test_hebrew_names_wrap_only_between_words_in_the_table_record(page: Page, base_url, width, shot):
    page.context.add_cookies([{"name": "lang", "value": "he", "url": base_url}])
    page.set_viewport_size({"width": width, "height": 844})
    table = table_record(page, HEBREW)
    page.goto(f"/tables/{table}")
    assert page.evaluate("document.documentElement.dir") == "rtl"
    names = page.locator(".table-record tbody th[scope=row] bdi")
    assert names.count() == len(HEBREW)
    assert page.evaluate(SPLIT_WORDS, ".table-record tbody th[scope=row] bdi, .game-name, main bdi") == []
    if width == 390:  # whole names and the five columns still fit a 390 px phone
        sizes = page.locator(".table-record").evaluate(
            "t => [t.parentElement.scrollWidth, t.parentElement.clientWidth]"
        )
        assert sizes[0] <= sizes[1], f"the table record needs sideways scrolling at 390 px: {sizes}"
    shot(page, f"table-record-he-{width}")
