"""Helpers that drive the score-sheet pages in the browser tests (shared by test_sheets and test_offline)."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

GAME_LABELS = {"phase10": "Phase 10", "uno": "UNO", "uno_flip": "UNO Flip"}
"""The new-sheet form's label of a game id."""


def new_sheet(
    page: Page, shot, players: list[str], game: str = "phase10", phases: str | None = None, target: int | None = None
) -> str:
    """Create a sheet of ``game`` (its id) through the form; returns its path."""
    page.goto("/sheets/new")
    page.get_by_label(GAME_LABELS[game], exact=True).check()
    for i, name in enumerate(players):
        page.get_by_placeholder(f"Player {i + 1}", exact=True).fill(name)
    if phases:
        page.get_by_label("Phases", exact=True).select_option("custom")
        page.get_by_label("My own list").fill(phases)
    if target:
        page.locator(f'[data-for-game="{game}"]').get_by_label("Target score").fill(str(target))
    shot(page, f"new-{game}")
    page.get_by_role("button", name="Start the score sheet").click()
    expect(page.get_by_role("heading", name="Standings")).to_be_visible()
    # The sheet's own address: the hand-over script may not yet have taken the #key= fragment away.
    return re.sub(r"^https?://[^/]+", "", page.url).split("#")[0]


def edit_link_of(page: Page) -> str:
    """The edit link, from its own page (the sheet page never holds it); back to the sheet afterwards."""
    sheet = page.url
    page.get_by_role("link", name="Let another phone edit too").click()
    link = page.locator("#edit-link").input_value()
    page.goto(sheet)
    return link


def row(page: Page, name: str):
    return page.locator(f'fieldset.player-row[data-player="{name}"]')


def open_row(page: Page, name: str) -> None:
    """Open a player's compact row (its leftover entry shows under it), as a person taps it."""
    # The page's scripts first (static/js/draft.js opens a hand page's one row at DOMContentLoaded: a tap
    # before that would close it again).
    page.wait_for_load_state("domcontentloaded")
    if "is-open" not in (row(page, name).get_attribute("class") or ""):
        row(page, name).locator(".row-open").click()
    expect(row(page, name)).to_have_class(re.compile(r"\bis-open\b"))


def tap(page: Page, name: str, what: str, times: int = 1) -> None:
    """Tap a count stepper's + in a player's row ``times`` times (opening the row first)."""
    open_row(page, name)
    if "–" in what:  # a class of numbers: "one more card from 10 to 12"
        what = "card from {} to {}".format(*what.split("–"))
    button = row(page, name).get_by_role("button", name=f"one more {what}")
    for _ in range(times):
        button.tap()


def quick_count(page: Page, name: str, what: str, count: int) -> None:
    """Tap a quick count (1, 2 or 3 cards of ``what``) in a player's row, opening the row first; tapping the
    pressed one again clears it."""
    open_row(page, name)
    group = row(page, name).get_by_role("group", name=what, exact=True)
    group.get_by_role("button", name=str(count), exact=True).tap()


def went_out(page: Page, name: str) -> None:
    row(page, name).locator(".went-out").check()


def completed(page: Page, name: str) -> None:
    row(page, name).locator(".completed").check()


def points(page: Page, name: str):
    """A player's "total counted at the table" field (the row opened first)."""
    open_row(page, name)
    return row(page, name).locator(".points-input")


def penalty(page: Page, name: str):
    return row(page, name).locator(".penalty-value")


def totals(page: Page) -> dict[str, int]:
    page.locator("table.standings").wait_for()  # a saved round goes back to the sheet once the server answers
    out = {}
    for tr in page.locator("table.standings tbody tr").all():
        name = tr.locator("th bdi").inner_text().strip()
        out[name] = int(tr.locator("td.total").inner_text())
    return out


LONG_NAMES = [f"{chr(65 + i)}{'abcdefghij' * 3}"[:30] for i in range(10)]
"""Ten 30-character names without a space (the longest a sheet takes, and the hardest to wrap)."""


def make_sheet(client, body: dict, rounds: list[dict]) -> dict:
    """Create a sheet and its rounds through the JSON API (a Flask test client on the live app's database)."""
    created = client.post("/api/games", json=body)
    assert created.status_code == 201, created.get_data(as_text=True)
    game = created.get_json()
    auth = {"Authorization": f"Bearer {game['edit_key']}"}
    for number, round_body in enumerate(rounds, start=1):
        answer = client.post(f"/api/games/{game['id']}/rounds", json={"round": number, **round_body}, headers=auth)
        assert answer.status_code in (200, 201), answer.get_data(as_text=True)
    return game


def uno_hand(players: list[str], out: str, points: int) -> dict:
    """An UNO hand: ``out`` goes out, everyone else holds ``points``."""
    return {"went_out": out, "results": [{"player": p, "points": points} for p in players if p != out]}


def phase10_hand(players: list[str], out: str) -> dict:
    """A Phase 10 round: ``out`` goes out having completed the phase; the others hold 10 cards."""
    return {
        "went_out": out,
        "results": [
            {"player": p, "completed": p == out, **({} if p == out else {"counts": {"low": 10}})} for p in players
        ],
    }


def take_edit_key(page: Page, game: dict) -> None:
    """Open a sheet's edit link (the key in the fragment) and wait until this phone may record rounds."""
    page.goto(f"/sheets/{game['id']}#key={game['edit_key']}")
    expect(page.locator(".record-round")).to_be_visible()


def too_wide(page: Page, width: int) -> list[str]:
    """The elements sticking out past the inline end of a ``width`` px viewport (for a failure message)."""
    return page.evaluate(
        """(width) => {
        const out = [];
        for (const el of document.querySelectorAll('body *')) {
            const r = el.getBoundingClientRect();
            if (r.right > width + 1 && r.width > 0 && !el.closest('.table-scroll, .visually-hidden, [hidden]'))
                out.push(el.tagName.toLowerCase() + (typeof el.className === 'string' && el.className
                    ? '.' + el.className.split(' ').join('.') : '') + ' ' + Math.round(r.right));
        }
        return out.slice(0, 8);
    }""",
        width,
    )
