"""Shared fixtures: an app on a temporary SQLite file, its test client and CLI runner."""

from __future__ import annotations

import re

import pytest

from app import create_app


@pytest.fixture
def app(tmp_path):
    app = create_app(
        {
            "TESTING": True,
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'test.sqlite'}",
            "SECRET_KEY": "test-only",
        }
    )
    yield app


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
