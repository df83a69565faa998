"""The third kind of sheet, "points" (API.md "A third kind of sheet"), through the JSON API and the pages."""

from __future__ import annotations

import html
import json
import re

import pytest
from api_helpers import text, token_of

from app.engine.players import isolated


def api(client, method, url, body=None, key=None, headers=None):
    all_headers = dict(headers or {})
    if key:
        all_headers["Authorization"] = f"Bearer {key}"
    data = None if body is None else json.dumps(body)
    return getattr(client, method)(url, data=data, content_type="application/json", headers=all_headers)


def create(client, rules=None, players=("Ana", "Ben", "Cy")):
    body = {"game": "points", "players": list(players)}
    if rules is not None:
        body["rules"] = rules
    answer = api(client, "post", "/api/games", body)
    assert answer.status_code == 201, answer.get_json()
    data = answer.get_json()
    return data["id"], data["edit_key"], data


def points_round(number, *points, players=("Ana", "Ben", "Cy")):
    return {"round": number, "results": [{"player": p, "points": n} for p, n in zip(players, points)]}


# --- API -------------------------------------------------------------------------------------------


def test_create_fills_defaults_and_carries_tied(client):
    game_id, _key, data = create(client)
    assert data["game"] == "points" and data["status"] == "playing" and data["version"] == 1
    assert data["rules"] == {"wins": "highest", "target": None, "rounds": None, "join_score": "worst"}
    assert data["tied"] is None and data["winner"] is None
    assert [p["score"] for p in data["players"]] == [0, 0, 0]
    assert api(client, "get", f"/api/games/{game_id}").get_json()["tied"] is None


@pytest.mark.parametrize(
    "body, fragment",
    [
        ({"game": "points", "players": ["A"]}, "2 to 12 players"),
        ({"game": "points", "players": [f"P{i}" for i in range(13)]}, "2 to 12 players"),
        ({"game": "points", "players": ["A", "B"], "rules": {"target": 0}}, "target"),
        ({"game": "points", "players": ["A", "B"], "rules": {"rounds": 201}}, "rounds"),
        ({"game": "points", "players": ["A", "B"], "rules": {"wins": "most"}}, "wins"),
        ({"game": "points", "players": ["A", "B"], "rules": {"scoring": "lowest_wins"}}, "scoring"),
        ({"game": "darts", "players": ["A", "B"]}, '"points"'),
    ],
)
def test_create_refusals(client, body, fragment):
    answer = api(client, "post", "/api/games", body)
    assert answer.status_code == 400 and fragment in answer.get_json()["error"]


@pytest.mark.parametrize(
    "body, fragment",
    [
        ({"round": 1, "went_out": "Ana", "results": points_round(1, 1, 2, 3)["results"]}, "went_out"),
        ({"round": 1, "results": [{"player": "Ana", "cards": ["5"]}]}, "cards"),
        ({"round": 1, "results": [{"player": "Ana", "counts": {"low": 1}}]}, "counts"),
        (points_round(1, 1, 2), "Cy has no points"),
        (points_round(1, 1, 2, 100_001), "-100,000 to 100,000"),  # limits written as the language writes numbers
    ],
)
def test_bad_rounds_are_400_and_store_nothing(client, body, fragment):
    game_id, key, _data = create(client)
    answer = api(client, "post", f"/api/games/{game_id}/rounds", body, key)
    assert answer.status_code == 400 and fragment in answer.get_json()["error"]
    assert api(client, "get", f"/api/games/{game_id}").get_json()["version"] == 1


def test_rounds_to_the_target_with_negative_totals(client):
    game_id, key, _data = create(client, {"target": 50})
    answer = api(client, "post", f"/api/games/{game_id}/rounds", points_round(1, -20, 30, 0), key)
    assert answer.status_code == 201
    data = answer.get_json()
    assert [p["score"] for p in data["players"]] == [-20, 30, 0] and data["status"] == "playing"
    assert data["rounds"][0]["results"][0] == {"player": "Ana", "points": -20}
    data = api(client, "post", f"/api/games/{game_id}/rounds", points_round(2, 5, 25, 10), key).get_json()
    assert data["status"] == "finished" and data["winner"] == "Ben" and data["tied"] is None
    refused = api(client, "post", f"/api/games/{game_id}/rounds", points_round(3, 1, 1, 1), key)
    assert refused.status_code == 400 and "over" in refused.get_json()["error"]


def test_a_tie_by_rounds_then_correction_and_undo(client):
    game_id, key, _data = create(client, {"rounds": 2, "wins": "lowest"})
    api(client, "post", f"/api/games/{game_id}/rounds", points_round(1, 5, 5, 9), key)
    data = api(client, "post", f"/api/games/{game_id}/rounds", points_round(2, 0, 0, -1), key).get_json()
    assert data["status"] == "finished" and data["winner"] is None and data["tied"] == ["Ana", "Ben"]
    fixed = api(client, "put", f"/api/games/{game_id}/rounds/2", points_round(2, 0, 1, -1), key)
    assert fixed.status_code == 200 and fixed.get_json()["winner"] == "Ana" and fixed.get_json()["tied"] is None
    undone = api(client, "delete", f"/api/games/{game_id}/rounds/2", key=key, headers={"If-Match": "4"})
    assert undone.status_code == 200
    data = undone.get_json()
    assert data["status"] == "playing" and len(data["rounds"]) == 1 and data["version"] == 5
    tie = api(client, "post", f"/api/games/{game_id}/tiebreaker", {"winner": "Ana"}, key)
    assert tie.status_code == 409 and "no tie-breaker" in tie.get_json()["error"]


def test_idempotent_resend(client):
    game_id, key, _data = create(client)
    headers = {"Idempotency-Key": "abc"}
    first = api(client, "post", f"/api/games/{game_id}/rounds", points_round(1, 1, 2, 3), key, headers)
    again = api(client, "post", f"/api/games/{game_id}/rounds", points_round(1, 1, 2, 3), key, headers)
    assert first.status_code == again.status_code == 201 and first.get_json() == again.get_json()
    assert len(api(client, "get", f"/api/games/{game_id}").get_json()["rounds"]) == 1


def test_export_import_round_trip(client):
    game_id, key, _data = create(client, {"target": 40})
    api(client, "post", f"/api/games/{game_id}/rounds", points_round(1, -5, 12, 40), key)
    exported = client.get(f"/sheets/{game_id}/export.json").get_json()
    assert exported["game"] == "points" and exported["standings"]["winner"] == "Cy"
    answer = client.post("/api/games/import", json=exported)
    assert answer.status_code == 201, answer.get_json()
    imported = answer.get_json()
    assert imported["id"] != game_id and [p["score"] for p in imported["players"]] == [-5, 12, 40]
    exported["rounds"][0]["results"][0]["points"] = -6
    damaged = client.post("/api/games/import", json=exported)
    assert damaged.status_code == 400 and "standings" in damaged.get_json()["error"]


# --- pages -----------------------------------------------------------------------------------------


def new_points_sheet(client, players=("Ana", "Ben", "Cy"), **rules) -> str:
    page = client.get("/sheets/new").get_data(as_text=True)
    data = {"csrf_token": token_of(page), "game": "points", "points_wins": "highest", **rules}
    data.update({f"players-{i}": name for i, name in enumerate(players)})
    answer = client.post("/sheets/new", data=data)
    assert answer.status_code == 302, text(answer)
    return answer.headers["Location"].split("#")[0]  # the edit key travels in the fragment


def record(client, url, points, submit="Save round"):
    page = client.get(url + "/rounds/new").get_data(as_text=True)
    data = {
        "csrf_token": token_of(page),
        "round": token_of(page, "round"),
        "version": token_of(page, "version"),
        "idempotency": token_of(page, "idempotency"),
        "submit": submit,
    }
    for seat, value in enumerate(points):
        data[f"players-{seat}-seat"] = str(seat)
        data[f"players-{seat}-points"] = value
    return client.post(url + "/rounds/new", data=data)


def test_the_kind_chooser_lists_every_registered_game(client):
    page = text(client.get("/sheets/new"))
    for kind, name in (("phase10", "Phase 10"), ("uno", "UNO"), ("points", "Points")):
        assert f'value="{kind}"' in page and name in page
    assert 'name="points_target"' in page and 'name="points_rounds"' in page and "The lowest total wins" in page
    assert 'data-for-game="points"' in page


def test_points_sheet_pages_from_new_to_the_winner(client):
    url = new_points_sheet(client, points_target="30")
    page = text(client.get(url))
    assert "<h1>Points" in page and "Record round 1" in page and "The game ends when a total reaches 30." in page
    form = text(client.get(url + "/rounds/new"))
    assert "/games/points/static/sheet.js" in form and "number-keypad" in form and "went-out" not in form
    assert record(client, url, ["-15", "10", "0"]).status_code == 302
    page = text(client.get(url))
    assert re.findall(r'class="num total">(-?\d+)<', page) == ["10", "0", "-15"]  # ranked: the highest total first
    assert "-15" in page.split('class="history"')[1]  # the round in the history table
    assert 'class="axis">-15</text>' in page  # the chart's scale reaches down to negative totals
    answer = record(client, url, ["5", "25", "3"])
    assert answer.status_code == 302
    page = text(client.get(url))
    assert "Ben wins!" in page and "Ben has the highest total, 35" in page


@pytest.mark.parametrize(
    ("rules", "sentence"),
    [
        ({"points_rounds": "1"}, "The game ends after round 1."),
        ({"points_rounds": "12"}, "The game ends after round 12."),
        (
            {"points_rounds": "1", "points_target": "50"},
            "The game ends when a total reaches 50 or after round 1, whichever comes first.",
        ),
    ],
)
def test_the_end_of_the_game_reads_right_for_one_round_too(client, rules, sentence):
    page = text(client.get(new_points_sheet(client, **rules)))
    assert sentence in page and "1 rounds" not in page


def test_a_missing_number_is_shown_next_to_the_row(client):
    url = new_points_sheet(client)
    answer = record(client, url, ["3", "", "4"])
    page = text(answer)
    assert answer.status_code == 200 and f"Enter the points of {isolated('Ben')} (0 when they scored none)." in page
    assert "Record round 1" in text(client.get(url))


def test_preview_and_correction_prefill(client):
    url = new_points_sheet(client)
    record(client, url, ["-7", "2", "9"])
    page = client.get(url + "/rounds/new").get_data(as_text=True)
    data = {"csrf_token": token_of(page), "round": "2", "players-0-points": "1", "players-1-points": "2"}
    data.update({f"players-{i}-seat": str(i) for i in range(3)})
    answer = client.post(url + "/rounds/preview", data={**data, "players-2-points": "-3"}).get_json()
    assert answer == {  # points rows say their own labels; the change is what the round adds to each total
        "ok": True,
        "points": {"Ana": 1, "Ben": 2, "Cy": -3},
        "labels": {},
        "change": {"Ana": {"score": 1}, "Ben": {"score": 2}, "Cy": {"score": -3}},
    }
    answer = client.post(url + "/rounds/preview", data=data).get_json()
    assert answer["ok"] is False and answer["player"] == "Cy"
    edit = text(client.get(url + "/rounds/1/edit"))
    assert re.search(r'name="players-0-points"[^>]*value="-7"', edit)


def test_a_tie_on_the_sheet_page(client):
    url = new_points_sheet(client, points_rounds="1")
    record(client, url, ["4", "4", "1"])
    page = text(client.get(url))
    assert "A tie" in page and "Ana and Ben share the highest total, 4: a tie." in page and "wins!" not in page
    assert "a tie" in text(client.get("/sheets/"))


def test_rules_page_for_points_and_for_a_sheet(client):
    page = text(client.get("/rules/points"))
    assert "Points sheet rules" in page and "not set" in page and "Who wins" in page
    url = new_points_sheet(client, points_wins="lowest", points_rounds="5")
    page = text(client.get(url + "/rules"))
    assert "Back to the score sheet" in page and "changed from highest" in page
    assert "Points rules" in text(client.get("/"))


def test_csv_export_has_no_went_out(client):
    url = new_points_sheet(client)
    record(client, url, ["-1", "2", "3"])
    rows = client.get(url + "/export.csv").get_data(as_text=True).splitlines()
    assert rows[1].startswith("1,,-1,2,3,") and "total,,-1,2,3" in rows  # the round's saved time ends its row


def _visible_text(page: str) -> str:
    """What a person reads: the markup without tags, attributes, inputs and scripts."""
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]*>", " ", page))


def test_numbers_are_written_as_the_language_writes_them_everywhere_on_the_sheet(client):
    url = new_points_sheet(client, points_target="100000")
    assert record(client, url, ["12345", "-2300", "999"]).status_code == 302
    client.set_cookie("lang", "de")
    page = client.get(url).get_data(as_text=True)
    seen = _visible_text(page)
    history = _visible_text(page.split('class="history"')[1].split("</table>")[0])
    legend = _visible_text(page.split('class="chart-legend"')[1].split("</ul>")[0])
    totals = _visible_text(page.split('class="totals-row"')[1].split("</tr>")[0])
    for part in (history, legend, totals):
        assert "12.345" in part and "-2.300" in part and "12345" not in part, part
    assert "Summe" in totals
    assert "100.000" in seen and "100000" not in seen  # the limit in the standings' sentence
    # A round outside the limits is refused with the limits written the German way.
    answer = record(client, url, ["100001", "0", "0"])
    assert "-100.000" in _visible_text(answer.get_data(as_text=True))
    assert record(client, url, ["90000", "0", "0"]).status_code == 302
    outcome = _visible_text(
        client.get(url).get_data(as_text=True).split('class="panel outcome')[1].split("</section>")[0]
    )
    assert "100.000" in outcome and "102.345" in outcome, outcome


# --- details a new user noticed: link rows without a dangling "·", the next game right under the result,
# status words and sentences that read well, the phases grid's legend (the pages of every sheet kind) ----------


def _words(markup: str) -> str:
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
    outcome = _words(client.get(url).get_data(as_text=True).split('class="panel outcome')[1].split("</section>")[0])
    assert "The game was set to end after 2 rounds. Cy has the highest total, 60." in outcome
    assert "All 2" not in outcome
    url = new_points_sheet(client, points_rounds="1")
    record(client, url, ["1", "2", "3"])
    assert "The game was set to end after 1 round." in _words(client.get(url).get_data(as_text=True))


def test_a_game_going_on_is_called_so_in_german(client):
    new_points_sheet(client)
    client.set_cookie("lang", "de")
    listed = _words(client.get("/sheets/").get_data(as_text=True))
    assert "läuft" in listed and "spielt" not in listed


def test_the_phases_grid_legend_holds_in_dark_mode_too(client):
    page = client.get("/sheets/new").get_data(as_text=True)
    token = re.search(r'name="csrf_token"[^>]*value="([^"]*)"', page).group(1)
    answer = client.post(
        "/sheets/new", data={"csrf_token": token, "game": "phase10", "players-0": "Ana", "players-1": "Ben"}
    )
    assert answer.status_code == 302, _words(answer.get_data(as_text=True))
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
    page = _words(client.get(f"/tables/{table}").get_data(as_text=True))
    # The cells' colour gets stronger with the rate in both colour schemes; lighter in dark mode, darker in light.
    assert "The stronger the colour, the more often it was completed." in page
    assert "darker" not in page
