"""The API edge: request bodies checked against their definitions (:mod:`app.api.schemas`), and the headers
every answer of a kind carries (``Location`` on a 201, 412 for a ``GET`` whose ``If-Match`` fails).

A body that does not have the shape its definition gives is refused (400) with one sentence naming the field
and what it must be, e.g. ``"seed" must be a whole number from 0 to 9223372036854775807.``; the engine's own
checks (rules, cards, names) then run on bodies that have the right shape.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from flask import Response, request
from flask_babel import gettext as _
from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from ..errors import ApiError, allowed_methods, error_response
from ..i18n import format_list
from .schemas import Endpoint, endpoint_for

SCALARS = ("string", "integer", "number", "boolean", "null")
translate = _  # for texts marked elsewhere (N_ in schemas.py): not a literal for the extractor to pick up


def current_endpoint() -> Endpoint | None:
    """The definition of the route serving this request, if it has one."""
    rule = request.url_rule
    return endpoint_for(request.method, rule.rule) if rule is not None else None


def check_body(data: Any) -> None:
    """Validate ``data`` against the current route's body model; 400 naming the first field that is wrong."""
    endpoint = current_endpoint()
    if endpoint is None or endpoint.body is None:
        return
    try:
        endpoint.body.model_validate(data)
    except ValidationError as invalid:
        message = explain(endpoint.body, invalid.errors(include_url=False)[0])
        if endpoint.refusal is not None:
            raise endpoint.refusal(message) from None
        raise ApiError(message) from None


# --- sentences --------------------------------------------------------------------------------------------------


@cache
def _schema(model: type[BaseModel]) -> dict[str, Any]:
    return model.model_json_schema(ref_template="#/$defs/{model}")


def _resolve(node: dict[str, Any], defs: dict[str, Any]) -> dict[str, Any]:
    if len(node.get("allOf", ())) == 1:
        node = {**node["allOf"][0], **{k: v for k, v in node.items() if k != "allOf"}}
    ref = node.get("$ref", "")
    if ref.startswith("#/$defs/"):
        return {**defs[ref.removeprefix("#/$defs/")], **{k: v for k, v in node.items() if k != "$ref"}}
    if ref:  # a component of the document (a game's rules): an object
        return {"type": "object", **{k: v for k, v in node.items() if k != "$ref"}}
    return node


def _is_scalar_list(node: dict[str, Any], defs: dict[str, Any]) -> bool:
    items = _resolve(node.get("items", {}), defs)
    return node.get("type") == "array" and (items.get("type") in SCALARS or "enum" in items)


def _walk(model: type[BaseModel], loc: tuple) -> tuple[list[tuple], dict[str, Any], dict[str, Any]]:
    """Follow an error's location through the model's schema: the place to name, its schema, and the $defs.

    A list of plain values (card tokens, names) is named as a whole; a union's branches are not named."""
    root = _schema(model)
    defs = root.get("$defs", {})
    node = root
    place: list[tuple[Any, ...]] = []
    for step in loc:
        node = _resolve(node, defs)
        if isinstance(step, int) and node.get("type") == "array" and not _is_scalar_list(node, defs):
            place.append(("item", step, node.get("x-item-name")))
            node = node.get("items", {})
        elif isinstance(step, str) and step in node.get("properties", {}):
            place.append(("field", step))
            node = node["properties"][step]
        else:
            break
    return place, _resolve(node, defs), defs


def _where(place: list[tuple]) -> str:
    """``"cards" in item 2 of "results"``, ``Group 1 of "groups"``, ``"seed"``."""
    words: list[str] = []
    parent = ""
    for step in place:
        if step[0] == "field":
            parent = step[1]
            words.append(f'"{step[1]}"')
        else:
            _kind, index, noun = step
            item = (
                _("{noun} {number} of {field}").format(noun=translate(noun), number=index + 1, field=f'"{parent}"')
                if noun
                else _("item {number} of {field}").format(number=index + 1, field=f'"{parent}"')
            )
            words[-1] = item
    if not words:
        return _("the body")
    text = words[-1]
    for outer in reversed(words[:-1]):
        text = _("{inner} in {outer}").format(inner=text, outer=outer)
    return text


def expected(node: dict[str, Any], defs: dict[str, Any] | None = None) -> str:
    """What a value of this schema is, in words: ``a whole number from 0 to 9``, ``one of "uno", "phase10"``."""
    defs = defs or {}
    node = _resolve(node, defs)
    if "x-expected" in node:
        return translate(node["x-expected"])  # marked with N_ in schemas.py
    if "const" in node:
        return f'"{node["const"]}"' if isinstance(node["const"], str) else str(node["const"])
    if "enum" in node:
        values = [f'"{v}"' if isinstance(v, str) else str(v) for v in node["enum"]]
        if len(values) <= 2:
            return format_list(values, style="or")
        return _("one of {values}").format(values=", ".join(values))
    variants = node.get("anyOf") or node.get("oneOf")
    if variants:
        words = list(dict.fromkeys(expected(v, defs) for v in variants))
        return format_list(words, style="or")
    kind = node.get("type")
    if kind == "integer":
        low, high = node.get("minimum"), node.get("maximum")
        if low is not None and high is not None:
            return _("a whole number from {low} to {high}").format(low=low, high=high)
        if low is not None:
            return _("a whole number of at least {low}").format(low=low)
        return _("a whole number")
    names: dict[str | None, str] = {
        "string": _("text"),
        "number": _("a number"),
        "boolean": _("true or false"),
        "null": "null",
        "object": _("an object"),
        "array": _("a list of strings") if _is_scalar_list(node, defs) else _("a list"),
    }
    return names.get(kind, _("a JSON value"))


def explain(model: type[BaseModel], error: ErrorDetails) -> str:
    """One pydantic error as a sentence a person can act on."""
    loc = tuple(error["loc"])
    if error["type"] == "extra_forbidden":
        place, node, _defs = _walk(model, loc[:-1])
        fields = ", ".join(f'"{name}"' for name in node.get("properties", {}))
        name = str(loc[-1])[:40]
        if place:
            return _sentence(
                _('Unknown field "{name}" in {where}: it takes {fields}.').format(
                    name=name, where=_where(place), fields=fields
                )
            )
        return _('Unknown field "{name}": this request takes {fields}.').format(name=name, fields=fields)
    place, node, defs = _walk(model, loc)
    words = {"where": _where(place), "expected": expected(node, defs)}
    # Translators: {where} names a place in the request ('"round"', 'item 2 of "results"'), {expected} what it takes
    # ("a whole number from 0 to 9", "true or false"), a phrase of its own: where your language would have to change
    # it (a case, a mutation, an agreement), write it after a colon, as a label ("Expected: {expected}").
    if error["type"] == "missing":
        return _sentence(_("{where} is missing: send {expected}.").format(**words))
    # Translators: as above: {expected} is a phrase of its own; write it as a label where it would have to change.
    return _sentence(_("{where} must be {expected}.").format(**words))


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


# --- headers ----------------------------------------------------------------------------------------------------


def _location(response: Response) -> None:
    """A 201 names the created game: ``/api/games/<id>`` or ``/api/play/<id>``."""
    if response.status_code != 201 or "Location" in response.headers or not response.is_json:
        return
    body = response.get_json(silent=True)
    if not isinstance(body, dict) or not isinstance(body.get("id"), str):
        return
    kind = "play" if request.path.startswith("/api/play") else "games"
    response.headers["Location"] = f"{request.script_root}/api/{kind}/{body['id']}"


def _bare(tag: str) -> str:
    """``W/"7"``, ``"7"`` and ``7`` all name version 7 (writes accept the same forms)."""
    return tag.strip().removeprefix("W/").strip('"')


def _tag_matches(if_match: str, etag: str) -> bool:
    tags = {_bare(t) for t in if_match.split(",")}
    return "*" in tags or _bare(etag) in tags


def _precondition(response: Response) -> Response:
    """A ``GET`` whose ``If-Match`` names another version than the answer's ETag: 412, no game."""
    if_match = request.headers.get("If-Match")
    etag = response.headers.get("ETag")
    if request.method != "GET" or if_match is None or etag is None or response.status_code not in (200, 304):
        return response
    if _tag_matches(if_match, etag):
        return response
    refused = error_response(
        _("The game is at version {current}, not the one If-Match names: read it again.").format(current=_bare(etag)),
        412,
    )[0]
    refused.status_code = 412
    refused.headers["ETag"] = etag
    return refused


def _options(response: Response) -> None:
    """An ``OPTIONS`` answer lists the methods of its own route only (see :func:`app.errors.allowed_methods`)."""
    if request.method == "OPTIONS" and request.url_rule is not None and "Allow" in response.headers:
        response.headers["Allow"] = allowed_methods(request.url_rule.rule, response.headers["Allow"].split(", "))


SECRET_FIELDS = frozenset({"edit_key", "seat_keys", "seat_key", "player_key", "key", "code", "crew_key", "url"})
"""Fields of an answer that hand a right over: an answer holding one is never kept by a cache."""


def _no_store(response: Response) -> None:
    """An answer that carries a key or a claim (a creation, a rematch, an import, a new seat key, a claimed
    code) is ``Cache-Control: no-store``: no browser or proxy keeps a copy of the key."""
    if request.method in ("GET", "HEAD", "OPTIONS") or not response.is_json or response.status_code >= 300:
        return
    body = response.get_json(silent=True)
    if isinstance(body, dict) and not SECRET_FIELDS.isdisjoint(body):
        response.headers["Cache-Control"] = "no-store"


def finish(response: Response) -> Response:
    """The blueprint's ``after_request``: Location on a 201, ``no-store`` on an answer carrying a key, 412 for
    a failed ``If-Match`` on a GET, and ``Allow`` on OPTIONS."""
    _location(response)
    _no_store(response)
    _options(response)
    return _precondition(response)
