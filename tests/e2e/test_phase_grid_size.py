"""The table record's phases grid keeps its cells' size however few phases were tried (issue 22).

A record with one phase tried (the first round of a game, or a custom list of one phase) drew its grid as wide as
the page: each cell about 80 px at 390 px, its text tiny, where the ten-phase grid's cells are about 25 px."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests.e2e.test_names_whole_words import table_record

_CELLS = """() => {
    const grid = document.querySelector('.phases-grid');
    const cell = grid.querySelector('rect.cell').getBoundingClientRect();
    const box = grid.getBoundingClientRect();
    return {cell: cell.width, height: cell.height, grid: box.width, page: document.documentElement.clientWidth};
}"""


def played(page: Page, players: list[str], phases: str | None, rounds: int) -> str:
    """A Phase 10 table whose first player completes a phase each round (so the grid has ``rounds`` phases)."""
    data: dict = {"game": "phase10", "players": players}
    if phases:
        data["phases"] = phases
    made = page.request.post("/api/games", data=data)
    assert made.status == 201, made.text()
    game = made.json()
    for number in range(1, rounds + 1):
        results = [{"player": players[0], "completed": True}]
        results += [{"player": p, "completed": False, "counts": {"low": 10}} for p in players[1:]]
        answer = page.request.post(
            f"/api/games/{game['id']}/rounds",
            data={"round": number, "went_out": players[0], "results": results},
            headers={"Authorization": f"Bearer {game['edit_key']}"},
        )
        assert answer.status == 201, answer.text()
    return game["table"]


@pytest.mark.parametrize("width", [390, 320])
def test_a_one_phase_grid_has_cells_the_size_of_the_ten_phase_grids(page: Page, width: int, shot):
    page.set_viewport_size({"width": width, "height": 844})
    page.goto(f"/tables/{played(page, ['Ana', 'Ben', 'Cy'], None, 10)}")
    full = page.evaluate(_CELLS)
    shot(page, f"grid-ten-{width}")
    assert page.locator(".phases-grid text.axis").count() == 10
    page.goto(f"/tables/{table_record(page, ['Ana', 'Ben', 'Cy'])}")
    one = page.evaluate(_CELLS)
    assert page.locator(".phases-grid text.axis").count() == 1
    shot(page, f"grid-one-{width}")
    # The ten-phase grid fills the panel; one phase is drawn at that scale or the grid's own size, never blown up.
    assert full["grid"] <= full["page"], full
    assert one["cell"] <= max(full["cell"], 28) + 1, (one, full)
    assert one["cell"] >= 20 and abs(one["height"] - one["cell"]) < 1, one
    assert one["grid"] < one["page"] / 2, one
