"""Serving for a weak connection: compressed responses, versioned static URLs with long cache headers.

Every ``url_for("static", filename=...)`` (and a game's ``url_for("<game>.static", ...)``) gets ``?v=<content hash>``, so a static file can be
cached for a year (``immutable``) and a new version is a new URL. A static URL without the
right version (typed by hand, or from an old page) is cached for a short while only.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import cast

from flask import Flask, g, request
from flask_compress import Compress

LONG_CACHE = "public, max-age=31536000, immutable"
SHORT_CACHE = "public, max-age=300"


class StaticVersions:
    """Content hashes of the files under ``static/``, recomputed when a file's mtime or size changes."""

    def __init__(self, folder: str) -> None:
        self.folder = Path(folder)
        self._seen: dict[str, tuple[float, int, str]] = {}

    def version(self, filename: str) -> str | None:
        """A short hash of the file's content, or None when there is no such file."""
        path = (self.folder / filename).resolve()
        if self.folder.resolve() not in path.parents:
            return None
        try:
            stat = path.stat()
        except OSError:
            return None
        known = self._seen.get(filename)
        if known and known[:2] == (stat.st_mtime, stat.st_size):
            return known[2]
        digest = hashlib.sha256(path.read_bytes()).hexdigest()[:12]
        self._seen[filename] = (stat.st_mtime, stat.st_size, digest)
        return digest


def keep_bare_etag(response) -> None:
    """Undo Flask-Compress's ``"7"`` -> ``"7:gzip"``: a view that asked for it keeps one ETag for every
    encoding (the sheet's version, as the API contract fixes it). The view answers ``If-None-Match``
    itself, so Flask-Compress's own conditional check (against the suffixed tag) never matches wrongly."""
    encoding = response.headers.get("Content-Encoding")
    etag = response.headers.get("ETag", "")
    suffix = f':{encoding}"'
    if encoding and etag.endswith(suffix):
        response.headers["ETag"] = etag[: -len(suffix)] + '"'


def init_app(app: Flask) -> None:
    """Compress responses; version static URLs and give them cache headers."""

    # Registered before Flask-Compress, so it runs after it (after_request runs in reverse order).
    @app.after_request
    def _same_etag_every_encoding(response):
        if getattr(g, "etag_every_encoding", False):
            keep_bare_etag(response)
        return response

    Compress(app)  # one per app: it keeps its settings on itself
    versions = StaticVersions(cast(str, app.static_folder))  # create_app names it: the shared static/
    app.extensions["static_versions"] = versions
    folders: dict[str, StaticVersions] = {"static": versions}
    """Versions by static endpoint: the app's, and each blueprint's with a static folder of its own (a game's)."""

    def versions_of(endpoint: str | None) -> StaticVersions | None:
        if endpoint is None or not (endpoint == "static" or endpoint.endswith(".static")):
            return None
        if endpoint not in folders:
            blueprint = app.blueprints.get(endpoint.rsplit(".", 1)[0])
            folder = blueprint.static_folder if blueprint is not None else None
            if folder is None:
                return None
            folders[endpoint] = StaticVersions(folder)
        return folders[endpoint]

    @app.url_defaults
    def _static_version(endpoint: str, values: dict) -> None:
        known = versions_of(endpoint)
        if known is not None and "filename" in values and "v" not in values:
            version = known.version(values["filename"])
            if version:
                values["v"] = version

    @app.after_request
    def _static_cache(response):
        known = versions_of(request.endpoint)
        if known is not None and response.status_code in (200, 304):
            filename = (request.view_args or {}).get("filename", "")
            current = known.version(filename)
            fresh = current is not None and request.args.get("v") == current
            response.headers["Cache-Control"] = LONG_CACHE if fresh else SHORT_CACHE
            if response.status_code == 200 and response.direct_passthrough:
                # Static files are small: read them here so Flask-Compress compresses a body in memory
                # (its streaming path leaves the file open).
                wrapper = response.response
                try:
                    data = b"".join(wrapper)
                finally:
                    getattr(wrapper, "close", lambda: None)()
                response.direct_passthrough = False
                response.set_data(data)
        return response
