"""Details of the sheet, table and home pages a new user noticed: link rows without a dangling "·", the next
game offered right under the result, status words and sentences that read well, the phases grid's legend."""

from __future__ import annotations

import html
import re

from test_points_pages import new_points_sheet, record


def _text(markup: str) -> str:
    """The words a person reads in ``markup`` (tags dropped, spaces folded)."""
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]*>", " ", markup))).strip()


def _link_rows(page: str) -> list[str]:
    return re.findall(r'<(?:p|ul) class="link-row">(.*?)</(?:p|ul)>', page, flags=re.S)


def test_link_rows_hold_links_only_no_separator_left_at_a_line_end(client):
    url = new_points_sheet(client)
    for page in (client.get(url).get_data(as_text=True), client.get("/").get_data(as_text=True)):
        rows = _link_rows(page)
        assert rows
        for row in rows:
            assert "·" not in row, row
            assert re.search(r"<a\b", row)


def test_play_again_is_right_under_the_result_of_a_finished_game(client):
    url = new_points_sheet(client, points_rounds="2")
    page = client.get(url).get_data(as_text=True)
    assert "Play again" in page and "play-again" not in page  # an open game offers it among the sharing tools
    record(client, url, ["10", "20", "30"])
    record(client, url, ["10", "20", "30"])
    page = client.get(url).get_data(as_text=True)
    outcome = page.split('class="panel outcome')[1].split("</section>")[0]
    assert "Cy wins!" in outcome and re.search(r'class="button primary play-again"[^>]*>Play again<', outcome)
    assert page.count(">Play again<") == 1


def test_a_game_ended_by_its_number_of_rounds_says_so_in_a_sentence_that_reads(client):
    url = new_points_sheet(client, points_rounds="2")
    record(client, url, ["10", "20", "30"])
    record(client, url, ["10", "20", "30"])
    outcome = _text(client.get(url).get_data(as_text=True).split('class="panel outcome')[1].split("</section>")[0])
    assert "The game was set to end after 2 rounds. Cy has the highest total, 60." in outcome
    assert "All 2" not in outcome
    url = new_points_sheet(client, points_rounds="1")
    record(client, url, ["1", "2", "3"])
    assert "The game was set to end after 1 round." in _text(client.get(url).get_data(as_text=True))


def test_a_game_going_on_is_called_so_in_german(client):
    new_points_sheet(client)
    client.set_cookie("lang", "de")
    listed = _text(client.get("/sheets/").get_data(as_text=True))
    assert "läuft" in listed and "spielt" not in listed


def test_the_phases_grid_legend_holds_in_dark_mode_too(client):
    page = client.get("/sheets/new").get_data(as_text=True)
    token = re.search(r'name="csrf_token"[^>]*value="([^"]*)"', page).group(1)
    answer = client.post(
        "/sheets/new", data={"csrf_token": token, "game": "phase10", "players-0": "Ana", "players-1": "Ben"}
    )
    assert answer.status_code == 302, _text(answer.get_data(as_text=True))
    game_id = answer.headers["Location"].split("#")[0].rstrip("/").split("/")[-1]
    key = re.search(r"#key=(.+)$", answer.headers["Location"]).group(1)
    body = {
        "round": 1,
        "went_out": "Ana",
        "results": [{"player": "Ana", "completed": True}, {"player": "Ben", "completed": False, "points": 50}],
    }
    assert (
        client.post(f"/api/games/{game_id}/rounds", json=body, headers={"Authorization": f"Bearer {key}"}).status_code
        == 201
    )
    table = client.get(f"/api/games/{game_id}").get_json()["table"]
    page = _text(client.get(f"/tables/{table}").get_data(as_text=True))
    # The cells' colour gets stronger with the rate in both colour schemes; lighter in dark mode, darker in light.
    assert "The stronger the colour, the more often it was completed." in page
    assert "darker" not in page
