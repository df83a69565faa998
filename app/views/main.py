"""Home page, and the service worker (served from the root so that its scope is the whole app)."""

import functools
import hashlib
import json
from pathlib import Path

from flask import Blueprint, Response, current_app, render_template, request, url_for
from flask_babel import force_locale
from flask_babel import gettext as _
from flask_wtf.csrf import generate_csrf
from markupsafe import escape

from ..games import registry
from ..i18n import current_language, format_list, text_direction

bp = Blueprint("main", __name__)

# The static files a score sheet needs offline, cached when the service worker installs;
# every other static file is cached the first time a page uses it.
PRECACHE = (
    "css/app.css",
    "js/sheets.js",
    "js/keypad.js",
    "js/offline.js",
    "js/focus.js",
    "js/draft.js",  # the round form's and the hand page's (which opens offline on a phone that never loaded it)
    "js/live.js",
    "js/handover.js",
    "icons/icon.svg",
    "manifest.webmanifest",
)


@bp.app_context_processor
def game_registry():
    """Every template may ask the registry: ``registered_games`` (in order) and ``game_type(kind)``; and
    ``sheet_title(game)``: a sheet's game name ("Hearts") or its kind's."""
    from ..services.sheets import title_of

    return {"registered_games": registry.all_games(), "game_type": registry.get, "sheet_title": title_of}


def product_words() -> dict[str, str]:
    """The product's own words (its name, its description, the home page's lines), in the request's language. They
    name the games the product is made for, the registered games that say so (:attr:`GameType.headline`), by their
    own names: no shared file names a game."""
    names = [str(game.name) for game in registry.all_games() if game.headline]
    both, either = format_list(names), format_list(names, style="or")  # as the language joins a list
    return {
        "name": _("Deckside: %(games)s at the table", games=both),
        "description": _(
            "Score sheets, a phase checker and digital games for %(games)s played with a real deck.", games=both
        ),
        "lead": _("The companion for %(games)s played with a real deck.", games=both),
        "sheets": _(
            "Keep the score of a real-deck %(games)s game, or of any game scored in points: rounds, standings, "
            "the winner.",
            games=either,
        ),
        "play": _("A digital %(games)s game on this device: bots and friends passing the phone.", games=either),
    }


@bp.app_context_processor
def product():
    """Every template may say the product's words: ``product.description`` and the rest of :func:`product_words`."""
    return {"product": product_words()}


def precache_urls() -> list[str]:
    """The addresses of the shared static files and of each game's page script and stylesheets."""
    shared = [url_for("static", filename=name) for name in PRECACHE]
    games = registry.all_games()
    return [*shared, *(g.script_url for g in games if g.script_url), *(url for g in games for url in g.style_urls)]


@bp.get("/")
def home():
    return render_template("main/home.html")


def _offline_text() -> dict[str, str]:
    """The offline page's words in the request's language, HTML-escaped (static/js/sw.js builds the page)."""
    texts = {
        "title": _("Offline"),
        "heading": _("No connection"),
        "body": _("This page was not opened on this phone before, so there is no copy to show."),
        "sheets": _("Score sheets opened before still work: <a>your sheets</a>."),
    }
    escaped = {key: str(escape(value)) for key, value in texts.items()}
    before, _tag, rest = escaped["sheets"].partition("&lt;a&gt;")
    inside, _tag, after = rest.partition("&lt;/a&gt;")
    escaped["sheets"] = f'{before}<a href="{url_for("sheets.recent")}">{inside}</a>{after}'
    escaped.update(lang=current_language(), dir=text_direction(current_language()))
    return escaped


def _offline_texts() -> dict[str, object]:
    """The offline page in every language the app offers (issue 25: a phone that changes its language after the
    worker was installed gets the page in its language now): ``{"default": <request's language>, "texts": {code:
    words}}``. The worker takes the language of the last page it fetched (its ``Content-Language``)."""
    texts = {}
    for code in current_app.config["LANGUAGES"]:
        with force_locale(code):
            texts[code] = _offline_text()
    return {"default": current_language(), "texts": texts}


@bp.get("/manifest.webmanifest")
def manifest():
    """The web-app manifest in the request's language (static/manifest.webmanifest holds the rest)."""
    data = json.loads(Path(current_app.static_folder, "manifest.webmanifest").read_text(encoding="utf-8"))
    language = current_language()
    words = product_words()
    data.update(
        name=words["name"],
        short_name=_("Deckside"),
        description=words["description"],
        lang=language,
        dir=text_direction(language),
    )
    return Response(
        json.dumps(data, ensure_ascii=False),
        mimetype="application/manifest+json",
        headers={"Cache-Control": "no-cache"},
    )


@bp.get("/sw.js")
def service_worker():
    """The service worker: static/js/sw.js with its cache version and precache list in front."""
    source = Path(current_app.static_folder, "js", "sw.js").read_text(encoding="utf-8")
    precache = precache_urls()
    version = hashlib.sha256(json.dumps(precache).encode()).hexdigest()[:12]
    head = (
        f"var VERSION = {json.dumps(version)};\nvar PRECACHE = {json.dumps(precache)};\n"
        f"var OFFLINE = {json.dumps(_offline_texts())};\n"
    )
    return Response(
        head + source, mimetype="text/javascript", headers={"Cache-Control": "no-cache", "Service-Worker-Allowed": "/"}
    )


@bp.get("/csrf-token")
def csrf_token():
    """A form token for this phone's session as it is now: the offline queue sends a round kept on the phone
    (perhaps across a browser restart, which ends the session its cached form was made in) with a fresh one."""
    return Response(
        json.dumps({"token": generate_csrf()}), mimetype="application/json", headers={"Cache-Control": "no-store"}
    )


@bp.get("/engine.zip")
def engine_zip():
    """The rules engine's Python source for the phone's browser (app/enginezip.py): it counts the rounds kept without
    a connection. Asked for with its version (``?v=``, :func:`engine_url`), it is kept for a year."""
    from ..enginezip import bundle

    data, version = bundle()
    response = Response(data, mimetype="application/zip")
    response.headers["Cache-Control"] = (
        "public, max-age=31536000, immutable" if request.args.get("v") == version else "no-cache"
    )
    response.set_etag(version)
    return response.make_conditional(request)


def engine_url() -> str:
    """The address of the engine's zip, with its version."""
    from ..enginezip import bundle

    return url_for("main.engine_zip", v=bundle()[1])


def pyodide_url() -> str | None:
    """The address of Pyodide's module (``static/vendor/pyodide-<version>/pyodide.mjs``, put there by ``make run``
    and ``make test`` from vendor/package.json), ``None`` when it is not there: the page then counts no kept round."""
    found = _pyodide_file(str(current_app.static_folder))
    return url_for("static", filename=found) if found else None


@functools.cache
def _pyodide_file(static: str) -> str | None:
    """Pyodide's module under ``static`` (looked for once per process: it does not change under a running server)."""
    found = sorted(Path(static).glob("vendor/pyodide-*/pyodide.mjs"))
    return found[-1].relative_to(static).as_posix() if found else None
