"""Helpers shared by several test modules (moved out of test_forms_over_https.py: tests never import test modules)."""

from __future__ import annotations

import json
import re
import urllib.request

from playwright.sync_api import Page, expect


def new_sheet(page: Page, players: list[str], game: str = "Phase 10") -> str:
    """Create a sheet of ``game`` (its name on the form; Phase 10 unless said) through the form; returns its path."""
    page.goto("/sheets/new")
    page.get_by_label(game, exact=True).check()
    for i, name in enumerate(players):
        page.get_by_placeholder(f"Player {i + 1}", exact=True).fill(name)
    page.get_by_role("button", name="Start the score sheet").click()
    expect(page.get_by_role("heading", name="Standings")).to_be_visible()
    # The sheet's own address: the hand-over script may not yet have taken the #key= fragment away.
    return re.sub(r"^https://[^/]+", "", page.url).split("#")[0]


LOG_LINE = re.compile(
    r'"(?P<method>\S+) (?P<target>\S+) [^"]*" (?P<status>\d{3}) \S+ "[^"]*" "(?P<agent>[^"]*)" <(?P<pid>\d+)>$'
)


def access_log(server: dict) -> list[dict]:
    """gunicorn's access log so far, one dict per answer: method, target, status, agent (user agent), pid."""
    lines = server["access_log"].read_text().splitlines()
    return [match.groupdict() for match in map(LOG_LINE.search, lines) if match]


def row(page: Page, name: str):
    return page.locator(f'fieldset.player-row[data-player="{name}"]')


def enter_round(page: Page, out: str, wilds: dict[str, int] | None = None) -> None:
    """On an open round form: ``out`` went out; each player of ``wilds`` holds that many wilds among the ten
    cards the form assumes by default (ten low cards: 50; each wild instead of one: +20)."""
    row(page, out).locator(".went-out").check()
    for name, count in (wilds or {}).items():
        if "is-open" not in (row(page, name).get_attribute("class") or ""):
            row(page, name).locator(".row-open").click()
        for _ in range(count):
            row(page, name).get_by_role("button", name="one more Wild").tap()


def edit_link_of(page: Page) -> str:
    """The edit link, from the one control that hands edit rights over (its own no-store page); back to the
    sheet afterwards."""
    sheet = page.url.split("#")[0]
    page.get_by_role("link", name="Let another phone edit too").click()
    field = page.locator("#edit-link")
    expect(field).to_have_value(re.compile(r"#claim=."))
    link = field.input_value()
    page.goto(sheet)
    return link


def save_round(page: Page, number: int, out: str, wilds: dict[str, int] | None = None) -> None:
    """From the sheet: open round ``number``'s form, enter it (:func:`enter_round`) and save it."""
    page.get_by_role("link", name=f"Record round {number}").click()
    expect(page.get_by_role("heading", name=f"Round {number}")).to_be_visible()
    enter_round(page, out, wilds)
    page.get_by_role("button", name="Save round").click()


def stored_rounds(server: dict, tls: dict, path: str) -> list[tuple[int, str]]:
    """The rounds the server holds for the sheet at ``path``: (number, who went out), in order."""
    url = server["url"] + "/api/games/" + path.rsplit("/", 1)[1]
    with urllib.request.urlopen(url, context=tls["context"]) as answer:
        return [(r["round"], r["went_out"]) for r in json.load(answer)["rounds"]]


def browser_writes(server: dict) -> list[str]:
    """Every POST a browser made so far, as "POST target": a test takes the list when a phone goes offline and
    checks that nothing was added before it comes back. (Reads are left out: a live-update request made before
    the connection dropped may be answered, and logged, while the phone is offline.)"""
    return [e["target"] for e in access_log(server) if e["method"] == "POST" and not e["agent"].startswith("Python-")]


def phone(browser, browser_context_args, name: str):
    """A phone of its own (a browser context: its own cookies, storage and connections), named in its user agent
    (``DecksidePhone/<name>``) so that the access log tells its requests apart."""
    return browser.new_context(
        **browser_context_args, user_agent=f"Mozilla/5.0 (Linux; Android 14) DecksidePhone/{name}"
    )
