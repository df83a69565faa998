"""The web pages: one blueprint per area, each a thin layer over :mod:`app.engine`."""

from flask import Flask


def init_app(app: Flask) -> None:
    from ..api import bp as api_bp
    from ..extensions import csrf
    from . import crews, hands, main, play, rules, share, sheets, tables  # noqa: F401 - hands: routes of sheets.bp

    app.register_blueprint(main.bp)
    app.register_blueprint(rules.bp)
    app.register_blueprint(sheets.bp)
    app.register_blueprint(share.bp)
    app.register_blueprint(tables.bp)
    app.register_blueprint(crews.bp)
    app.register_blueprint(play.bp)
    csrf.init_app(app)
    csrf.exempt(api_bp)  # the JSON API authenticates writes with the edit key, not a cookie
    app.register_blueprint(api_bp)
