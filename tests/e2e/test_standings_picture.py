"""The standings picture in a real browser (issue 22): every line of its text fits inside the 600 px picture
(the subtitle wraps), the rows are ranked, Hebrew runs right to left, and the Share button makes a PNG."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

LONG = ("Bartholomäus", "Wilhelmina", "Konstantin", "Maximiliane")


def finished(page: Page, players, points, language: str) -> str:
    created = page.request.post(
        "/api/games",
        data={"game": "points", "players": list(players), "rules": {"wins": "lowest", "target": 100}},
    ).json()
    body = {"round": 1, "results": [{"player": p, "points": n} for p, n in zip(players, points)]}
    answer = page.request.post(
        f"/api/games/{created['id']}/rounds", data=body, headers={"Authorization": f"Bearer {created['edit_key']}"}
    )
    assert answer.status == 201
    page.goto(f"/language/{language}")
    page.goto(f"/sheets/{created['id']}")
    return created["id"]


DRAW = """() => {
  const holder = document.createElement("div");
  holder.id = "picture-under-test";
  holder.innerHTML = document.getElementById("standings-picture").innerHTML;
  document.body.appendChild(holder);
  const svg = holder.querySelector("svg");
  const width = svg.viewBox.baseVal.width;
  return {width, texts: [...svg.querySelectorAll("text")].map(t => {
    const box = t.getBBox();
    return {cls: t.getAttribute("class"), text: t.textContent, left: box.x, right: box.x + box.width};
  })};
}"""


@pytest.mark.parametrize("language", ["de", "he"])
def test_every_line_of_the_picture_fits_and_hebrew_runs_right_to_left(page: Page, language, shot):
    page.set_viewport_size({"width": 320, "height": 568})
    finished(page, LONG, (30, 101, 30, 30), language)  # three tied: the longest subtitle
    drawn = page.evaluate(DRAW)
    outside = [t for t in drawn["texts"] if t["left"] < 0 or t["right"] > drawn["width"]]
    assert not outside, f"text cut at the picture's edge: {outside}"
    assert len([t for t in drawn["texts"] if t["cls"] == "pic-subtitle"]) >= 2
    ranks = [t for t in drawn["texts"] if t["cls"] == "pic-rank"]
    scores = [t for t in drawn["texts"] if t["cls"] == "pic-score"]
    if language == "he":
        assert all(r["left"] > 500 for r in ranks) and all(s["right"] < 100 for s in scores), drawn
    else:
        assert all(r["right"] < 100 for r in ranks) and all(s["left"] > 500 for s in scores), drawn
    shot(page, f"sheet-{language}-320")
    alone = page.context.new_page()  # the picture by itself, as the group chat sees it
    alone.set_content(page.evaluate("() => document.getElementById('standings-picture').innerHTML"))
    shot.folder.mkdir(parents=True, exist_ok=True)
    alone.locator("svg").screenshot(path=str(shot.folder / f"picture-{language}.png"))


def test_the_share_button_makes_a_png_of_the_ranked_picture(page: Page):
    page.add_init_script("delete Navigator.prototype.canShare")  # a phone without file sharing: it downloads
    finished(page, ("Ana", "Ben", "Cy", "Dee"), (30, 101, 10, 30), "en")
    names = page.evaluate(
        "() => [...document.getElementById('standings-picture').content.querySelectorAll('.pic-name')].map(t => t.textContent)"
    )
    assert names == ["Cy", "Ana", "Dee", "Ben"]
    with page.expect_download() as download:
        page.get_by_role("button", name="Share the final standings as a picture").click()
    path = download.value.path()
    with open(path, "rb") as png:
        assert png.read(8) == b"\x89PNG\r\n\x1a\n"
    expect(page.get_by_role("heading", name="Cy wins!")).to_be_visible()
