"""Every form over HTTPS, as deployed: gunicorn with TLS and two workers, Chromium at phone size.

Flask-WTF's CSRF check on HTTPS also wants a same-origin Referer; these flows failed with "This form
has expired or was sent from elsewhere" while every page sent ``Referrer-Policy: no-referrer``.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect
from tls_pages import new_sheet

EXPIRED = "This form has expired"


def test_create_sheet_and_record_a_round_over_https(page: Page, base_url):
    assert base_url.startswith("https://")
    path = new_sheet(page, ["Ana", "Ben", "Cy"])
    assert path.startswith("/sheets/") and "key" not in path
    page.get_by_role("link", name="Record round 1").click()
    page.locator('fieldset.player-row[data-player="Ana"] .went-out').check()
    page.get_by_role("button", name="Save round").click()
    expect(page.get_by_text("Round 1 saved.")).to_be_visible()
    expect(page.get_by_text(EXPIRED)).to_have_count(0)
    totals = {
        tr.locator("th bdi").inner_text().strip(): int(tr.locator("td.total").inner_text())
        for tr in page.locator("table.standings tbody tr").all()
    }
    assert totals == {"Ana": 0, "Ben": 50, "Cy": 50}  # ten low cards each


def test_phase_check_over_https(page: Page):
    page.goto("/check/")
    form = page.locator("form").first
    form.get_by_label("Cards", exact=True).fill("7 7 W | 9 9 9")
    form.get_by_role("button", name="Check").click()
    verdict = page.locator(".verdict")
    expect(verdict).to_contain_text("This is phase 1")
    expect(page.get_by_text(EXPIRED)).to_have_count(0)


def test_a_form_posted_from_another_site_is_still_refused(page: Page, base_url):
    """CSRF is not weakened: a post whose Referer names another origin is refused."""
    page.goto("/sheets/new")
    token = page.locator('input[name="csrf_token"]').first.input_value()
    response = page.request.post(
        f"{base_url}/sheets/new",
        form={"csrf_token": token, "game": "phase10", "players-0": "Ana", "players-1": "Ben"},
        headers={"Referer": "https://evil.example/", "Origin": "https://evil.example"},
        max_redirects=0,
    )
    assert response.status == 400
    assert EXPIRED in response.text()
