"""Deckside: a companion for Phase 10 and UNO played around a real table.

``create_app(test_config=None)`` builds the Flask app: configuration, extensions,
blueprints, error handlers and CLI commands. Each game is a folder under :mod:`app.games` (its rules in
its ``engine/``); what every game shares lives in :mod:`app.engine`.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import cast

from flask import Flask
from flask.json.provider import DefaultJSONProvider

ROOT = Path(__file__).resolve().parent.parent


def create_app(test_config=None) -> Flask:
    """Build the app. ``test_config`` (a mapping) overrides every other setting."""
    app = Flask(
        __name__,
        instance_path=str(ROOT / "instance"),
        instance_relative_config=True,
        template_folder=str(ROOT / "templates"),
        static_folder=str(ROOT / "static"),
    )
    from .config import Defaults, database_url, load_secret_key

    app.config.from_object(Defaults)
    app.config["SQLALCHEMY_DATABASE_URI"] = database_url()
    app.config.from_pyfile("config.py", silent=True)
    if test_config is not None:
        app.config.from_mapping(test_config)
    Path(app.instance_path).mkdir(parents=True, exist_ok=True)
    if app.config.get("HEAVY_SLOTS") in ("", None):
        from .heavy import default_slots

        app.config["HEAVY_SLOTS"] = default_slots()
    if app.config.get("SWITCH_INTERVAL_SECONDS") not in ("", None):  # short requests beside long work (config.py)
        sys.setswitchinterval(float(app.config["SWITCH_INTERVAL_SECONDS"]))
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = load_secret_key(app.instance_path)
    # Answers keep the contract's order ("valid", "phase", "groups", "reasons"); app.json is typed as the
    # JSONProvider interface, but it is Flask's default provider, which has sort_keys.
    cast(DefaultJSONProvider, app.json).sort_keys = False

    from . import assets, database, errors, games, i18n, ratelimits, security, views

    database.init_app(app)
    i18n.init_app(app)
    errors.init_app(app)
    security.init_app(app)
    ratelimits.init_app(app)
    assets.init_app(app)  # compression, versioned static URLs with cache headers
    views.init_app(app)
    try:
        games.init_app(app)  # each game's templates and static files, from its folder
    except games.registry.GameError:
        from .extensions import db

        with app.app_context():  # a refused game stops the app: let its database connections go with it
            db.engine.dispose()
        raise

    from .cli import register_cli

    register_cli(app)
    return app
