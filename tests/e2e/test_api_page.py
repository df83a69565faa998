"""The API's browsable page (static/api/index.html): every operation of /api/openapi.json, readable on a phone."""

from __future__ import annotations

from e2e_helpers import assert_accessible
from playwright.sync_api import Page, expect

from app.api.schemas import ENDPOINTS


def test_the_api_page_lists_every_operation_and_opens_one(page: Page, shot):
    page.goto("/static/api/index.html")
    expect(page.locator("#api-status")).to_contain_text("paths")
    operations = page.locator("details.api-op")
    expect(operations).to_have_count(len(ENDPOINTS))
    record = operations.filter(has_text="Record the next round.")
    record.locator("summary").click()
    expect(record).to_contain_text('"results"')
    expect(record.locator("section", has_text="Example")).to_contain_text('"went_out": "Ana"')
    expect(record).to_contain_text("409:")
    expect(record).to_contain_text("editKey")
    assert_accessible(page, "api page")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the API page scrolls sideways on a phone ({width} px wide)"
    shot(page, "api")
