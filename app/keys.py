"""Unguessable ids and edit keys; keys are stored hashed and compared in constant time."""

from __future__ import annotations

import hashlib
import hmac
import secrets
import string
from typing import TypeGuard

ID_CHARACTERS = frozenset(string.ascii_letters + string.digits + "-_")


def new_id() -> str:
    """A long random id for a game (reading needs only this)."""
    return secrets.token_urlsafe(18)


def well_formed_id(value: object) -> TypeGuard[str]:
    """Whether ``value`` could be an id :func:`new_id` made (URL-safe base64); others are never looked up
    (PostgreSQL refuses a NUL in a query)."""
    return isinstance(value, str) and 0 < len(value) <= 64 and set(value) <= ID_CHARACTERS


def new_edit_key() -> str:
    """A random edit key, shown once to the creator and carried by edit links."""
    return secrets.token_urlsafe(24)


def hash_key(key: str) -> str:
    """The stored form of an edit key (keys are random and long, so a plain SHA-256 suffices)."""
    return hashlib.sha256(key.encode("utf-8")).hexdigest()


def key_matches(key: str, stored_hash: str) -> bool:
    """Whether ``key`` is the edit key whose hash is ``stored_hash``, in constant time."""
    return hmac.compare_digest(hash_key(key), stored_hash)
