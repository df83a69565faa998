"""Handing edit rights to a phone without the key ever travelling in an address.

A hand-over link carries a claim code in the URL *fragment* (``https://…/sheets/<id>#claim=<code>``):
browsers never send a fragment to a server, so it is in no request line, access log, Referer or
cache key. On the receiving phone ``static/js/handover.js`` removes it from the address, exchanges it
(``POST /api/claims/<code>``) for the key and keeps the key in ``localStorage`` (survives a browser
restart, no limit on how many). The browser's history keeps the address as it was opened, code
included: the code works for 30 minutes only (app.services.claims), so the history holds no key.
Links in the older form (``#key=<key>``) keep working.

Pages whose writes are plain HTML forms (the score sheet) need the key on the server too: the page
script posts it once (``POST /sheets/<id>/key``, CSRF-checked) and the server keeps it in a cookie
of its own for that game: ``HttpOnly``, ``SameSite=Lax``, ``Secure`` over HTTPS, scoped with
``Path=/sheets/<id>`` so that it travels only with that sheet's requests, and lasting
:data:`COOKIE_DAYS` days. Should the browser ever drop the cookie, the page script posts the key
from ``localStorage`` again. API clients (the digital game) send the key as
``Authorization: Bearer`` from ``localStorage`` and need no cookie.

- :func:`fragment_link` builds a hand-over link; :func:`held_key`, :func:`keep`, :func:`drop`
  read, set and clear the per-game cookie of a path.
"""

from __future__ import annotations

from typing import TypeVar

from flask import request
from werkzeug.wrappers import Response

AnyResponse = TypeVar("AnyResponse", bound=Response)
"""A response: Flask's, or werkzeug's (``redirect()`` answers one); the same one comes back."""

COOKIE = "deckside_edit"
"""One cookie name for every game: each copy is scoped to its game's path, so a request carries one."""

COOKIE_DAYS = 400
"""How long a phone keeps a key it was given (the longest lifetime browsers allow a cookie)."""


def fragment_link(url: str, key: str) -> str:
    """A link with the key itself in the fragment (the older form, for this phone's own redirects; links
    kept from before claims keep working)."""
    return f"{url.split('#', 1)[0]}#key={key}"


def claim_link(url: str, code: str) -> str:
    """The hand-over link for another phone: ``url`` with a claim code in the fragment (app.services.claims):
    it works for 30 minutes, so a copy left in a browser's history, or on a tablet, no longer gives the key."""
    return f"{url.split('#', 1)[0]}#claim={code}"


def held_key() -> str | None:
    """The key this phone's cookie holds for the path of the current request, if any."""
    return request.cookies.get(COOKIE) or None


def keep(response: AnyResponse, path: str, key: str) -> AnyResponse:
    """Make this phone keep ``key`` for every request under ``path`` (a game's pages)."""
    response.set_cookie(
        COOKIE,
        key,
        max_age=COOKIE_DAYS * 24 * 3600,
        path=path,
        secure=request.is_secure,
        httponly=True,
        samesite="Lax",
    )
    return response


def drop(response: AnyResponse, path: str) -> AnyResponse:
    """Forget this phone's key for ``path`` (a key that stopped working)."""
    response.delete_cookie(COOKIE, path=path, secure=request.is_secure, httponly=True, samesite="Lax")
    return response
