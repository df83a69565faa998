"""The standings on the sheet page and the picture for the group chat (issue 22): ranked by the game's own
order with ties shown as ties, the subtitle wrapped, right to left in Hebrew."""

from __future__ import annotations

import json
import re
from xml.etree import ElementTree

SVG = "{http://www.w3.org/2000/svg}"


def api(client, method, url, body=None, key=None):
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    return getattr(client, method)(url, data=json.dumps(body), content_type="application/json", headers=headers)


def finished_hearts(client, players=("Ana", "Ben", "Cy", "Dee"), points=(30, 101, 10, 30)):
    answer = api(
        client,
        "post",
        "/api/games",
        {"game": "points", "players": list(players), "rules": {"wins": "lowest", "target": 100}},
    )
    game_id, key = answer.get_json()["id"], answer.get_json()["edit_key"]
    body = {"round": 1, "results": [{"player": p, "points": n} for p, n in zip(players, points)]}
    assert api(client, "post", f"/api/games/{game_id}/rounds", body, key).status_code == 201
    return game_id


def standings_names(page: str) -> list[str]:
    table = page[
        page.index('<table class="standings">') : page.index("</table>", page.index('<table class="standings">'))
    ]
    return re.findall(r'<th scope="row"><bdi>([^<]*)</bdi>', table)


def picture(page: str) -> ElementTree.Element:
    body = page[page.index('<template id="standings-picture">') + len('<template id="standings-picture">') :]
    return ElementTree.fromstring(body[: body.index("</template>")].strip())


def test_a_lowest_wins_sheet_lists_its_standings_winner_first(client):
    game_id = finished_hearts(client)
    page = client.get(f"/sheets/{game_id}").get_data(as_text=True)
    assert standings_names(page) == ["Cy", "Ana", "Dee", "Ben"]


def test_the_picture_ranks_the_rows_and_shows_ties_as_ties(client):
    game_id = finished_hearts(client)
    svg = picture(client.get(f"/sheets/{game_id}").get_data(as_text=True))
    rows = [(g.get("data-rank"), g.get("data-name")) for g in svg.iter(f"{SVG}g")]
    assert rows == [("1", "Cy"), ("2", "Ana"), ("2", "Dee"), ("4", "Ben")]
    drawn = [(t.text) for t in svg.iter(f"{SVG}text") if t.get("class") == "pic-rank"]
    assert drawn == ["1.", "2.", "2.", "4."]
    assert svg.get("direction") == "ltr"


def test_the_picture_wraps_a_long_subtitle_and_runs_right_to_left_in_hebrew(client):
    players = ("Bartholomäus", "Wilhelmina", "Konstantin", "Maximiliane")
    game_id = finished_hearts(client, players, (30, 101, 30, 30))  # three share the lowest total: a long sentence
    client.get("/language/he")
    svg = picture(client.get(f"/sheets/{game_id}", headers={"Accept-Language": "he"}).get_data(as_text=True))
    assert svg.get("direction") == "rtl"
    lines = [t for t in svg.iter(f"{SVG}text") if t.get("class") == "pic-subtitle"]
    assert len(lines) >= 2, [t.text for t in lines]
    assert all(len(t.text) <= 60 for t in lines), [t.text for t in lines]  # the browser test measures them
    ranks = [t for t in svg.iter(f"{SVG}text") if t.get("class") == "pic-rank"]
    assert all(float(t.get("x")) > 500 for t in ranks)  # the rank on the right
