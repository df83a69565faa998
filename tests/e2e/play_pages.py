"""Helpers shared by several test modules (moved out of test_play.py: tests never import test modules)."""

from __future__ import annotations

from playwright.sync_api import Page


def resolve_overlay(page: Page) -> bool:
    overlay = page.locator("[data-overlay]:not([hidden])")
    if not overlay.count():
        return False
    for selector in (".handover-go", ".choice:not(.choice-cancel)", "button.primary", "button"):
        button = overlay.locator(selector)
        if button.count():
            button.first.click()
            return True
    return False


def first_button(me, *names: str):
    for name in names:
        button = me.get_by_role("button", name=name)
        if button.count():
            return button.first
    return None


def uno_move(page: Page) -> None:
    me = page.locator("[data-me]")
    button = first_button(me, "Play it", "Accept the cards")
    if button is None:
        taking = me.locator("button", has_text="Take ")
        button = taking.first if taking.count() else None
    if button is None and me.locator(".card-btn.playable").count():
        button = me.locator(".card-btn.playable").first
    if button is None:
        button = first_button(me, "Draw a card", "Keep it")
    if button is not None:
        button.click()


def phase10_move(page: Page) -> None:
    me = page.locator("[data-me]")
    draw = me.locator(".pile.pile-act")
    if page.locator(".play-table .pile.pile-act").count():
        page.locator(".play-table .pile.pile-act").first.click()
        return
    if draw.count():
        draw.first.click()
        return
    suggested = first_button(me, "Lay down as suggested")
    if suggested is not None:
        suggested.click()
        return
    discard = me.locator("button", has_text="Discard ")
    if discard.count():
        discard.first.click()
        return
    cards = me.locator(".card-btn")
    if cards.count():
        cards.last.click()
