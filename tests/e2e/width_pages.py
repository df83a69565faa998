"""Helpers shared by several test modules (moved out of test_widths.py: tests never import test modules)."""

from __future__ import annotations

from playwright.sync_api import Page, expect


def api_game(page: Page, game: str, players: list[str], rounds: list[dict]) -> tuple[str, str]:
    made = page.request.post("/api/games", data={"game": game, "players": players})
    assert made.status == 201, made.text()
    body = made.json()
    for number, round_ in enumerate(rounds, start=1):
        answer = page.request.post(
            f"/api/games/{body['id']}/rounds",
            data={"round": number, **round_},
            headers={"Authorization": f"Bearer {body['edit_key']}"},
        )
        assert answer.status == 201, answer.text()
    return body["id"], body["edit_key"]


def phase10_round(players: list[str], out: int) -> dict:
    results = []
    for i, name in enumerate(players):
        results.append({"player": name, "completed": i == out, **({} if i == out else {"counts": {"low": 10}})})
    return {"went_out": players[out], "results": results}


def uno_round(players: list[str], out: int) -> dict:
    return {
        "went_out": players[out],
        "results": [{"player": p, "points": 12} for i, p in enumerate(players) if i != out],
    }


def own(page: Page, game_id: str, key: str) -> None:
    """Open a sheet's edit link (the key in the fragment) and wait until this phone may record rounds."""
    page.goto(f"/sheets/{game_id}#key={key}")
    expect(page.locator(".record-round")).to_be_visible()
