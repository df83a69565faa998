"""Security on every response: headers, cookie flags, proxies, and a limit on wrong edit keys.

- Headers: a Content-Security-Policy that allows only the app's own scripts and styles (no inline
  script), ``frame-ancestors 'none'``, ``X-Content-Type-Options: nosniff`` and
  ``Referrer-Policy: no-referrer`` (edit links carry the key: it must never leak in a Referer).
- Cookies: HttpOnly and SameSite from the config; Secure whenever the request came over HTTPS
  (directly, or through a trusted proxy's ``X-Forwarded-Proto`` with ``DECKSIDE_PROXIES`` set).
- Wrong edit keys: every refusal of a key (a 403, or an edit link whose key is not the game's)
  counts against the client's address; after ``EDIT_KEY_FAILURES`` within ``EDIT_KEY_WINDOW``
  seconds, requests carrying a key are refused (429) until the window has passed. The counts live
  in the worker's memory: with several workers each keeps its own, which still caps guessing at a
  handful of tries per minute against keys of 192 random bits.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict, deque

from flask import Flask, Response, current_app, g, has_request_context, request, session
from flask.sessions import SecureCookieSessionInterface
from flask_babel import gettext as _
from werkzeug.middleware.proxy_fix import ProxyFix

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
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

MAX_TRACKED = 10_000
"""Addresses whose failures are remembered at once; the oldest are forgotten first."""


class KeyFailures:
    """Recent wrong edit keys per client address, in this process (thread-safe)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._by_address: OrderedDict[str, deque[float]] = OrderedDict()

    def _recent(self, address: str, window: float, now: float) -> deque[float]:
        times = self._by_address.get(address)
        if times is None:
            return deque()
        while times and times[0] <= now - window:
            times.popleft()
        if not times:
            del self._by_address[address]
        return times

    def count(self, address: str, window: float) -> int:
        """How many wrong keys ``address`` sent within the last ``window`` seconds."""
        with self._lock:
            return len(self._recent(address, window, time.monotonic()))

    def retry_after(self, address: str, window: float) -> int:
        """Seconds until the oldest remembered failure of ``address`` leaves the window."""
        with self._lock:
            times = self._recent(address, window, time.monotonic())
            return max(1, int(times[0] + window - time.monotonic()) + 1) if times else 0

    def add(self, address: str, window: float) -> None:
        """Remember one wrong key from ``address``."""
        with self._lock:
            now = time.monotonic()
            times = self._recent(address, window, now)
            if address not in self._by_address:
                self._by_address[address] = times
            self._by_address.move_to_end(address)
            times.append(now)
            while len(self._by_address) > MAX_TRACKED:
                self._by_address.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._by_address.clear()


class SessionInterface(SecureCookieSessionInterface):
    """Flask's signed-cookie session, with the Secure flag on whenever the request is HTTPS."""

    def get_cookie_secure(self, app: Flask) -> bool:
        return bool(app.config["SESSION_COOKIE_SECURE"]) or (has_request_context() and request.is_secure)


def _address() -> str:
    return request.remote_addr or "?"


def _carries_key() -> bool:
    return bool(request.headers.get("Authorization")) or "key" in request.args


def _wrong_key(response: Response) -> bool:
    """Whether this request presented an edit key that was refused."""
    if response.status_code == 403:
        return True
    if request.endpoint == "sheets.show" and "key" in request.args:
        # The view keeps a matching key in this device's session and drops a wrong one.
        game_id = (request.view_args or {}).get("game_id")
        return session.get("keys", {}).get(game_id) != request.args.get("key")
    return False


def init_app(app: Flask) -> None:
    """Install the headers, the session cookie flags, ProxyFix (when configured) and the key limit."""
    app.session_interface = SessionInterface()
    proxies = int(app.config.get("PROXY_COUNT") or 0)
    if proxies > 0:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies, x_port=proxies)
    failures = KeyFailures()
    app.extensions["deckside_key_failures"] = failures

    @app.before_request
    def limit_wrong_keys():
        if not _carries_key():
            return None
        config = current_app.config
        window = float(config["EDIT_KEY_WINDOW"])
        if failures.count(_address(), window) < int(config["EDIT_KEY_FAILURES"]):
            return None
        from .errors import error_response

        g.key_limited = True
        response = current_app.make_response(
            error_response(_("Too many wrong edit keys from this address: wait a few minutes and try again."), 429)
        )
        response.headers["Retry-After"] = str(failures.retry_after(_address(), window))
        return response

    @app.after_request
    def secure_response(response: Response) -> Response:
        for name, value in HEADERS.items():
            response.headers.setdefault(name, value)
        if request.is_secure:
            response.headers.setdefault("Strict-Transport-Security", "max-age=31536000")
        if not g.get("key_limited") and _carries_key() and _wrong_key(response):
            failures.add(_address(), float(current_app.config["EDIT_KEY_WINDOW"]))
        return response
