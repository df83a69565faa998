"""Small helpers for the simulator's readable summary (``flask simulate``), shared by the games' lines."""

from __future__ import annotations

import math
from typing import Any


def pct(part: float, whole: float) -> str:
    """``part`` as a percentage of ``whole`` with one decimal (``-`` when ``whole`` is 0)."""
    return f"{100 * part / whole:.1f}%" if whole else "-"


def rate(value: Any) -> str:
    """A rate with thousands separators and one decimal (``-`` when unknown)."""
    return "-" if value is None else f"{value:,.1f}"


def spread(counts: dict[str, int]) -> tuple[float, str]:
    """The standard deviation of rounds per game, and the counts as ``rounds×games`` pairs."""
    pairs = [(int(r), n) for r, n in counts.items()]
    total = sum(n for _r, n in pairs)
    mean = sum(r * n for r, n in pairs) / total
    deviation = math.sqrt(sum(n * (r - mean) ** 2 for r, n in pairs) / total)
    return deviation, " ".join(f"{r}×{n}" for r, n in sorted(pairs))
