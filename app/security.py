"""Security on every response: headers, cookie flags, proxies, and a limit on wrong edit keys.

- Headers: a Content-Security-Policy that allows only the app's own scripts and styles (no inline
  script), ``frame-ancestors 'none'``, ``X-Content-Type-Options: nosniff`` and
  ``Referrer-Policy: same-origin``: the app's own pages send a Referer to the app (Flask-WTF's CSRF
  check over HTTPS requires a same-origin one), other sites get none. No address of the app holds a
  secret: edit keys travel in URL fragments (:mod:`app.handover`), which no Referer carries.
- Cookies: HttpOnly and SameSite from the config; Secure whenever the request came over HTTPS
  (directly, or through a trusted proxy's ``X-Forwarded-Proto`` with ``DECKSIDE_PROXIES`` set).
- Wrong edit keys (:func:`refuse_wrong_key`): counted per game, and per address within the game, in
  the database (so every worker process shares the counts); past the limit a wrong key gets 429 with
  ``Retry-After`` instead of 403. A right key is always accepted: the limit never locks out the people
  at a table who share a café's Wi-Fi or a carrier's address with someone guessing."""

from __future__ import annotations

from datetime import timedelta
from typing import NoReturn

from flask import Flask, Response, current_app, has_request_context, request
from flask.sessions import SecureCookieSessionInterface
from flask_babel import gettext as _
from sqlalchemy import delete, insert, select
from werkzeug.middleware.proxy_fix import ProxyFix

from .extensions import db
from .models import KeyFailure, utcnow

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        # WebAssembly from the app's own files: Pyodide, the engine counting rounds kept offline (app/provisional.py)
        "script-src 'self' 'wasm-unsafe-eval'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)

HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    # Same-origin pages get a Referer (Flask-WTF's CSRF check on HTTPS needs it); other sites get none.
    # No address of the app carries a secret (edit keys travel in the URL fragment, which no Referer holds).
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
}


class SessionInterface(SecureCookieSessionInterface):
    """Flask's signed-cookie session, with the Secure flag on whenever the request is HTTPS."""

    def get_cookie_secure(self, app: Flask) -> bool:
        return bool(app.config["SESSION_COOKIE_SECURE"]) or (has_request_context() and request.is_secure)


def _address() -> str:
    return (request.remote_addr or "?")[:64]


def refuse_wrong_key(
    game_id: str, wrong: str | None = None, too_many: str | None = None, status: int = 403, everyone: bool = True
) -> NoReturn:
    """Answer a wrong edit key for ``game_id``: 403, counted; 429 once the game's counts are over the limit.

    Called only after the key was compared and found wrong, so a right key is never refused. The
    failures are rows of ``key_failure`` (every worker process sees them), counted per game and per
    address within the game: ``EDIT_KEY_FAILURES`` from one address, or ``EDIT_KEY_GAME_FAILURES`` from
    all addresses together, within ``EDIT_KEY_WINDOW`` seconds. Past the limit nothing more is written
    (guessing cannot fill the table), and the answer tells the client when to try again. ``wrong`` and
    ``too_many`` replace the two sentences (a digital game's keys are edit and seat keys), ``status`` the 403
    (a wrong claim code is 404); ``everyone=False`` counts per address only (claim codes, which belong to no
    one game: guessers elsewhere must not lock a table's phones out).
    """
    from .errors import ApiError

    db.session.rollback()  # nothing of this request is kept; on SQLite, let go of the write lock first
    config = current_app.config
    window = timedelta(seconds=float(config["EDIT_KEY_WINDOW"]))
    now = utcnow()
    address = _address()
    with db.engine.connect().execution_options(sqlite_immediate=True) as connection, connection.begin():
        recent = connection.execute(
            select(KeyFailure.created_at, KeyFailure.address).where(
                KeyFailure.game_id == game_id, KeyFailure.created_at > now - window
            )
        ).all()
        mine = [at for at, by in recent if by == address]
        every = [at for at, _by in recent]
        over = [
            times
            for times, limit in ((mine, config["EDIT_KEY_FAILURES"]), (every, config["EDIT_KEY_GAME_FAILURES"]))
            if len(times) >= int(limit) and (everyone or times is mine)
        ]
        if over:
            oldest = min(over[0])
            wait = max(1, int((oldest + window - now).total_seconds()) + 1)
            raise ApiError(
                too_many or _("Too many wrong edit keys for this game: wait a few minutes and try again."),
                429,
                headers={"Retry-After": str(wait)},
            )
        connection.execute(delete(KeyFailure).where(KeyFailure.created_at <= now - window))
        connection.execute(insert(KeyFailure).values(game_id=game_id, address=address, created_at=now))
    raise ApiError(wrong or _("This edit key does not belong to this game."), status)


PROXY_SAMPLE = 20
"""How many requests after start :class:`ProxyCheck` looks at (then it looks no more)."""


class ProxyCheck:
    """Warns once, in the log, when ``DECKSIDE_PROXIES`` does not match how requests arrive, from the first
    :data:`PROXY_SAMPLE` requests a worker serves:

    - set, but a request came without ``X-Forwarded-For``: it reached the app directly, around the proxy
      (its client address, scheme and host are taken as they came; a client could also send the headers
      itself and pass for anyone);
    - 0, but every request came from one address with ``X-Forwarded-For``: a proxy sits in front and the
      app sees only the proxy, so every client shares one creation budget and one wrong-key count, and
      cookies miss the Secure flag behind TLS.
    """

    def __init__(self, app: Flask, proxies: int) -> None:
        self.app, self.proxies = app, proxies
        self.seen = 0
        self.addresses: set[str] = set()
        self.forwarded = 0
        self.done = False

    def look(self, environ: dict) -> None:
        if self.done:
            return
        self.seen += 1
        forwarded = "HTTP_X_FORWARDED_FOR" in environ
        original = environ.get("werkzeug.proxy_fix.orig", {})
        address = original.get("REMOTE_ADDR") or environ.get("REMOTE_ADDR") or "?"
        if self.proxies > 0 and not forwarded:
            self.done = True
            self.app.logger.warning(
                "DECKSIDE_PROXIES is %s, but a request from %s came without X-Forwarded-For: it reached the app "
                "directly, not through the proxy. Let clients reach the app only through the proxy, or set "
                "DECKSIDE_PROXIES=0 when there is none.",
                self.proxies,
                address,
            )
            return
        self.addresses.add(address)
        self.forwarded += forwarded
        if self.seen < PROXY_SAMPLE:
            return
        self.done = True
        if self.proxies == 0 and self.forwarded == self.seen and len(self.addresses) == 1:
            self.app.logger.warning(
                "DECKSIDE_PROXIES is 0, but the first %s requests all came from %s with X-Forwarded-For: a proxy "
                "is in front, and the app takes it for every client (one creation budget and one wrong-key count "
                "for everybody). Set DECKSIDE_PROXIES to the number of proxies in front (1 for one nginx).",
                self.seen,
                address,
            )


def init_app(app: Flask) -> None:
    """Install the headers, the session cookie flags and ProxyFix (when configured)."""
    app.session_interface = SessionInterface()
    proxies = int(app.config.get("PROXY_COUNT") or 0)
    if proxies > 0:
        # Flask's documented way to add WSGI middleware (its stub declares wsgi_app a method, hence the ignore).
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies, x_port=proxies
        )
    check = ProxyCheck(app, proxies)
    app.extensions["deckside_proxy_check"] = check

    @app.before_request
    def look_at_proxies() -> None:
        check.look(request.environ)

    @app.after_request
    def secure_response(response: Response) -> Response:
        for name, value in HEADERS.items():
            response.headers.setdefault(name, value)
        if request.is_secure:
            response.headers.setdefault("Strict-Transport-Security", "max-age=31536000")
        return response
