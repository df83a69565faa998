"""The JSON API (``/api/...``): the engine for programs, as ../shared/API.md fixes it."""

from flask import Blueprint

bp = Blueprint("api", __name__, url_prefix="/api")

from . import games, imports, play, rules  # noqa: E402,F401  (register the routes)
from . import edge, openapi  # noqa: E402,F401  (the document, body checks and headers of every route)

bp.after_request(edge.finish)
