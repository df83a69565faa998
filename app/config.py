"""Configuration defaults and the instance secret key."""

from __future__ import annotations

import contextlib
import os
import secrets
import tempfile
from pathlib import Path
from typing import ClassVar


def load_secret_key(instance_path: str) -> str:
    """The secret key from ``SECRET_KEY`` in the environment, else from ``instance/secret_key``.

    The file is generated on first use, atomically: the key is written to a temporary file
    and hard-linked into place, so several workers starting at once all end up with the
    one key that won (a reader never sees a half-written file).
    """
    from_env = os.environ.get("SECRET_KEY")
    if from_env:
        return from_env
    path = Path(instance_path) / "secret_key"
    try:
        return path.read_text().strip()
    except FileNotFoundError:
        pass
    Path(instance_path).mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=instance_path, prefix=".secret_key.")
    try:
        with os.fdopen(fd, "w") as handle:
            handle.write(secrets.token_hex(32))
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(tmp, 0o600)
        with contextlib.suppress(FileExistsError):  # another process won the race: use its key
            os.link(tmp, path)
    finally:
        os.unlink(tmp)
    return path.read_text().strip()


def database_url() -> str:
    """``DATABASE_URL`` from the environment (``postgres://`` normalised for psycopg 3), else SQLite in instance/."""
    url = os.environ.get("DATABASE_URL", "").strip()
    if not url:
        return "sqlite:///deckside.sqlite"
    if url.startswith("postgres://"):
        url = "postgresql+psycopg://" + url[len("postgres://") :]
    elif url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://") :]
    return url


class Defaults:
    """Settings every app starts from; instance/config.py, then the test mapping, override them."""

    SQLALCHEMY_ENGINE_OPTIONS: ClassVar[dict] = {}
    WTF_CSRF_TIME_LIMIT = None  # a round form can stay open for an hour at a table
    BABEL_DEFAULT_LOCALE = "en"
    LANGUAGES = ("en", "de", "he", "hi", "cy", "ro")  # the picker's order; each but en has app/translations/<code>
    MAX_CONTENT_LENGTH = 256 * 1024
    # The views answer If-None-Match / If-Match themselves: Flask-Compress's own check compares them with its
    # "7:gzip" tag and turned a matching If-None-Match plus any If-Match into a 412 carrying the whole game.
    COMPRESS_EVALUATE_CONDITIONAL_REQUEST = False
    # zstd (what phones' browsers ask for first) at 9, not Flask-Compress's 3: the first load of a sheet is 3.7 KB
    # smaller (8 %), for about 1 ms more per response (offline.js, 56 KB: 0.6 → 1.7 ms on this machine).
    COMPRESS_ZSTD_LEVEL = 9
    SEND_FILE_MAX_AGE_DEFAULT = 7 * 24 * 3600
    SESSION_COOKIE_HTTPONLY = True
    SESSION_COOKIE_SAMESITE = "Lax"
    SESSION_COOKIE_SECURE = False  # app.security adds Secure to every cookie sent over HTTPS anyway
    # Create the tables of an empty database on start (and stamp the migration head); 0 turns it
    # off, e.g. to autogenerate a migration against an empty database.
    AUTO_SCHEMA = os.environ.get("DECKSIDE_AUTO_SCHEMA", "1") != "0"
    # Trust this many proxies in front of the app for X-Forwarded-For/-Proto/-Host (werkzeug ProxyFix).
    PROXY_COUNT = int(os.environ.get("DECKSIDE_PROXIES", "0") or 0)
    # Wrong edit keys for one game: after this many from one address (or EDIT_KEY_GAME_FAILURES from all
    # addresses together) within the window, wrong keys for that game get 429 instead of 403 until the
    # window has passed. A right key is always accepted.
    EDIT_KEY_FAILURES = 10
    EDIT_KEY_GAME_FAILURES = 100
    EDIT_KEY_WINDOW = 300
    # Creating sheets, imports and digital games: one budget per client address (app/ratelimits.py).
    RATELIMIT_CREATE = os.environ.get("DECKSIDE_CREATE_LIMIT", "30 per minute;300 per day")
    RATELIMIT_STORAGE_URI = os.environ.get("DECKSIDE_RATELIMIT_STORAGE", "deckside+db://")
    RATELIMIT_HEADERS_ENABLED = True
    RATELIMIT_SWALLOW_ERRORS = True  # a failing limit storage must not stop people from playing
    # `flask prune-games` deletes bots-only digital games unchanged for this many days (never people's sheets).
    PLAY_RETENTION_DAYS = 30
    # Hand-over links' claim codes (edit, player and seat links) work this many minutes; a seat code once.
    CLAIM_MINUTES = float(os.environ.get("DECKSIDE_CLAIM_MINUTES", "30") or 30)
    # A sheet remembers an answered Idempotency-Key (its status and the game it was about) this many days.
    IDEMPOTENCY_DAYS = float(os.environ.get("DECKSIDE_IDEMPOTENCY_DAYS", "30") or 30)
    # Bots move for at most this many milliseconds per request; the game continues on the next read.
    PLAY_BOT_BUDGET_MS = float(os.environ.get("DECKSIDE_BOT_BUDGET_MS", "100"))
    # Requests doing long work (bots, imports, corrections) run at most this many at once per machine
    # (app/heavy.py); empty: one per CPU; 0: no limit.
    HEAVY_SLOTS = os.environ.get("DECKSIDE_HEAVY_SLOTS", "")
    # How long a request waits for its turn at a slot before it is answered 503 with Retry-After (seconds),
    # and how many slots one client address may hold at once (empty: half of them, at least one).
    HEAVY_WAIT_SECONDS = float(os.environ.get("DECKSIDE_HEAVY_WAIT_SECONDS", "10") or 10)
    HEAVY_CLIENT_SHARE = os.environ.get("DECKSIDE_HEAVY_CLIENT_SHARE", "")
    # Requests one client address may have waiting beyond its share; more are answered 503 at once.
    # The phones of one table often share an address (one Wi-Fi): 8 lets a table race for the same turn.
    HEAVY_CLIENT_WAITING = int(os.environ.get("DECKSIDE_HEAVY_CLIENT_WAITING", "8") or 0)
    # How much lower the operating system schedules long work than the short requests (nice, 0 to 19; app/heavy.py):
    # beside long work on a busy machine, short requests get the cores first, but a lowered thread holding the
    # database's write lock makes other writes wait. 0 (the default): long work runs at their priority.
    HEAVY_NICE = int(os.environ.get("DECKSIDE_HEAVY_NICE", "0") or 0)
    # How long a thread of a worker process may hold Python's interpreter lock before another thread gets a turn
    # (seconds; sys.setswitchinterval; Python's own default is 0.005). While one thread computes long work (bots, a
    # long replay), a short request in another thread of the same process waits up to this long each time it comes
    # back from the database or the network: with 5 ms, a lock-free read took 270 ms at p50 beside long work
    # (bench/fairness.py), with 0.5 ms 72 ms. Empty: Python's default.
    SWITCH_INTERVAL_SECONDS = os.environ.get("DECKSIDE_SWITCH_INTERVAL_SECONDS", "0.0005")
    # Long polls (/wait) one client address may hold open at once in one worker process; more get 429.
    WAITS_PER_CLIENT = int(os.environ.get("DECKSIDE_WAITS_PER_CLIENT", "32") or 0)
