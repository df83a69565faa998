"""Home page, and the service worker (served from the root so that its scope is the whole app)."""

import hashlib
import json
from pathlib import Path

from flask import Blueprint, Response, current_app, render_template, url_for

from ..games import registry

bp = Blueprint("main", __name__)

# The static files a score sheet needs offline, cached when the service worker installs;
# every other static file is cached the first time a page uses it.
PRECACHE = ("css/app.css", "js/sheets.js", "js/keypad.js", "js/offline.js", "icons/icon.svg", "manifest.webmanifest")


@bp.app_context_processor
def game_registry():
    """Every template may ask the registry: ``registered_games`` (in order) and ``game_type(kind)``."""
    return {"registered_games": registry.all_games(), "game_type": registry.get}


def precache_files() -> list[str]:
    """The shared static files and each game's page script."""
    return [*PRECACHE, *(g.script for g in registry.all_games() if g.script)]


@bp.get("/")
def home():
    return render_template("main/home.html")


@bp.get("/sw.js")
def service_worker():
    """The service worker: static/js/sw.js with its cache version and precache list in front."""
    source = Path(current_app.static_folder, "js", "sw.js").read_text(encoding="utf-8")
    precache = [url_for("static", filename=name) for name in precache_files()]
    version = hashlib.sha256(json.dumps(precache).encode()).hexdigest()[:12]
    head = f"var VERSION = {json.dumps(version)};\nvar PRECACHE = {json.dumps(precache)};\n"
    return Response(
        head + source, mimetype="text/javascript", headers={"Cache-Control": "no-cache", "Service-Worker-Allowed": "/"}
    )
