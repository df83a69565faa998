"""Schemathesis hooks for ``scripts/schema_fuzz.py`` (loaded through ``SCHEMATHESIS_HOOKS``).

Every game has its own edit key, returned once by the ``201`` that created it. The hooks remember each
created game's key and send it, as explicit authentication, to every later call on that game, so that
schemathesis's ``ignored_auth`` check knows the key is real and probes the call again without a key and with
a wrong one (both must be refused). The document's links carry the same key; this only tells schemathesis so.
"""

from __future__ import annotations

from typing import Any

import schemathesis

KEYS: dict[str, str] = {}
"""Edit key of each game and digital game created during the run, by id."""


@schemathesis.hook
def after_call(context: Any, case: Any, response: Any) -> None:
    """Remember the edit key of every game a ``201`` created (create, import, rematch)."""
    if response.status_code != 201:
        return
    try:
        body = response.json()
    except ValueError:
        return
    if isinstance(body, dict) and isinstance(body.get("id"), str) and isinstance(body.get("edit_key"), str):
        KEYS[body["id"]] = body["edit_key"]


@schemathesis.auth(refresh_interval=None)
class EditKey:
    """The edit key of the game a call names in its path, when this run created that game."""

    def get(self, case: Any, context: Any) -> str | None:
        parameters = case.path_parameters or {}
        game = parameters.get("game_id") or parameters.get("play_id")
        return KEYS.get(game) if isinstance(game, str) else None

    def set(self, case: Any, data: str, context: Any) -> None:
        case.headers = {**(case.headers or {}), "Authorization": f"Bearer {data}"}
