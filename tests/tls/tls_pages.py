"""Helpers shared by several test modules (moved out of test_forms_over_https.py: tests never import test modules)."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect


def new_sheet(page: Page, players: list[str]) -> str:
    """Create a Phase 10 sheet through the form; returns its path."""
    page.goto("/sheets/new")
    page.get_by_label("Phase 10", exact=True).check()
    for i, name in enumerate(players):
        page.get_by_placeholder(f"Player {i + 1}", exact=True).fill(name)
    page.get_by_role("button", name="Start the score sheet").click()
    expect(page.get_by_role("heading", name="Standings")).to_be_visible()
    # The sheet's own address: the hand-over script may not yet have taken the #key= fragment away.
    return re.sub(r"^https://[^/]+", "", page.url).split("#")[0]
