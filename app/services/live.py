"""Live sheets, cheaply: a one-column version check, a cache of computed answers, and the long poll.

A phone watching a sheet asks "has version N changed?" many times and "what is version N?" once.
The first is :func:`current_version` (``SELECT version FROM game WHERE id = ?``: O(1), whatever the
number of rounds). The second is :func:`sheet_body`: the JSON of a game at a version never changes,
so it is kept in a small in-process cache keyed by (game id, version, language) that can never be
stale and is bounded in size. Several worker processes each keep their own cache; none needs to
know about the others, since every process checks the version in the shared database.

:func:`wait_for_change` is the long poll behind ``GET /api/games/<id>/wait?version=N``: it checks the
version every ``LIVE_POLL_SECONDS`` and hands the database connection back to the pool between two
checks, so a held request costs a thread and a tiny query now and then, never a connection.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Callable

from flask import current_app, request
from flask_babel import get_locale
from flask_babel import gettext as _
from sqlalchemy import select

from .. import changes
from ..errors import ApiError
from ..extensions import db
from ..keys import well_formed_id
from ..models import Game

WAIT_SECONDS = 22.0
"""How long a long poll is held before it answers 304 (the contract says 20–25 s)."""

POLL_SECONDS = 0.5
"""How often a held long poll looks at the version (the save-to-seen delay is about half of it)."""

CACHE_SIZE = 1024
"""Computed answers kept per process (a few KB each)."""

LIVE_VARY = "Accept-Encoding, Accept-Language, Authorization"


class BodyCache:
    """A bounded, thread-safe least-recently-used map from (game id, version, language) to a JSON body."""

    def __init__(self, size: int = CACHE_SIZE) -> None:
        self.size = size
        self._items: OrderedDict[tuple, bytes] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def get(self, key: tuple) -> bytes | None:
        """The body stored under ``key`` (and mark it recently used), or None."""
        with self._lock:
            body = self._items.get(key)
            if body is None:
                self.misses += 1
                return None
            self._items.move_to_end(key)
            self.hits += 1
            return body

    def put(self, key: tuple, body: bytes) -> None:
        """Store ``body``; the least recently used entries go when the cache is full."""
        with self._lock:
            self._items[key] = body
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)

    def __len__(self) -> int:
        return len(self._items)


def body_cache() -> BodyCache:
    """This app's cache (one per app and process)."""
    cache = current_app.extensions.get("live_cache")
    if cache is None:
        cache = current_app.extensions["live_cache"] = BodyCache(current_app.config.get("LIVE_CACHE_SIZE", CACHE_SIZE))
    return cache


def current_version(game_id: str) -> int | None:
    """The game's version (one column of one row), or None when there is no such game."""
    if not well_formed_id(game_id):
        return None
    return db.session.execute(select(Game.version).where(Game.id == game_id)).scalar_one_or_none()


def existing_version(game_id: str) -> int:
    """The game's version, or the 404 every game endpoint gives for an unknown id."""
    version = current_version(game_id)
    if version is None:
        raise ApiError(_("There is no game with this id."), 404)
    return version


def sheet_body(game_id: str, version: int, compute: Callable[[], tuple[int, dict]]) -> tuple[int, bytes]:
    """The JSON body of the game at ``version``: from the cache, or ``compute()`` (which loads the game
    and answers ``(version, body)``; the version it found is the one the body is stored under)."""
    cache = body_cache()
    language = str(get_locale() or "")
    cached = cache.get((game_id, version, language))
    if cached is not None:
        return version, cached
    found, data = compute()
    body = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    cache.put((game_id, found, language), body)
    return found, body


def remember_answer(body: dict) -> None:
    """Keep a write's answer (the whole game at its new version) for the phones that will ask for it.

    A replayed answer (a resent ``Idempotency-Key``) is left out: it was made in its first sender's language."""
    if request.headers.get("Idempotency-Key") or not isinstance(body.get("version"), int):
        return
    data = json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    body_cache().put((body["id"], body["version"], str(get_locale() or "")), data)


def etag_matches(version: int) -> bool:
    """Whether the request's ``If-None-Match`` names this version (one or several tags, ``W/`` or ``*``)."""
    tags = request.if_none_match
    return bool(tags) and (tags.star_tag or tags.contains_weak(str(version)))


def wanted_version(raw: str | None) -> int:
    """``?version=N`` of a long poll: a non-negative whole number, or a 400 that says so."""
    if raw is None:
        raise ApiError(_('"version" is missing: send the version you have, e.g. ?version=3.'))
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 12:
        raise ApiError(_('"version" must be a whole number of 0 or more, e.g. ?version=3.'))
    return int(raw)


class VersionWatcher:
    """One thread per process that checks the versions of every sheet being waited on, in one query.

    A held long poll registers what it waits for and sleeps on an event; every ``poll`` seconds (and at
    once when this process commits a change, :mod:`app.changes`) the watcher asks ``SELECT id, version FROM game WHERE id IN (...)`` for all of them together (a
    connection borrowed from the pool for that one query) and wakes the requests whose game changed.
    Two hundred phones watching fifty sheets thus cost two tiny queries a second per process, not
    four hundred. The thread stops when nobody waits and starts again with the next long poll.
    """

    def __init__(self, app, poll: float) -> None:
        self.app = app
        self.poll = poll
        self._lock = threading.Lock()
        self._waiters: dict[str, list[_Waiter]] = {}
        self._thread: threading.Thread | None = None
        self._look_now = False
        self.checks = 0

    def wait(self, game_id: str, known: int, timeout: float, seen: int | None = None) -> int | None:
        """Block until the game's version differs from ``known`` (the new version) or ``timeout`` passes (None).
        ``seen``: the sheets' :func:`~app.changes.generation` read before ``known`` was; when a sheet was saved
        since, the watcher looks at once."""
        waiter = _Waiter(known)
        with self._lock:
            self._waiters.setdefault(game_id, []).append(waiter)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="deckside-live-watcher", daemon=True)
                self._thread.start()
        if seen is not None and changes.generation(changes.SHEETS) != seen:
            self._look_now = True
            changes.poke()
        try:
            waiter.event.wait(timeout)
        finally:
            with self._lock:
                left = [w for w in self._waiters.get(game_id, []) if w is not waiter]
                if left:
                    self._waiters[game_id] = left
                else:
                    self._waiters.pop(game_id, None)
        return waiter.version

    def _run(self) -> None:
        seen = changes.generation(changes.SHEETS)
        while True:
            # At the next poll, or at once when this process saves a sheet (or a new waiter asks).
            def changed(seen: int = seen) -> bool:
                return self._look_now or changes.generation(changes.SHEETS) != seen

            changes.wait_until(changed, self.poll)
            seen = changes.generation(changes.SHEETS)  # before the query: a save during it wakes the next wait
            self._look_now = False  # a waiter asking after this is already in the list the query reads
            with self._lock:
                wanted = list(self._waiters)
                if not wanted:
                    self._thread = None
                    return
            try:
                versions = self._versions(wanted)
            except Exception:  # a database hiccup: the waiters time out (304) or the next check succeeds
                self.app.logger.exception("live: checking versions failed")
                continue
            with self._lock:
                for game_id in wanted:
                    for waiter in self._waiters.get(game_id, []):
                        version = versions.get(game_id)
                        if version is not None and version != waiter.known:
                            waiter.version = version
                            waiter.event.set()

    def _versions(self, ids: list[str]) -> dict[str, int]:
        """The current version of each game in ``ids`` (one query per 500 ids; the connection goes back at once)."""
        found: dict[str, int] = {}
        with self.app.app_context(), db.engine.connect() as connection:
            for start in range(0, len(ids), 500):
                chunk = ids[start : start + 500]
                rows = connection.execute(select(Game.id, Game.version).where(Game.id.in_(chunk)))
                found.update((row.id, row.version) for row in rows)
            connection.rollback()
        self.checks += 1
        return found


class _Waiter:
    __slots__ = ("event", "known", "version")

    def __init__(self, known: int) -> None:
        self.known = known
        self.version: int | None = None
        self.event = threading.Event()


def watcher() -> VersionWatcher:
    """This app's watcher (one per app and process)."""
    found = current_app.extensions.get("live_watcher")
    if found is None:
        with _WATCHER_LOCK:
            found = current_app.extensions.get("live_watcher")
            if found is None:
                poll = float(current_app.config.get("LIVE_POLL_SECONDS", POLL_SECONDS))
                # current_app is a LocalProxy, typed as the Flask app it stands for (hence the ignore).
                app = current_app._get_current_object()  # type: ignore[attr-defined]
                found = current_app.extensions["live_watcher"] = VersionWatcher(app, poll)
    return found


_WATCHER_LOCK = threading.Lock()


def wait_for_change(game_id: str, known: int) -> int | None:
    """Hold until the game's version differs from ``known``: the new version, or None after the wait.

    The first check is made at once by the request itself; then the request's database connection goes
    back to the pool and the process's :class:`VersionWatcher` checks for it."""
    changes.listen(current_app)  # PostgreSQL: other processes' saves wake this process's waits at once
    seen = changes.generation(changes.SHEETS)  # before the check: a save between the check and the wait is seen
    version = existing_version(game_id)
    if version != known:
        return version
    db.session.close()  # the held request keeps no connection
    wait = float(current_app.config.get("LIVE_WAIT_SECONDS", WAIT_SECONDS))
    return watcher().wait(game_id, known, wait, seen)
