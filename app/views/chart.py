"""Geometry of the totals chart drawn as inline SVG by the sheet page (no chart library)."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

WIDTH, HEIGHT = 340, 200
LEFT, RIGHT, TOP, BOTTOM = 36, 64, 10, 24
LABEL_GAP = 14
"""Baselines of two end labels at least this far apart: a 10 px label's box (the font's ascent and descent, Latin,
Hebrew or Devanagari) is 13.8 units tall."""
LABEL_LOWEST = HEIGHT - BOTTOM + 1
"""The lowest baseline of an end label: its box stays above the row of round numbers."""
LINE_STYLES = (
    ("#0b5fa5", ""),
    ("#c62828", "6 3"),
    ("#2e7d32", "2 3"),
    ("#8d5a00", "8 3 2 3"),
    ("#6a1b9a", "4 4"),
    ("#00695c", "1 2"),
    ("#ad1457", "10 3"),
    ("#37474f", "3 2 1 2"),
    ("#e65100", "12 4 2 4"),
    ("#283593", "5 2 5 6"),
)


def _nice_step(top: int) -> int:
    for step in (5, 10, 25, 50, 100, 250, 500, 1000, 2500):
        if top / step <= 5:
            return step
    return 5000


def spread_labels(lines: list[dict[str, Any]]) -> None:
    """Move the end labels (``end_y``, a baseline) apart so that none overlaps another (equal totals draw their
    lines on top of each other) nor the round numbers under the plot: each as near its line as the others allow."""
    ordered = sorted(lines, key=lambda entry: entry["end_y"])
    for previous, line in pairwise(ordered):  # downwards: at least a gap below the one above
        line["end_y"] = max(line["end_y"], previous["end_y"] + LABEL_GAP)
    lowest = LABEL_LOWEST
    for line in reversed(ordered):  # then upwards from the plot's floor: the bottom ones make room
        line["end_y"] = min(line["end_y"], lowest)
        lowest = line["end_y"] - LABEL_GAP


def totals_chart(data: dict[str, Any]) -> dict[str, Any] | None:
    """Polylines of each player's running total by round (``None`` before the first round)."""
    rows = data.get("totals") or []
    if not rows:
        return None
    names = [p["name"] for p in data["players"]]
    values_seen = [row["scores"][n] for row in rows for n in names if n in row["scores"]]
    top = max([1, *values_seen])
    low = min([0, *values_seen])  # totals may be negative (a points game)
    step = _nice_step(top - low)
    top = ((top + step - 1) // step) * step
    low = (low // step) * step
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    count = len(rows)

    def x(i: int) -> float:
        return LEFT + (plot_w * i / count if count else 0)

    def y(v: int) -> float:
        return TOP + plot_h - plot_h * (v - low) / (top - low)

    lines = []
    for index, name in enumerate(names):
        color, dash = LINE_STYLES[index % len(LINE_STYLES)]
        # A player who joined mid-game has no total before the rounds they played: their line starts there.
        joined = name not in rows[0]["scores"]
        values = [None if joined else 0] + [row["scores"].get(name) for row in rows]
        if values[-1] is None:
            continue  # joins from the next round: no total on the chart yet
        points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(values) if v is not None)
        lines.append(
            {
                "name": name,
                "points": points,
                "color": color,
                "dash": dash,
                "end_x": x(count) + 4,
                "end_y": y(values[-1]) + 4,
                "total": values[-1],
            }
        )
    spread_labels(lines)
    ticks = [{"value": v, "y": y(v)} for v in range(low, top + 1, step)]
    rounds = (
        [{"label": i, "x": x(i)} for i in range(1, count + 1)]
        if count <= 20
        else [{"label": i, "x": x(i)} for i in range(0, count + 1, 5) if i]
    )
    # Labels pushed apart may run below the plot: the drawing grows so that no name is cut off.
    height = max(HEIGHT, *(int(line["end_y"]) + 6 for line in lines))
    return {
        "width": WIDTH,
        "height": height,
        "lines": lines,
        "ticks": ticks,
        "rounds": rounds,
        "left": LEFT,
        "right": WIDTH - RIGHT,
        "top": TOP,
        "bottom": HEIGHT - BOTTOM,
    }
