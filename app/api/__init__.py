"""The JSON API (``/api/...``): the engine for programs, as ../shared/API.md fixes it."""

from flask import Blueprint

bp = Blueprint("api", __name__, url_prefix="/api")

from . import games, imports, play, rules  # noqa: E402,F401  (register the routes)
