"""Fixtures for the hardening tests: a real threaded server and the production server in its own process.

Every fixture takes its database from ``database_url`` (tests/conftest.py): a temporary SQLite
file, or the PostgreSQL database named by ``TEST_DATABASE_URL`` (``make test-postgres``).
"""

from __future__ import annotations

import os
import threading

import pytest
from hardening_support import HIGH_LIMITS, ServerProcess
from werkzeug.serving import make_server

from app import create_app
from app.extensions import db

# Restarting the database server needs one of its own (scripts/pg-test.sh, make test-postgres).
collect_ignore = [] if os.environ.get("PG_TEST_DATA") else ["test_postgres_restart.py"]


@pytest.fixture
def served(database_url):
    """The app served by werkzeug's threaded server on a free loopback port; yields its base URL."""
    app = create_app(
        {"TESTING": True, "SQLALCHEMY_DATABASE_URI": database_url, "SECRET_KEY": "test-only", **HIGH_LIMITS}
    )
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(10)
    server.server_close()
    with app.app_context():
        db.engine.dispose()


@pytest.fixture
def server_process(database_url, tmp_path):
    server = ServerProcess(database_url, tmp_path)
    yield server
    server.kill()
