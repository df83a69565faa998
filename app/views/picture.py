"""The final standings as a picture for the group chat: an SVG drawn on the server (text a test can read),
which static/js/standings-image.js turns into a PNG to share.

Rows come ranked (the game's own order, ties sharing a rank); the subtitle is wrapped into lines that fit
the picture's width; a long title or name gets a smaller type so that it fits; in a right-to-left
language the picture is mirrored (rank on the right, total on the left) and its text runs right to left.
SVG cannot measure text, so widths are estimated generously from the number of characters.
"""

from __future__ import annotations

import unicodedata
from typing import Any

WIDTH = 600
MARGIN = 30
ROW = 56
LINE = 24
"""The subtitle's line height (font size 18)."""


def _width(text: str, size: float) -> float:
    """A generous estimate of the width of ``text`` in a sans-serif type of ``size`` px."""
    total = 0.0
    for char in text:
        if unicodedata.east_asian_width(char) in ("W", "F") or ord(char) > 0xFFFF:
            total += 1.1  # emoji, CJK
        elif unicodedata.category(char).startswith("M"):
            continue  # combining marks (Hindi vowel signs, Hebrew points) add no width
        elif char.isupper() or char in "mwMW@%":
            total += 0.72
        else:
            total += 0.56
    return total * size


def _fit(text: str, size: float, room: float, smallest: float) -> float:
    """The type size (≤ ``size``, ≥ ``smallest``) at which ``text`` fits in ``room`` px."""
    width = _width(text, size)
    return size if width <= room else max(smallest, round(size * room / width, 1))


def _wrap(text: str, size: float, room: float) -> list[str]:
    """``text`` broken at spaces into lines that fit in ``room`` px (a word longer than a line gets its own)."""
    lines: list[str] = []
    for word in text.split():
        if lines and _width(lines[-1] + " " + word, size) <= room:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def standings_picture(title: str, subtitle: str, rows: list[dict[str, Any]], rtl: bool) -> dict[str, Any]:
    """What ``sheets/_picture.svg`` draws: ``rows`` are ``{"rank", "name", "score"}``, best first."""
    room = WIDTH - 2 * MARGIN
    subtitle_lines = _wrap(subtitle, 18, room)
    header = 110 + max(0, len(subtitle_lines) - 1) * LINE
    top = header + 30
    height = top + len(rows) * ROW + 50

    def x(value: float) -> float:
        return WIDTH - value if rtl else value

    drawn = []
    for i, row in enumerate(rows):
        y = top + i * ROW
        drawn.append(
            {
                **row,
                "y": y,
                "first": row["rank"] == 1,
                # the name runs from x=80 to the total's column (about 130 px for the total)
                "name_size": _fit(str(row["name"]), 22, WIDTH - 80 - 170, 12),
            }
        )
    return {
        "width": WIDTH,
        "height": height,
        "header": header,
        "rtl": rtl,
        "title": title,
        "title_size": _fit("🏆 " + title, 34, room, 16),
        "subtitle": [{"text": line, "y": 94 + n * LINE} for n, line in enumerate(subtitle_lines)],
        "rows": drawn,
        "x": {
            "margin": x(MARGIN),
            "rank": x(40),
            "name": x(80),
            "score": x(WIDTH - 40),
            "brand": x(WIDTH - 30),
        },
    }
