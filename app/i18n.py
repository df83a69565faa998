"""Flask-Babel wiring: the locale, and the engine's messages translated in the request's language."""

from __future__ import annotations

from flask import Flask, current_app, has_request_context, request
from flask_babel import get_locale, gettext

from .engine import i18n as engine_i18n
from .extensions import babel


def select_locale() -> str:
    """The best of the configured languages for ``Accept-Language``, matched on the primary code."""
    if not has_request_context():
        return current_app.config["BABEL_DEFAULT_LOCALE"]
    languages = current_app.config["LANGUAGES"]
    for entry, _quality in request.accept_languages:
        primary = entry.split("-")[0].lower()
        if primary in languages:
            return primary
    return current_app.config["BABEL_DEFAULT_LOCALE"]


def init_app(app: Flask) -> None:
    babel.init_app(app, locale_selector=select_locale)
    engine_i18n.set_translator(gettext)

    @app.context_processor
    def locale_context():
        locale = get_locale()
        return {"lang": str(locale or "en"), "text_direction": getattr(locale, "text_direction", "ltr")}
