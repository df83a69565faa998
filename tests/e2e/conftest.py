"""Browser tests: the real app on a free port of 127.0.0.1, driven by Debian's Chromium at phone size.

- The app runs in a thread (``werkzeug.serving.make_server``) on a temporary SQLite file.
- Every page is a phone: 390×844 CSS px, touch, mobile viewport.
- A test fails if any page asks for an address other than the app itself.
- Review screenshots (the ``shot`` fixture) go under ``test-artifacts/screenshots/`` when ``DECKSIDE_SHOTS=1``
  (``make screenshots``); ``make test`` does not take them (a full-page screenshot costs a third of a second of
  CPU, 400 of them were a tenth of the suite's time). A failed test's screenshots are always taken.
- axe-core comes from ``node_modules`` (``npm ci`` in ``make test``); it is injected by the tests only.

Nothing here skips: a missing Chromium or axe-core is an error that says what to install.
"""

from __future__ import annotations

import os
import re
import threading
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from e2e_helpers import AXE
from werkzeug.serving import make_server

from app import create_app

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")
SHOTS = ROOT / "test-artifacts" / "screenshots"
TAKE_SHOTS = os.environ.get("DECKSIDE_SHOTS") == "1"
"""Whether the ``shot`` fixture saves review screenshots (``make screenshots`` sets ``DECKSIDE_SHOTS=1``)."""
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 1}

_external: list[str] = []


def pytest_terminal_summary(terminalreporter):
    if SHOTS.exists() and any(SHOTS.rglob("*.png")):
        count = sum(1 for _ in SHOTS.rglob("*.png"))
        terminalreporter.write_line(f"browser tests: {count} screenshots in {SHOTS}")


@pytest.fixture(scope="session", autouse=True)
def _tools_present():
    """Fail (never skip) with the install step when the browser or axe-core is missing."""
    problems = []
    if not CHROMIUM.exists():
        problems.append(
            f"{CHROMIUM} is missing: install Debian's package `chromium` (apt-get install -y chromium), "
            "or run `make test` as root, which installs it"
        )
    if not AXE.exists():
        problems.append(f"{AXE} is missing: run `npm ci` at the repository root (`make test` does)")
    if problems:
        pytest.fail("; ".join(problems), pytrace=False)
    SHOTS.mkdir(parents=True, exist_ok=True)


@pytest.fixture(scope="session")
def live_app(tmp_path_factory):
    """The app on a temporary SQLite file; yields the Flask app while the server runs."""
    folder = tmp_path_factory.mktemp("e2e")
    app = create_app(
        {
            "TESTING": True,
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder / 'e2e.sqlite'}",
            "SECRET_KEY": "e2e-only",
        }
    )
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, name="e2e-server", daemon=True)
    thread.start()
    app.config["E2E_URL"] = f"http://127.0.0.1:{server.server_port}"
    yield app
    server.shutdown()
    thread.join(timeout=5)
    server.server_close()


@pytest.fixture(scope="session")
def base_url(live_app) -> str:
    return live_app.config["E2E_URL"]


@pytest.fixture(scope="session")
def browser_type_launch_args():
    return {
        "executable_path": str(CHROMIUM),
        "headless": True,
        "args": [
            "--headless",
            "--no-sandbox",
            "--disable-background-networking",
            "--disable-component-update",
            "--no-first-run",
            "--disable-dev-shm-usage",
            "--disable-gpu",
            "--disable-quic",
            "--disable-sync",
            # What a phone's page does not need and costs CPU on a 2-core machine running two browsers (about a
            # tenth of the browser tests' time): a process per site, translation, hints and casting services, the
            # crash reporter and the hang monitor.
            "--disable-features=site-per-process,IsolateOrigins,Translate,OptimizationHints,MediaRouter,"
            "DialMediaRouteProvider,AutofillServerCommunication,CertificateTransparencyComponentUpdater",
            "--disable-breakpad",
            "--disable-hang-monitor",
            "--disable-client-side-phishing-detection",
            "--disable-default-apps",
            "--metrics-recording-only",
            "--password-store=basic",
        ],
    }


@pytest.fixture(scope="session")
def browser_context_args(base_url):
    # bypass_csp: axe-core is injected as a script element; the app's own pages never need it.
    return {**PHONE, "base_url": base_url, "bypass_csp": True, "locale": "en-GB"}


@pytest.fixture(autouse=True)
def _only_the_app():
    """Fail the test when any page (or its service worker) asked for another address."""
    _external.clear()
    yield
    assert not _external, f"requests to addresses other than the app: {_external}"


def watch(context, base_url: str) -> None:
    """Record every request of ``context`` that leaves the app (data: and blob: URLs stay on the phone)."""
    app = urlsplit(base_url)

    def seen(req):
        url = urlsplit(req.url)
        if url.scheme in ("data", "blob", "about", "chrome-extension"):
            return
        if (url.scheme, url.netloc) != (app.scheme, app.netloc):
            _external.append(req.url)

    context.on("request", seen)


@pytest.fixture
def context(new_context, base_url):
    ctx = new_context()
    watch(ctx, base_url)
    return ctx


@pytest.fixture
def phone(browser, browser_context_args, base_url):
    """A function opening another phone (a new browser context: its own cookies and storage)."""
    opened = []

    def open_phone():
        ctx = browser.new_context(**browser_context_args)
        watch(ctx, base_url)
        opened.append(ctx)
        return ctx

    yield open_phone
    for ctx in opened:
        ctx.close()


class Shots:
    """Numbered full-page screenshots of one test, under test-artifacts/screenshots/<test>/ (with
    ``DECKSIDE_SHOTS=1``)."""

    def __init__(self, name: str) -> None:
        self.folder = SHOTS / re.sub(r"[^\w.-]+", "_", name)
        self.count = 0

    def __call__(self, page, label: str, full_page: bool = True) -> Path | None:
        """Save a screenshot of ``page`` for review; nothing (``None``) unless screenshots are asked for."""
        if not TAKE_SHOTS:
            return None
        self.count += 1
        self.folder.mkdir(parents=True, exist_ok=True)
        path = self.folder / f"{self.count:02d}-{label}.png"
        if full_page:
            page.evaluate("window.scrollTo(0, 0)")  # else the sticky top bar is drawn mid-page
        page.screenshot(path=str(path), full_page=full_page, animations="disabled")
        return path


@pytest.fixture
def shot(request) -> Shots:
    return Shots(request.node.name)
