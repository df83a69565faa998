"""Helpers shared by several test modules (moved out of test_api_games.py: tests never import test modules)."""

from __future__ import annotations

import html
import json
import re


def post(client, url, body, key=None, headers=None, method="post"):
    all_headers = dict(headers or {})
    if key:
        all_headers["Authorization"] = f"Bearer {key}"
    data = body if isinstance(body, (str, bytes)) else json.dumps(body)
    return getattr(client, method)(url, data=data, content_type="application/json", headers=all_headers)


def create(client, game="phase10", players=("Ana", "Ben", "Cy"), rules=None):
    body = {"game": game, "players": list(players)}
    if rules is not None:
        body["rules"] = rules
    answer = post(client, "/api/games", body)
    assert answer.status_code == 201, answer.get_json()
    data = answer.get_json()
    return data["id"], data["edit_key"], data


def p10_round(number, went_out="Ana", others=None, completed=None):
    """Ana goes out; Ben and Cy did not complete: 10 low cards = 50 points each, unless told otherwise."""
    completed = completed or {}
    results = [{"player": went_out, "completed": True}]
    for name in ("Ana", "Ben", "Cy"):
        if name == went_out:
            continue
        result = {"player": name, "completed": completed.get(name, False)}
        result.update((others or {}).get(name, {"counts": {"low": 10}}))
        results.append(result)
    return {"round": number, "went_out": went_out, "results": results}


# Phases 1 and 2 only: Ana and Ben both finish phase 2 on 20 points, so a tie-breaker round is due.
TIED_ROUNDS = [
    {
        "round": 1,
        "went_out": "Ana",
        "results": [
            {"player": "Ana", "completed": True},
            {"player": "Ben", "completed": True, "points": 20},
            {"player": "Cy", "completed": False, "points": 50},
        ],
    },
    {
        "round": 2,
        "went_out": "Ben",
        "results": [
            {"player": "Ben", "completed": True},
            {"player": "Ana", "completed": True, "points": 20},
            {"player": "Cy", "completed": False, "points": 50},
        ],
    },
]


def text(answer) -> str:
    """A page's HTML with its entities decoded."""
    return html.unescape(answer.get_data(as_text=True))


def token_of(page: str, name: str = "csrf_token") -> str:
    """The value of the hidden input ``name`` on a page."""
    tag = re.search(rf'<input[^>]*name="{name}"[^>]*>', page)
    assert tag, f"no {name} on the page"
    return re.search(r'value="([^"]*)"', tag.group(0)).group(1)
