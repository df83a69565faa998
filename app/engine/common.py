"""Small helpers both games share: checking whole numbers and seeds, and storing random generators as JSON."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, TypeGuard

from .errors import RulesError
from .i18n import _


def is_int(value: Any) -> TypeGuard[int]:
    """Whether ``value`` is a whole number (``True`` and ``False`` are not, though Python counts them as ints)."""
    return isinstance(value, int) and not isinstance(value, bool)


def check_seed(seed: Any) -> int:
    """A game's seed: ``seed`` itself, or for ``None`` a random one (recorded with the game, so it still
    repeats); raises :class:`~app.engine.errors.RulesError` for anything but a whole number."""
    if seed is None:
        return random.SystemRandom().randrange(2**31)
    if not is_int(seed):
        raise RulesError(_("The seed must be a whole number."))
    return seed


def rng_to_json(rng: random.Random) -> list[Any]:
    """The state of ``rng`` as JSON-ready data; :func:`rng_from_json` restores it."""
    version, state, gauss = rng.getstate()
    return [version, list(state), gauss]


def rng_from_json(data: Sequence[Any]) -> random.Random:
    """A generator in the state :func:`rng_to_json` saved: it goes on with the same numbers."""
    rng = random.Random()
    rng.setstate((data[0], tuple(data[1]), data[2]))
    return rng
