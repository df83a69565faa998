"""Flask-Babel wiring: the locale, the language picker, and the engine's messages in the request's language.

The language of an answer is, in order: the one chosen with the picker (the ``lang`` cookie), the
``Accept-Language`` entry with the highest q > 0 whose primary subtag is one of ``LANGUAGES``,
else English. Every answer says which in ``Content-Language``.
"""

from __future__ import annotations

from functools import cache
from typing import Literal, cast
from urllib.parse import urlsplit

from babel import Locale
from babel.support import NullTranslations
from flask import (
    Blueprint,
    Flask,
    Response,
    current_app,
    g,
    has_app_context,
    has_request_context,
    redirect,
    request,
    url_for,
)
from flask_babel import format_date, format_decimal, get_locale, get_translations
from markupsafe import Markup

from .engine import i18n as engine_i18n
from .engine.listing import join_list
from .extensions import babel

COOKIE = "lang"
LRM = "\u200e"  # LEFT-TO-RIGHT MARK
COOKIE_AGE = 365 * 24 * 3600

# English lists read "Ana, Ben and Cy" (Babel's en_GB pattern; plain "en" adds the serial comma).
_LIST_LOCALE = {"en": "en_GB"}

bp = Blueprint("i18n", __name__)


def _supported(code: str | None) -> str | None:
    """``code``'s primary subtag when it is one of the configured languages."""
    if not code:
        return None
    primary = code.replace("_", "-").split("-")[0].strip().lower()
    return primary if primary in current_app.config["LANGUAGES"] else None


def select_locale() -> str:
    """The picker's cookie, else the best ``Accept-Language`` entry (q > 0, primary subtag), else the default."""
    if not has_request_context():
        return current_app.config["BABEL_DEFAULT_LOCALE"]
    chosen = _supported(request.cookies.get(COOKIE))
    if chosen:
        return chosen
    entries = sorted(request.accept_languages, key=lambda item: item[1], reverse=True)  # stable: header order on ties
    for entry, quality in entries:
        if quality > 0:
            code = _supported(entry)
            if code:
                return code
    return current_app.config["BABEL_DEFAULT_LOCALE"]


def current_language() -> str:
    """The request's language code (``"en"`` outside a request)."""
    return str(get_locale() or current_app.config["BABEL_DEFAULT_LOCALE"])


_NO_CATALOGUE = NullTranslations()


def catalogue() -> NullTranslations:
    """The request's catalogue, looked up once per context and locale: flask-babel's ``get_translations`` finds
    it again for every string (10–40 µs each, 0.2 µs from here), and a digital game's log or a long sheet
    words hundreds of them. A ``force_locale`` block (another locale object) gets its own."""
    if not has_app_context():
        return _NO_CATALOGUE
    locale = get_locale()
    held = g.get("_deckside_catalogue")
    if held is None or held[0] is not locale:
        held = g._deckside_catalogue = (locale, get_translations())
    return cast(NullTranslations, held[1])


def translate(message: str) -> str:
    """``message`` from the request's catalogue (the template as is when it has none); formatting is left to the
    caller."""
    return catalogue().ugettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The catalogue's form of ``singular``/``plural`` for ``count``; formatting is left to the caller."""
    return catalogue().ungettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """The catalogue's ``message`` in ``context``."""
    return catalogue().upgettext(context, message)


def plural_forms(singular: str, plural: str) -> dict[str, str]:
    """The catalogue's forms of ``singular``/``plural`` keyed by CLDR plural category ("one", "few", "other"…).

    For page scripts: the browser picks the category of a count with ``Intl.PluralRules`` (the same CLDR
    rules) and fills in ``{n}``, so a count reads as the language says it ("20 de cărți", "קלף אחד"),
    not as English's one/other. Extract with ``-k plural_forms:1,2``.
    """
    language = current_language() if has_request_context() else "en"
    return {category: ngettext(singular, plural, count) for category, count in _plural_samples(language).items()}


@cache
def _plural_samples(language: str) -> dict[str, int]:
    """A whole number of each CLDR plural category of ``language`` (the smallest from 0 to 1000)."""
    rule = Locale.parse(language).plural_form
    samples: dict[str, int] = {}
    for count in range(1001):
        samples.setdefault(rule(count), count)
    return samples


def format_list(items, style: Literal["standard", "or"] = "standard") -> str:
    """``items`` joined as the request's language joins a list ("Ana, Ben und Cy"); ``style="or"`` for alternatives
    (Babel's CLDR patterns, or the language's own "and": :mod:`app.engine.listing`)."""
    language = current_language() if has_request_context() else "en"
    return join_list([str(item) for item in items], list_patterns(language)[style], language, style)


@cache
def list_patterns(language: str) -> dict[str, dict[str, str]]:
    """CLDR's list patterns of ``language`` for ``standard`` and ``or`` lists (Babel's data, read once): what
    :func:`app.engine.listing.join_list` joins with, here and in the phone's browser (the sheet page hands them
    over)."""
    patterns = Locale.parse(_LIST_LOCALE.get(language, language)).list_patterns
    return {style: dict(patterns[style]) for style in ("standard", "or")}


def format_names(names) -> Markup:
    """Players' names as a list of the request's language, each in ``<bdi>`` (for pages)."""
    return Markup(format_list([Markup("<bdi>{}</bdi>").format(name) for name in names]))


def format_number(value) -> str:
    """``value`` as the request's language writes numbers ("12,345"; "12.345" in German; Babel's data).

    In a right-to-left language a negative number starts with a left-to-right mark, so that its minus stays in
    front ("-2,300", not "2,300-") in a table cell or a sentence.
    """
    if not has_request_context():
        return str(value)
    text = format_decimal(value)
    if value < 0 and text_direction(current_language()) == "rtl" and not text.startswith(LRM):
        text = LRM + text
    return text


def language_choices() -> list[dict]:
    """The picker's entries: code, the language's own name and its direction, in the configured order."""
    return [
        # Babel has a name for each language the app offers (LANGUAGES), in that language.
        {
            "code": code,
            "name": cast(str, Locale.parse(code).get_display_name(code)).capitalize(),
            "dir": text_direction(code),
        }
        for code in current_app.config["LANGUAGES"]
    ]


def text_direction(code: str) -> str:
    """``"rtl"`` or ``"ltr"``: how ``code`` is written (Babel's locale data)."""
    return Locale.parse(code).text_direction


def _safe_next(target: str | None) -> str:
    """A local path to go back to (never another site); the home page otherwise."""
    if not target:
        return url_for("main.home")
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or not target.startswith("/") or target.startswith("//") or "\\" in target:
        return url_for("main.home")
    return target


@bp.get("/language/<code>")
def choose_language(code: str):
    """The picker: remember ``code`` in a cookie and go back to the page it was chosen on."""
    response = redirect(_safe_next(request.args.get("next")), code=303)
    chosen = _supported(code)
    if chosen and chosen == code:
        response.set_cookie(COOKIE, chosen, max_age=COOKIE_AGE, samesite="Lax", httponly=True)
    return response


def init_app(app: Flask) -> None:
    babel.init_app(app, locale_selector=select_locale)
    # Babel reads a locale's CLDR data on first use (a quarter of a second): read English's list
    # pattern now, so that the first request a worker answers does not wait for it.
    list_patterns("en")
    engine_i18n.set_translator(translate, ngettext=ngettext, join=format_list, number=format_number, pgettext=pgettext)
    # The pages' strings through the same catalogue (flask-babel installs callables that look it up per string).
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=translate,
        ngettext=ngettext,
        newstyle=True,
        pgettext=pgettext,
        npgettext=lambda c, s, p, n: catalogue().unpgettext(c, s, p, n),
    )
    app.register_blueprint(bp)
    app.jinja_env.globals.update(
        format_list=format_list,
        format_names=format_names,
        plural_forms=plural_forms,
        format_number=format_number,
        format_date=format_date,
    )

    @app.context_processor
    def locale_context():
        language = current_language()
        return {
            "lang": language,
            "text_direction": text_direction(language),
            "languages": language_choices(),
        }

    @app.after_request
    def content_language(response: Response) -> Response:
        if has_request_context():
            response.headers["Content-Language"] = current_language()
            if request.endpoint != "static":  # static files are the same in every language
                response.vary.add("Accept-Language")
                response.vary.add("Cookie")
        return response
