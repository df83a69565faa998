"""What the rounds a phone keeps without a connection change in the standings, counted by the rules engine itself.

A round typed with no connection is kept on the phone (``static/js/offline.js``) until it can be sent; the sheet
shows it counted in the standings, marked provisional (issue 22). The counting is the engine's: this module runs
in the phone's browser under Pyodide (CPython compiled to WebAssembly, served from ``static/vendor/``), with the
engine's packages the app serves as a zip (:mod:`app.enginezip`; :mod:`app.inbrowser` is the page's way in), so
that no rule is written again in JavaScript. The server answers its live preview with the same function (:func:`standings_change`).

Pure: the standard library and the engine (each game's ``engine`` package and its ``entry`` module, which reads a
round form's values); no Flask, no database, no I/O.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .engine.errors import EngineError
from .engine.players import isolate_names

INT, BOOL, TEXT = "int", "bool", "text"
"""How a round form's field reads what was typed (WTForms' ``IntegerField``, ``BooleanField``, any other)."""


def standings_change(sheet: Any, entry: Any) -> tuple[Any, dict[str, dict[str, Any]]]:
    """``entry`` added to ``sheet`` (which is changed) and what it changed in each player's line of the standings:
    each whole-number field's difference (``score``, and a game's own such as a phase; ``None`` where a number ends,
    a last phase completed). Answers ``(the scored round, the change)``; raises the engine's errors."""
    before = {line["name"]: line for line in (s.to_json() for s in sheet.standings())}
    scored = sheet.add_round(entry)
    change: dict[str, dict[str, Any]] = {}
    for line in (s.to_json() for s in sheet.standings()):
        was = before.get(line["name"], {})
        change[line["name"]] = {
            key: (value - was[key] if isinstance(value, int) else None)
            for key, value in line.items()
            if isinstance(was.get(key), int) and not isinstance(was.get(key), bool)
        }
    return scored, change


def _read(kind: str, values: list[str]) -> Any:
    """One field's value as WTForms reads it from the posted values (``[]``: not posted)."""
    if kind == BOOL:
        return bool(values) and values[0] not in ("false", "")
    if not values:
        return None
    if kind == INT:
        text = values[0].strip()
        if not text:
            return None
        try:
            return int(text)
        except ValueError:  # the form refuses it; read as WTForms reads it (nothing), the engine says what is missing
            return None
    return values[0]


def form_values(fields: Iterable[Sequence[str]], kinds: Mapping[str, Mapping[str, str]], rows: int) -> dict[str, Any]:
    """A round form's values as WTForms answers them (``form.data``) from the pairs a phone kept of it.

    ``kinds`` says how each field reads (:data:`INT`, :data:`BOOL`, :data:`TEXT`): ``"form"`` the form's own fields,
    ``"row"`` those of a player's row (posted as ``players-<n>-<name>``); ``rows`` is the number of rows."""
    posted: dict[str, list[str]] = {}
    for name, value in fields:
        posted.setdefault(str(name), []).append(str(value))
    values: dict[str, Any] = {name: _read(kind, posted.get(name, [])) for name, kind in kinds["form"].items()}
    values["players"] = [
        {name: _read(kind, posted.get(f"players-{index}-{name}", [])) for name, kind in kinds["row"].items()}
        for index in range(rows)
    ]
    return values


def count(sheet: Mapping[str, Any], kept: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Each kept round's change to the standings, in the order kept, or why it cannot be counted.

    ``sheet`` is what the sheet page gives (:func:`app.views.sheets.offline_sheet`): the engine modules of the game
    (``engine``), its table ``rules``, ``players``, stored ``rounds``, ``first_dealer``, ``lineup``, ``tiebreaker``
    and ``names``, the players at the table in the next round. Each kept round has the form's ``fields`` (name,
    value pairs) and ``kinds`` (:func:`form_values`). Answers ``{"change": …}`` (as the server's live preview) or
    ``{"error": sentence}`` for each; a round that cannot be counted is left out of the ones after it."""
    modules = {key: importlib.import_module(name) for key, name in sheet["engine"]["modules"].items()}
    rules = modules["rules"].make_sheet_rules(sheet["rules"])
    sheet_class = getattr(modules["sheet"], sheet["engine"]["sheet_class"])
    extra = (sheet.get("tiebreaker"),) if sheet["engine"].get("has_tiebreaker") else ()
    replayed = sheet_class.replay(
        rules,
        list(sheet["players"]),
        list(sheet["rounds"]),
        *extra,
        first_dealer=sheet.get("first_dealer"),
        lineup=sheet.get("lineup") or (),
    )
    names = list(sheet["names"])
    answers: list[dict[str, Any]] = []
    for item in kept:
        try:
            values = form_values(item["fields"], item["kinds"], len(names))
            body = modules["entry"].round_body(values, names, len(replayed.rounds) + 1, rules)
            _scored, change = standings_change(replayed, modules["rounds"].parse_round(body, rules))
        except EngineError as error:  # said as the server's refusal says it: each name set apart (right to left)
            answers.append({"error": isolate_names(str(error), names)})
            continue
        answers.append({"change": change})
    return answers
