"""A round entered together as deployed (gunicorn, TLS, two workers): three phones, each player entering their own
hand on their own phone (the scorekeeper's through her seat's hand page, the others through player links); every
phone sees the round fill in and offers Save; two phones tap it at once and the round is stored once. A player
link cannot change another player's row, through the page or through the API. What is stored is read back
through the API."""

from __future__ import annotations

import json
import re
import urllib.request

from playwright.sync_api import Page, expect
from tls_pages import access_log, new_sheet, phone, row

from tests.tiers import LONG

# `make test-tls` runs it; `make test`'s bounded version: tests/e2e/test_draft_round.py (the same hands over HTTP)
pytestmark = LONG

LIVE_TIMEOUT = 15_000  # two workers on a busy machine; the benchmark measures the real delay
# Taps Save on the round filled in together, if the page shows it: whether it was there.
_TAP_SAVE = "() => { const save = document.querySelector('.draft-save'); if (save) save.click(); return !!save; }"


def _game(server: dict, tls: dict, path: str) -> dict:
    url = server["url"] + "/api/games/" + path.rsplit("/", 1)[1]
    with urllib.request.urlopen(url, context=tls["context"]) as answer:
        return json.load(answer)


def _player_link(page: Page, path: str, name: str) -> str:
    """A player link from the scorekeeper's share panel (a path with the key in its fragment)."""
    page.goto(path)
    page.get_by_role("link", name="Give each player a link").click()
    page.get_by_role("button", name=f"Make a link for {name}").click()
    link = page.locator("#player-link").input_value()
    page.goto(path)
    return re.sub(r"^https://[^/]+", "", link)


def _send(page: Page) -> None:
    page.get_by_role("button", name="Send my hand").click()
    expect(page.get_by_text("Your hand is in.")).to_be_visible(timeout=LIVE_TIMEOUT)


def _points(page: Page, name: str, total: str) -> None:
    line = row(page, name)
    if "is-open" not in (line.get_attribute("class") or ""):
        line.locator(".row-open").click()
    line.locator(".points-input").fill(total)


def test_three_phones_each_enter_their_own_hand_and_the_round_is_stored_once(
    browser, browser_context_args, server, tls
):
    contexts = [phone(browser, browser_context_args, name) for name in ("hand-ana", "hand-ben", "hand-cy")]
    try:
        ana, ben, cy = (context.new_page() for context in contexts)
        path = new_sheet(ana, ["Ana", "Ben", "Cy"], game="UNO")
        for page, name in ((ben, "Ben"), (cy, "Cy")):
            page.goto(_player_link(ana, path, name))
            expect(page.get_by_role("link", name=f"Enter my hand ({name})")).to_be_visible(timeout=LIVE_TIMEOUT)
            page.get_by_role("link", name=f"Enter my hand ({name})").click()
            expect(page.locator("fieldset.player-row")).to_have_count(1)

        # Each hand on its own phone: Ana (the scorekeeper) went out, Ben and Cy count theirs.
        ana.goto(f"{path}/hand?seat=0")
        row(ana, "Ana").locator(".went-out").check()
        _send(ana)
        _points(ben, "Ben", "20")
        _send(ben)
        _points(cy, "Cy", "55")
        _send(cy)
        draft = _game(server, tls, path)["draft"]
        assert draft["complete"] is True and draft["points"] == {"Ana": 0, "Ben": 20, "Cy": 55}
        assert {name: r["by"] for name, r in draft["rows"].items()} == {
            "Ana": "editor",
            "Ben": "player",
            "Cy": "player",
        }

        # Every phone sees the round complete, live, and offers Save; Ben and the scorekeeper tap it at once.
        for page in (ana, ben, cy):
            expect(page.locator(".draft-save")).to_be_visible(timeout=LIVE_TIMEOUT)
        # Both taps go out within a few milliseconds (a script's click each, not two mouse walks): a tap that came
        # after the live sheet had already swapped the stored round in would land on the page's new state instead.
        tapped = [page.evaluate(_TAP_SAVE) for page in (ben, ana)]
        assert tapped[0], "Ben's phone showed no Save"
        ben.wait_for_url(f"**{path}", timeout=LIVE_TIMEOUT)
        if tapped[1]:
            ana.wait_for_url(f"**{path}", timeout=LIVE_TIMEOUT)
        else:  # the stored round reached Ana's hand page first: it says so, and there is nothing to tap
            expect(ana.locator(".hand-moved")).to_contain_text("Round 1 is saved.", timeout=LIVE_TIMEOUT)
        game = _game(server, tls, path)
        assert len(game["rounds"]) == 1 and game["draft"] is None
        assert game["rounds"][0]["went_out"] == "Ana"
        assert {r["player"]: r["points"] for r in game["rounds"][0]["results"]} == {"Ben": 20, "Cy": 55}
        # Cy's phone, still on his hand page, is told the round is stored and leads to the next one.
        moved = cy.locator(".hand-moved")
        expect(moved).to_contain_text("Round 1 is saved.", timeout=LIVE_TIMEOUT)
        moved.get_by_role("link", name="Enter your hand for round 2").click()
        expect(cy.get_by_role("heading", name="Cy's hand, round 2")).to_be_visible()

        commits = [e for e in access_log(server) if e["method"] == "POST" and e["target"] == f"{path}/draft/commit"]
        hands = {e["agent"].rpartition("/")[2]: e["pid"] for e in access_log(server) if e["target"] == f"{path}/hand"}
        print(f"hands sent through workers {hands}; commits {[(e['status'], e['pid']) for e in commits]}")
        assert len(commits) == sum(tapped) and len(game["rounds"]) == 1
    finally:
        for context in contexts:
            context.close()


def test_a_player_link_cannot_change_another_row_over_https(browser, browser_context_args, server, tls):
    contexts = [phone(browser, browser_context_args, name) for name in ("rows-keeper", "rows-ben")]
    try:
        keeper, ben = (context.new_page() for context in contexts)
        path = new_sheet(keeper, ["Ana", "Ben", "Cy"], game="UNO")
        game_id = path.rsplit("/", 1)[1]
        ben.goto(_player_link(keeper, path, "Ben"))
        expect(ben.get_by_role("link", name="Enter my hand (Ben)")).to_be_visible(timeout=LIVE_TIMEOUT)

        # The page: another seat's hand page shows Ben's own row, and nothing else he can change.
        ben.goto(f"{path}/hand?seat=2")
        expect(ben.locator("fieldset.player-row")).to_have_count(1)
        expect(row(ben, "Ben")).to_have_count(1)
        expect(row(ben, "Cy")).to_have_count(0)
        _points(ben, "Ben", "20")
        _send(ben)
        # The round form's row endpoint (the scorekeeper's) refuses a player's phone, whatever seat it names.
        status = ben.evaluate(
            """async (url) => {
                const token = document.querySelector('[name=csrf_token]').value;
                const body = new URLSearchParams({csrf_token: token, round: '1', seat: '2',
                    'players-2-seat': '2', 'players-2-points': '5'});
                const answer = await fetch(url, {method: 'POST', body, headers: {Accept: 'application/json'}});
                return answer.status;
            }""",
            f"{path}/draft/row",
        )
        assert status == 403

        # The API, with the key the player link left on Ben's phone.
        statuses = ben.evaluate(
            """async (id) => {
                const key = localStorage.getItem('deckside-key:sheet:' + id);
                const send = (method, url, body) => fetch(url, {method, headers: {
                    'Authorization': 'Bearer ' + key, 'Content-Type': 'application/json'}, body: JSON.stringify(body)});
                const other = await send('PUT', '/api/games/' + id + '/draft/rows/Cy', {round: 1, points: 5});
                const clear = await send('DELETE', '/api/games/' + id + '/draft/rows/Ana', {round: 1});
                const out = await send('PUT', '/api/games/' + id + '/draft', {round: 1, went_out: 'Cy'});
                const store = await send('POST', '/api/games/' + id + '/rounds', {round: 1});
                const own = await send('PUT', '/api/games/' + id + '/draft/rows/Ben', {round: 1, points: 25});
                return [Boolean(key), other.status, clear.status, out.status, store.status, own.status];
            }""",
            game_id,
        )
        assert statuses == [True, 403, 403, 403, 403, 200]
        draft = _game(server, tls, path)["draft"]
        assert draft["rows"]["Cy"] is None and draft["went_out"] is None and draft["rows"]["Ben"]["points"] == 25

        # A stored round: a player link corrects no row of it, not even its own (API.md: a player key grants only
        # its own row of the round being filled in; everything else is 403).
        keeper.goto(path)
        keeper.get_by_role("link", name="Record round 1").click()
        row(keeper, "Ana").locator(".went-out").check()
        _points(keeper, "Cy", "30")
        keeper.get_by_role("button", name="Save round").click()
        expect(keeper.get_by_text("Round 1 saved.")).to_be_visible(timeout=LIVE_TIMEOUT)
        stored = _game(server, tls, path)["rounds"][0]
        statuses = ben.evaluate(
            """async (id) => {
                const key = localStorage.getItem('deckside-key:sheet:' + id);
                const send = (player, body) => fetch('/api/games/' + id + '/rounds/1/rows/' + player, {method: 'PUT',
                    headers: {'Authorization': 'Bearer ' + key, 'Content-Type': 'application/json'},
                    body: JSON.stringify(body)});
                return [(await send('Cy', {points: 1})).status, (await send('Ben', {points: 24})).status];
            }""",
            game_id,
        )
        assert statuses == [403, 403]
        assert _game(server, tls, path)["rounds"][0] == stored
    finally:
        for context in contexts:
            context.close()
