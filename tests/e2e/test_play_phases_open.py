"""The Phase 10 game page offers the phases the state says are open (``phases_open``), never recomputing them:
under pick_a_phase, a player who completed phase 1 is offered phases 2 to 10 only."""

from __future__ import annotations

from play_pages import resolve_overlay
from playwright.sync_api import Page, expect

# Ana is dealt phase 1 (7 7 7 | 3 3 3) and four more 7s and 3s to hit on it; the bot nothing of use.
# The first discard is Y9, the top of the draw pile B1: Ana goes out in her first turn.
ANA = ["R7", "B7", "G7", "R3", "B3", "G3", "Y7", "Y3", "G7", "B3"]
BOT = ["Y2", "Y4", "Y6", "Y8", "R9", "B5", "G2", "G4", "R12", "B12"]
DECK = [card for pair in zip(ANA, BOT) for card in pair] + ["Y9", "B1"]
ROUND_ONE = [
    {"type": "draw", "from": "pile"},
    {"type": "lay_down", "groups": [["R7", "B7", "G7"], ["R3", "B3", "G3"]], "phase": 1},
    {"type": "hit", "card": "Y7", "seat": 0, "group": 0},
    {"type": "hit", "card": "Y3", "seat": 0, "group": 1},
    {"type": "hit", "card": "G7", "seat": 0, "group": 0},
    {"type": "hit", "card": "B3", "seat": 0, "group": 1},
    {"type": "discard", "card": "B1"},
    {"type": "draw", "from": "pile"},  # round 2: the bot has played its turn; Ana draws
]


def test_the_page_offers_only_the_phases_open_in_the_state(page: Page, shot):
    seats = [{"name": "Ana"}, {"name": "Bot", "bot": "smart"}]
    rules = {"variant": "pick_a_phase"}
    created = page.request.post(
        "/api/play", data={"game": "phase10", "seats": seats, "rules": rules, "deck": DECK, "seed": 5}
    )
    assert created.ok, created.text()
    data = created.json()
    auth = {"Authorization": f"Bearer {data['edit_key']}"}
    for action in ROUND_ONE:
        answer = page.request.post(f"/api/play/{data['id']}/actions", data={"seat": 0, "action": action}, headers=auth)
        assert answer.ok, answer.text()
    state = answer.json()
    assert state["round"] == 2 and state["turn"] == 0 and state["stage"] == "play"
    mine, theirs = (seat["phases_open"] for seat in state["seats"])
    assert mine == list(range(2, 11)) and theirs == list(range(1, 11))

    page.goto(f"/play/{data['id']}#key={data['edit_key']}")
    me = page.locator("[data-me]")
    expect(me.locator(".card-btn").first).to_be_visible()
    resolve_overlay(page)  # the round-over box of round 1, if shown
    expect(me.locator(".my-phase")).to_have_text("Phase: " + ", ".join(map(str, mine)))
    expect(page.locator(".seat-phase").nth(1)).to_have_text("Phase: " + ", ".join(map(str, theirs)))
    me.locator(".card-btn").first.click()
    me.get_by_role("button", name="Make a group of the selected cards").click()
    select = me.get_by_label("Choose which phase to lay down")
    expect(select).to_be_visible()
    offered = [int(v) for v in select.locator("option").evaluate_all("options => options.map(o => o.value)")]
    assert offered == mine  # phase 1, done in round 1, is not offered again
    shot(page, "phase10-pick-a-phase-open-phases")
