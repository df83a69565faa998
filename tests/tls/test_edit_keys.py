"""Edit keys as deployed (gunicorn, TLS, two workers): handed over in the fragment, kept on the phone, never in a
request line, the access log or the service worker's cache; a new key revokes the old; the wrong-key limit is
shared by the workers and never refuses the right key."""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect
from tls_pages import new_sheet

from tests.tiers import LONG


def _edit_link(page: Page) -> str:
    """The edit link, from the one control that hands edit rights over: its own no-store page."""
    with page.expect_response(re.compile(r"/share/edit$")) as answer:
        page.get_by_role("link", name="Let another phone edit too").click()
    assert answer.value.headers["cache-control"] == "no-store"
    field = page.locator("#edit-link")
    expect(field).to_have_value(re.compile(r"#claim=."))  # a code good for 30 minutes, not the key
    expect(page.locator("svg.qr")).to_be_visible()
    return field.input_value()


def _kept_key(page: Page, path: str, other_than: str | None = None) -> str:
    """The edit key this phone keeps for the sheet at ``path`` (once it is not ``other_than``)."""
    found = page.wait_for_function(
        "([game, old]) => { const k = localStorage.getItem('deckside-key:sheet:' + game); return k && k !== old && k; }",
        arg=[path.rsplit("/", 1)[-1], other_than],
    )
    return found.json_value()


def _sw_cache_text(page: Page) -> str:
    """Every URL and body the service worker keeps, once it controls the page."""
    # The worker controls pages loaded after it activated: wait for it, and load the page again if this one
    # was loaded before (on a busy machine activation can come after the first load).
    page.evaluate(
        "() => Promise.race([navigator.serviceWorker.ready, new Promise((r) => setTimeout(r, 30000))]).then(() => null)"
    )
    if not page.evaluate("() => navigator.serviceWorker.controller !== null"):
        page.reload()
    page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=30000)
    page.reload()  # a page load under the worker's control: it goes into the page cache
    return page.evaluate("""async () => {
        let out = [];
        for (const name of await caches.keys()) {
            const cache = await caches.open(name);
            for (const request of await cache.keys()) {
                const response = await cache.match(request);
                out.push(request.url, await response.text());
            }
        }
        return out.join("\\n");
    }""")


@LONG  # make test-tls and test-nginx; in make test: the hand-over in tests/e2e, revoking in tests/web/test_claims.py
def test_hand_over_revoke_and_no_key_in_logs_or_caches(page: Page, browser, browser_context_args, server):
    path = new_sheet(page, ["Ana", "Ben"])
    expect(page).to_have_url(re.compile(r"^[^#]*$"))  # the page script took the key out of the address
    # one way to hand edit rights over, and the sheet page itself holds no link and no key
    expect(page.locator("#edit-link")).to_have_count(0)
    expect(page.get_by_role("button", name="Make a new edit key")).to_have_count(0)
    link = _edit_link(page)
    key = _kept_key(page, path)
    assert key and key not in link  # the link carries a claim code, not the key
    assert key not in page.evaluate("location.href")
    assert page.evaluate("Object.values(localStorage)").count(key) == 1
    page.get_by_role("link", name="Back to the sheet").click()

    other = browser.new_context(**browser_context_args)
    phone = other.new_page()
    phone.goto(link)
    expect(phone.get_by_text("This phone can now record rounds on this sheet.")).to_be_visible()
    expect(phone).to_have_url(re.compile(re.escape(path) + "$"))  # no fragment left
    phone.get_by_role("link", name="Record round 1").click()
    phone.locator('fieldset.player-row[data-player="Ben"] .went-out').check()
    phone.get_by_role("button", name="Save round").click()
    expect(phone.get_by_text("Round 1 saved.")).to_be_visible()
    cached = _sw_cache_text(phone) + _sw_cache_text(page)
    assert path in cached  # the sheet page is kept for offline use ...
    assert key not in cached  # ... without the key

    assert 'id="edit-link"' not in cached  # the edit link's page is never kept

    # The key leaked? Make a new one from a phone that holds it, next to the link: the other phone can only view.
    _edit_link(page)
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Make a new edit key").click()
    expect(page.get_by_text("A new edit key is made")).to_be_visible()
    expect(page).to_have_url(re.compile(re.escape(path) + "/share/edit$"))  # the new link, ready to share
    new_key = _kept_key(page, path, other_than=key)
    assert new_key and new_key != key and new_key not in page.locator("#edit-link").input_value()
    assert page.evaluate("Object.values(localStorage)").count(new_key) == 1  # this phone keeps the new key
    assert key not in page.evaluate("JSON.stringify(localStorage)")
    phone.goto(path)
    expect(phone.get_by_text("View only")).to_be_visible()
    # the page script offers the kept key once, is refused, and forgets it
    assert _eventually_forgotten(phone, key)
    other.close()

    for name in ("access_log", "proxy_log"):  # gunicorn's, and nginx's when it is in front
        if server[name] is None:
            continue
        log = server[name].read_text()
        assert path in log  # the log is written ...
        assert key not in log and new_key not in log  # ... without any key, in request lines or Referers


def _eventually_forgotten(phone: Page, key: str) -> bool:
    """Whether the phone's localStorage drops ``key`` within 15 s (the page reloads meanwhile)."""
    for _ in range(150):
        try:
            if key not in phone.evaluate("JSON.stringify(localStorage)"):
                return True
        except PlaywrightError:  # the page reloaded under the evaluation
            pass
        phone.wait_for_timeout(100)
    return False


def _status(url: str, context, key: str) -> tuple[int, dict]:
    request = urllib.request.Request(url, method="DELETE", headers={"Authorization": f"Bearer {key}"})
    try:
        with urllib.request.urlopen(request, context=context) as answer:
            return answer.status, dict(answer.headers)
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers)


def test_wrong_key_limit_is_shared_by_the_workers_and_never_refuses_the_right_key(server, tls):
    body = json.dumps({"game": "uno", "players": ["Ana", "Ben"]}).encode()
    create = urllib.request.Request(
        server["url"] + "/api/games", data=body, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(create, context=tls["context"]) as answer:
        game = json.load(answer)
    url = f"{server['url']}/api/games/{game['id']}/tiebreaker"
    # a new connection per request: gunicorn's two workers share them out, each with its own memory
    statuses = [_status(url, tls["context"], "guess")[0] for _ in range(10)]
    assert statuses == [403] * 10  # EDIT_KEY_FAILURES (10) per address and game
    status, headers = _status(url, tls["context"], "guess")
    assert status == 429 and int(headers["Retry-After"]) >= 1
    for _ in range(4):
        assert _status(url, tls["context"], game["edit_key"])[0] == 409  # the right key: no tie-breaker pending
