"""Issue 11 §3: dark mode follows the phone's setting (prefers-color-scheme), with axe's contrast checks in both
modes; screenshots of the changed pages at 320 and 390 px, light and dark (looked at by a person)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from e2e_helpers import assert_accessible
from playwright.sync_api import Page
from width_pages import api_game, own, phase10_round, uno_round

from app.extensions import db
from app.models import PlayGame, utcnow
from tests.tiers import bounded


@pytest.mark.parametrize("scheme", bounded(["light", "dark"], keep={"dark"}))
def test_pages_in_light_and_dark_mode(page: Page, shot, scheme: str):
    page.emulate_media(color_scheme=scheme)
    names = ["Ana", "Ben", "Cy", "A very long name of thirty c"]
    p10_id, p10_key = api_game(page, "phase10", names, [phase10_round(names, i) for i in range(2)])
    uno_id, uno_key = api_game(page, "uno", names, [uno_round(names, i) for i in range(2)])
    for game_id, key in ((p10_id, p10_key), (uno_id, uno_key)):
        own(page, game_id, key)
    background = page.evaluate("() => getComputedStyle(document.body).backgroundColor")
    dark = sum(int(c) for c in background[background.index("(") + 1 : -1].split(",")[:3]) < 200
    assert dark == (scheme == "dark"), background
    paths = {
        "sheets": "/sheets/",
        "p10-sheet": f"/sheets/{p10_id}",
        "p10-round": f"/sheets/{p10_id}/rounds/new",
        "p10-correct": f"/sheets/{p10_id}/rounds/1/edit",
        "uno-sheet": f"/sheets/{uno_id}",
        "uno-round": f"/sheets/{uno_id}/rounds/new",
        "check": "/check/",
        "play": "/play/",
        "rules": f"/sheets/{p10_id}/rules",
    }
    for width in (320, 390):
        page.set_viewport_size({"width": width, "height": 844})
        for label, path in paths.items():
            page.goto(path)
            if label.endswith("-round"):
                page.locator(".went-out").first.check()  # someone went out: the next player's entry opens
            if width == 390:
                assert_accessible(page, f"{label} ({scheme})")
            shot(page, f"{scheme}-{width}-{label}")


@pytest.mark.parametrize("scheme", bounded(["light", "dark"], keep={"dark"}))
def test_the_idle_notice_of_a_digital_game_is_readable_in_both_modes(page: Page, live_app, shot, scheme: str):
    """A person's turn a minute long is pointed out (``.play-idle``); its colours hold in dark mode too."""
    page.emulate_media(color_scheme=scheme)
    started = live_app.test_client().post(
        "/api/play", json={"game": "uno", "seats": [{"name": "Ana"}, {"name": "Bot", "bot": "smart"}]}
    )
    assert started.status_code == 201, started.get_data(as_text=True)
    game = started.get_json()
    with live_app.app_context():  # the turn began two minutes ago, as the server records it
        row = db.session.get(PlayGame, game["id"])
        row.turn_since = utcnow() - timedelta(minutes=2)
        db.session.commit()
    page.goto(f"/play/{game['id']}#key={game['edit_key']}")
    idle = page.locator("[data-idle]")
    idle.wait_for(state="visible")  # the page looks every 5 s
    assert "Ana" in idle.inner_text()  # the bot has moved: the person's turn is the one that lasts
    idle.scroll_into_view_if_needed()
    assert_accessible(page, f"digital game, idle notice ({scheme})")
    shot(page, f"{scheme}-idle-notice")
