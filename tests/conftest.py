"""Shared fixtures: an app on a fresh database, its test client and CLI runner.

The database is a temporary SQLite file, or, when ``TEST_DATABASE_URL`` is set (``make
test-postgres`` sets it), that PostgreSQL database emptied before each test.
"""

from __future__ import annotations

import os
import re
import shutil
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import jinja2
import jinja2.bccache
import pytest
import werkzeug.routing.rules
from flask import Flask
from playwright.sync_api import Error as PlaywrightError
from sqlalchemy import create_engine, text
from sqlalchemy.pool import NullPool

from app import create_app
from app.extensions import db
from app.models import utcnow

FAILURES = Path(__file__).resolve().parent.parent / "test-artifacts" / "failures"

# Creation is rate-limited per client (app/ratelimits.py); the suite creates far more than a table does.
# Tests of the limit set RATELIMIT_CREATE themselves. Servers started by tests inherit this too.
os.environ.setdefault("DECKSIDE_CREATE_LIMIT", "100000 per minute")
# Bots move for 100 ms per request (then the game continues on the next read); the suite's bot games are
# checked once finished, so it lets them run to the end at once. test_bot_budget.py tests the bound.
os.environ.setdefault("DECKSIDE_BOT_BUDGET_MS", "60000")
# The workers' short thread switches (app/config.py SWITCH_INTERVAL_SECONDS) are for a server's threads beside long
# work; in the test processes, where the browser's driver and the app share one interpreter, Python's own.
# test_heavy.py checks the deployed setting.
os.environ.setdefault("DECKSIDE_SWITCH_INTERVAL_SECONDS", "")

TEST_DATABASE_URL = os.environ.get("TEST_DATABASE_URL", "").strip() or None


class _TemplateCodeCache(jinja2.BytecodeCache):
    """Compiled templates shared by every app this test process makes (each test makes its own app, and each app
    its own Jinja environment, which would compile every template it renders again). Jinja keys a template's
    code by its name and its source's checksum, so a template changed on disk is compiled again."""

    def __init__(self) -> None:
        self.code: dict[str, bytes] = {}

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        if bucket.key in self.code:
            bucket.bytecode_from_string(self.code[bucket.key])

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self.code[bucket.key] = bucket.bytecode_to_string()


Flask.jinja_options = {**Flask.jinja_options, "bytecode_cache": _TemplateCodeCache()}


_builders: dict[tuple, Any] = {}
_compile_builder = werkzeug.routing.rules.Rule._compile_builder


def _shared_builder(rule: werkzeug.routing.rules.Rule, append_unknown: bool = True) -> Any:
    """URL builders shared by every app this test process makes, as the templates' code above. werkzeug compiles
    a builder for each of a rule's two uses (two thirds of ``create_app``'s time, about 35 ms an app); the
    function it makes depends only on the rule's parts, its defaults and ``append_unknown`` (the rule itself comes
    in as its first argument), so one made for an equal rule of an earlier app is the same function."""
    try:
        key = (rule.rule, tuple(rule._trace), tuple(sorted((rule.defaults or {}).items())), append_unknown)
        hash(key)
    except TypeError:  # a default that cannot be a key: compiled as werkzeug does
        return _compile_builder(rule, append_unknown)
    if key not in _builders:
        _builders[key] = _compile_builder(rule, append_unknown)
    return _builders[key]


werkzeug.routing.rules.Rule._compile_builder = _shared_builder  # type: ignore[method-assign]


def pytest_sessionstart(session):
    """Compile any catalogue whose .mo is missing or older than its .po (``make compile-messages`` does the same);
    empty the browser tests' screenshot folder once per run (by the run, not by each of the suite's workers)."""
    import shutil
    from pathlib import Path

    shots = Path(__file__).resolve().parent.parent / "test-artifacts" / "screenshots"
    if not hasattr(session.config, "workerinput") and shots.exists():
        shutil.rmtree(shots)

    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    for po in Path(__file__).resolve().parent.parent.glob("app/translations/*/LC_MESSAGES/messages.po"):
        mo = po.with_suffix(".mo")
        if not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime:
            with po.open("rb") as source:
                catalog = read_po(source, locale=po.parent.parent.name)
            partial = mo.with_suffix(f".mo.{os.getpid()}")  # the suite's workers may compile at once
            with partial.open("wb") as target:
                write_mo(target, catalog)
            partial.replace(mo)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """A failed browser test says what every phone showed: each open page's address and the start of its
    text in the report, and a screenshot of it under ``test-artifacts/failures/<test>/``."""
    outcome = yield
    report = outcome.get_result()
    browser = item.funcargs.get("browser") if hasattr(item, "funcargs") else None
    if report.when != "call" or not report.failed or browser is None:
        return
    folder = FAILURES / re.sub(r"[^\w.-]+", "_", item.name)
    folder.mkdir(parents=True, exist_ok=True)
    lines = []
    for c, context in enumerate(browser.contexts):
        for n, page in enumerate(context.pages):
            try:
                page.screenshot(path=str(folder / f"phone{c}-page{n}.png"), full_page=True, timeout=5000)
                shown = " ".join(page.inner_text("body", timeout=2000).split())[:400]
            except PlaywrightError as error:  # a page that is gone or hung: say so, keep the report
                shown = f"(could not be read: {error.__class__.__name__})"
            lines.append(f"phone {c}, page {n}: {page.url}\n  {shown}")
    report.sections.append(("what the phones showed", "\n".join(lines) + f"\nscreenshots: {folder}"))


def empty_postgres(url: str) -> None:
    """Drop everything in the database's public schema (each test starts from an empty database)."""
    engine = create_engine(url, poolclass=NullPool)
    with engine.begin() as connection:
        connection.execute(text("DROP SCHEMA public CASCADE"))
        connection.execute(text("CREATE SCHEMA public"))
    engine.dispose()


@pytest.fixture
def database_url(tmp_path):
    """The URL of an empty database for one test: PostgreSQL when TEST_DATABASE_URL is set, else SQLite."""
    if TEST_DATABASE_URL:
        empty_postgres(TEST_DATABASE_URL)
        return TEST_DATABASE_URL
    return f"sqlite:///{tmp_path / 'test.sqlite'}"


_schema_template: list[Path] = []


def _from_template(database_url: str) -> None:
    """Put a copy of an empty database at the current schema where the SQLite ``database_url`` points (made once per
    test process by ``create_app`` itself): creating the tables and stamping them is most of an app's start after
    its URL builders, and each test makes its own app. PostgreSQL databases are made as they are."""
    if not database_url.startswith("sqlite:///"):
        return
    target = Path(database_url.removeprefix("sqlite:///"))
    if not _schema_template:  # beside the tests' own folders (the test's is the database's)
        made = target.parent.parent / f"schema-template-{os.getpid()}.sqlite"
        template = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": f"sqlite:///{made}", "SECRET_KEY": "t"})
        with template.app_context():
            db.engine.dispose()  # the last connection closed: the write-ahead log is folded into the file
        _schema_template.append(made)
    if not target.exists():
        shutil.copyfile(_schema_template[0], target)


@pytest.fixture
def app(database_url):
    _from_template(database_url)
    app = create_app(
        {
            "TESTING": True,
            "SQLALCHEMY_DATABASE_URI": database_url,
            "SECRET_KEY": "test-only",
        }
    )
    yield app
    with app.app_context():
        db.engine.dispose()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()


@pytest.fixture
def csrf_token():
    """A function giving the CSRF token of the form on a page (forms are tested with CSRF on)."""
    return _csrf_token


def _csrf_token(client, url: str) -> str:
    page = client.get(url).get_data(as_text=True)
    match = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page) or re.search(
        r'name="(?:[\w-]+-)?csrf_token"[^>]*value="([^"]+)"', page
    )
    assert match, f"no CSRF token on {url}"
    return match.group(1)


class ManualClock:
    """A clock that stands still until a test moves it: ``clock()`` is the time, ``clock.advance(s)`` moves it.

    It tells the time as the app's ``models.utcnow`` does (it starts there), so a test puts it in its place.
    """

    def __init__(self) -> None:
        self.now = utcnow()

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


@pytest.fixture
def clock() -> ManualClock:
    """An injected clock instead of ``time.sleep``: ``monkeypatch.setattr(module, "utcnow", clock)``, then
    ``clock.advance(seconds)``."""
    return ManualClock()
