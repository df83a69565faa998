"""A Phase 10 game on the Masters list or the table's own list names its phases' groups on the game page
(API.md "Decks people own": phases numbered by place, the page reads the state's rules.phases)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

OWN = [
    [{"kind": "color_run", "size": 4}, {"kind": "set", "size": 3}],
    [{"kind": "set", "size": 2}, {"kind": "set", "size": 2}, {"kind": "run", "size": 3}],
]


@pytest.mark.parametrize(
    ("phases", "needs"),
    [("masters", "a set of 2 + a set of 2 + a set of 2 + a set of 2"), (OWN, "a colour run of 4 + a set of 3")],
)
def test_the_game_page_names_the_tables_own_phases(page: Page, phases, needs):
    seats = [{"name": "Ana"}, {"name": "Bot", "bot": "smart"}]
    created = page.request.post(
        "/api/play", data={"game": "phase10", "seats": seats, "rules": {"phases": phases}, "seed": 5}
    )
    assert created.ok, created.text()
    data = created.json()
    page.goto(f"/play/{data['id']}#key={data['edit_key']}")
    expect(page.locator("[data-me] .card-btn").first).to_be_visible()
    expect(page.locator(".seat-phase").nth(1)).to_contain_text(needs)
