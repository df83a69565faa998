"""The JSON API (``/api/...``): the engine for programs, as ../shared/API.md fixes it."""

from flask import Blueprint

bp = Blueprint("api", __name__, url_prefix="/api")

# The routes, then the edge (body checks, Location, 412) and the document that describes them all.
from ..games import registry  # noqa: E402
from . import claims, crews, drafts, edge, games, imports, live, openapi, play, tables  # noqa: E402,F401
from .schemas import ENDPOINTS  # noqa: E402,F401  (imports each game's API module, after every shared shape)

for _game in registry.all_games():  # each game's own endpoints (its folder's api.py), on this blueprint
    _module = _game.api_module()
    if _module is not None:
        _module.add_routes(bp)

bp.after_request(edge.finish)
