"""The JSON API (``/api/...``): the engine for programs, as ../shared/API.md fixes it."""

from flask import Blueprint

bp = Blueprint("api", __name__, url_prefix="/api")

# The routes, then the edge (body checks, Location, 412) and the document that describes them all.
from . import claims, crews, drafts, edge, games, imports, live, openapi, play, rules, tables  # noqa: E402,F401

bp.after_request(edge.finish)
