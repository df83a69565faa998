"""The suite's two tiers. ``make test`` runs everything not marked ``long`` (it keeps to its 10 minutes on a 2-core
machine); ``make test-long`` runs the tests marked ``long``: whole games on three phones, a page in every language
at every width, real waits of 8 seconds and more, the TLS servers. Each long test has a bounded version in
``make test``: the same page in the languages and widths most likely to break it (Hebrew, right to left; 320 px),
a round instead of a whole game, the same path without the long wait. ``.ci/run`` runs both tiers."""

from __future__ import annotations

from collections.abc import Collection, Iterable
from typing import Any

import pytest

LONG = pytest.mark.long


def bounded(values: Iterable[Any], keep: Collection[Any], several: bool = False) -> list[Any]:
    """Parameters for ``pytest.mark.parametrize``: the values in ``keep`` run in ``make test``, the others are marked
    long (``make test-long``). With ``several`` each value is a tuple of several parameters (parametrize with more
    than one name)."""
    return [value if value in keep else pytest.param(*(value if several else (value,)), marks=LONG) for value in values]
