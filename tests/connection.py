"""A phone's connection in browser tests: cut at the network, not only announced.

Playwright's offline emulation (``BrowserContext.set_offline``) sets ``navigator.onLine`` and fails the page's
own requests, but with a service worker between page and network Chromium does not always apply it: a page the
worker answered from its cache sometimes reported itself online, and its requests reached the server (seen in
CI: a round kept offline was stored while the phone was still offline). So :func:`go_offline` also aborts every
request the browser context makes (the pages' and the service worker's) as a dropped connection would, and
:func:`go_online` lifts that before the browser announces the connection again."""

from __future__ import annotations

from playwright.sync_api import BrowserContext, Page, Route
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

EVERYTHING = "**/*"


def _dropped(route: Route) -> None:
    route.abort("internetdisconnected")


def go_offline(context: BrowserContext) -> None:
    context.route(EVERYTHING, _dropped)
    context.set_offline(True)


def go_online(context: BrowserContext) -> None:
    context.unroute(EVERYTHING, _dropped)
    context.set_offline(False)


def controlled(page: Page) -> None:
    """Wait (30 s at most) until the service worker is active and controls this page, loading the page again
    if it is not controlled once the worker is active. A page whose load was under way while the worker
    activated is not always claimed by it (seen in CI: ``serviceWorker.ready`` resolved, the controller stayed
    null for 30 s); any page loaded after activation is controlled."""
    page.evaluate(
        "() => Promise.race([navigator.serviceWorker.ready, new Promise((r) => setTimeout(r, 30000))]).then(() => null)"
    )
    try:
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=3000)
    except PlaywrightTimeoutError:
        page.reload()
        page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=30000)


def engine_kept(page: Page, ask: bool = False) -> None:
    """Wait until the service worker holds what the engine needs offline. The sheet page asks for it itself, online,
    3 s after it loads (static/js/offline.js, warm); with ``ask`` the test asks for the same files at once, through
    the worker, as that does (a test that is about something else need not wait for it)."""
    kept = page.evaluate(
        """async (ask) => {
          const node = document.getElementById("offline-sheet");
          if (!node) return false;
          const offline = JSON.parse(node.dataset.offline);
          const folder = new URL(".", new URL(offline.pyodide, location.href)).href;
          const files = [offline.pyodide, folder + "pyodide.asm.wasm", folder + "python_stdlib.zip", offline.engine_zip];
          if (ask) {
            const all = files.concat([folder + "pyodide.asm.mjs", folder + "pyodide-lock.json"]);
            await Promise.all(all.map((url) => fetch(url, { cache: "no-cache" }).then((r) => r.arrayBuffer())));
          }
          for (let tries = 0; tries < 120; tries++) {
            const found = await Promise.all(files.map((url) => caches.match(url, { ignoreVary: true })));
            if (found.every(Boolean)) return true;
            await new Promise((resolve) => setTimeout(resolve, 500));
          }
          return false;
        }""",
        ask,
    )
    assert kept, "the service worker did not keep Pyodide and the engine within a minute"
