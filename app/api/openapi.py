"""``GET /api/openapi.json``: the OpenAPI 3.1 document of the JSON API, built from :mod:`app.api.schemas`.

The document lists every definition of ``ENDPOINTS``: its path (with the parameter names of the registered
Flask route when there is one), body, answers and the statuses of API.md's "Errors" (all ``{"error"}``),
the bearer schemes (the edit key and a remote seat's key), and links from the create endpoints so that a
created game's id and edit key feed the next calls (schemathesis's stateful phase follows them).
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from flask import current_app, jsonify
from pydantic import BaseModel
from pydantic.json_schema import JsonSchemaMode, models_json_schema

from . import bp, schemas
from .schemas import ENDPOINTS, Endpoint, normal_rule

REF = "#/components/schemas/{model}"

STATUS_TEXT = {
    400: "The request is not understood, or breaks a rule; the sentence says which.",
    401: "No key was sent (`Authorization: Bearer <key>`).",
    403: "The key is not right for this game (or this seat, or this crew), or a crew's key is missing.",
    404: "There is no such game, round, seat or crew.",
    409: "A conflicting write: the game changed since (If-Match), it is over, or it is not this seat's turn.",
    410: "The claim code has expired, or was a seat's and has been used: ask for a new link.",
    412: "`If-Match` names another version than the current one.",
    413: "The body is over the size limit.",
    429: "A rate limit bit; `Retry-After` says when to try again.",
    503: (
        "The database cannot be reached, or cannot be written just now (read-only, disk full, or too busy); "
        "nothing was changed: try again after Retry-After."
    ),
}
HEADERS: dict[str, tuple[str, dict[str, Any]]] = {
    "If-Match": ("The version (ETag) the change is meant for; another one is refused.", {"type": "string"}),
    "If-None-Match": ("ETags the caller has; the current one answers 304 without a body.", {"type": "string"}),
    "X-Crew-Key": (
        "With `crew`: the crew's key (a wrong or missing one is 403).",
        {"type": "string"},
    ),
    "Idempotency-Key": (
        "Makes a retry safe: a repeated key gets the first answer's status again, with the game it held as it is now.",
        {"type": "string", "minLength": 1, "maxLength": 100},
    ),
}
SECURITY_SCHEMES = {
    "crewKey": {
        "type": "apiKey",
        "in": "header",
        "name": "X-Crew-Key",
        "description": "A crew's key, returned once when the crew is created (`crew_key`).",
    },
    "editKeyHeader": {
        "type": "apiKey",
        "in": "header",
        "name": "X-Edit-Key",
        "description": "A game's edit key (a digital game's, for its sheet), when a game joins a crew.",
    },
    "editKey": {
        "type": "http",
        "scheme": "bearer",
        "description": "The edit key returned once when a game is created (`edit_key`).",
    },
    "playerKey": {
        "type": "http",
        "scheme": "bearer",
        "description": "A player link's key (`player_key`): fills in its own player's row of a round entered "
        "together, and may store the round once it is complete.",
    },
    "seatKey": {
        "type": "http",
        "scheme": "bearer",
        "description": "A remote seat's key (`seat_keys` of the creation answer): acts and looks for that seat only.",
    },
}


def _models() -> list[type[BaseModel]]:
    found = {e.body for e in ENDPOINTS if e.body} | {e.answer for e in ENDPOINTS if e.answer}
    found.add(schemas.Error)
    return sorted(found, key=lambda m: m.__name__)


@cache
def _components() -> dict[str, Any]:
    """Every model's JSON Schema (validation mode for bodies, serialization mode for answers), and the rules."""
    bodies = {e.body for e in ENDPOINTS if e.body}
    pairs: list[tuple[type[BaseModel], JsonSchemaMode]] = [
        (m, "validation" if m in bodies else "serialization") for m in _models()
    ]
    _keys, top = models_json_schema(pairs, ref_template=REF)
    return dict(sorted(_without_null_defaults(top.get("$defs", {})).items()))


def _admits_null(node: dict[str, Any]) -> bool:
    kind = node.get("type")
    if kind == "null" or (isinstance(kind, list) and "null" in kind):
        return True
    return any(_admits_null(v) for v in (*node.get("anyOf", ()), *node.get("oneOf", ())) if isinstance(v, dict))


def _without_null_defaults(node: Any) -> Any:
    """The schema without ``"default": null`` where null is not a value the field takes: pydantic writes it for an
    optional field (``points: int = None``: leave it out, but do not send null), and OpenAPI 3.1 wants every
    default to be valid against its schema (openapi-spec-validator refuses the document otherwise)."""
    if isinstance(node, list):
        return [_without_null_defaults(item) for item in node]
    if not isinstance(node, dict):
        return node
    drop = "default" in node and node["default"] is None and not _admits_null(node)
    return {key: _without_null_defaults(value) for key, value in node.items() if not (drop and key == "default")}


def _path(endpoint: Endpoint, rules: dict[tuple[str, str], Any]) -> tuple[str, list[dict[str, Any]]]:
    """The OpenAPI path and its path parameters, named as the registered route names them."""
    rule = rules.get((endpoint.method, normal_rule(endpoint.path)))
    source = rule.rule if rule is not None else endpoint.path
    parameters = []
    for converter, name in re.findall(r"<(?:([a-z]+):)?([a-zA-Z_]\w*)>", source):
        schema = {"type": "integer", "minimum": 0} if converter == "int" else {"type": "string"}
        parameters.append({"name": name, "in": "path", "required": True, "schema": schema})
    return re.sub(r"<(?:[a-z]+:)?([a-zA-Z_]\w*)>", r"{\1}", source), parameters


def _error(status: int, retry_after: bool = False) -> dict[str, Any]:
    answer: dict[str, Any] = {
        "description": STATUS_TEXT[status],
        "content": {"application/json": {"schema": {"$ref": REF.format(model="Error")}}},
    }
    if retry_after:
        answer["headers"] = {"Retry-After": {"description": "Seconds to wait.", "schema": {"type": "integer"}}}
    return answer


def statuses(endpoint: Endpoint) -> list[int]:
    """The error statuses an operation may answer: its own, plus those every request may meet."""
    found = {400, 429, 503}  # 503: a database that cannot be reached, for reads too
    if endpoint.method != "GET":
        found |= {413}
    if endpoint.auth:
        found |= {403} if endpoint.auth_optional or not endpoint.unauthorized else {401, 403}
    if "<" in endpoint.path:
        found.add(404)
    return sorted(found | set(endpoint.errors))


def _links(endpoint: Endpoint) -> dict[str, Any]:
    links = {}
    for link in endpoint.links:
        parameters = dict(link.parameters)
        target = next((e for e in ENDPOINTS if e.operation == link.operation), None)
        if target is not None and target.auth:
            parameters["header.Authorization"] = "Bearer {$response.body#/edit_key}"
        links[link.name] = {"operationId": link.operation, "parameters": parameters}
    return links


def _ok(endpoint: Endpoint) -> dict[str, Any]:
    answer: dict[str, Any] = {"description": endpoint.summary}
    if endpoint.answer is not None:
        answer["content"] = {"application/json": {"schema": {"$ref": REF.format(model=endpoint.answer.__name__)}}}
    headers: dict[str, dict[str, Any]] = {}
    if endpoint.etag:
        headers["ETag"] = {"description": 'The version, as `"<version>"`.', "schema": {"type": "string"}}
    if endpoint.location:
        headers["Location"] = {
            "description": "The address of the new game.",
            "required": True,
            "schema": {"type": "string"},
        }
    if headers:
        answer["headers"] = headers
    if endpoint.links:
        answer["links"] = _links(endpoint)
    return answer


def operation(endpoint: Endpoint, path_parameters: list[dict[str, Any]]) -> dict[str, Any]:
    """One operation object."""
    parameters = list(path_parameters)
    for name, (schema, required, text) in endpoint.query.items():
        parameters.append({"name": name, "in": "query", "required": required, "schema": schema, "description": text})
    for name in endpoint.headers:
        text, schema = HEADERS[name]
        parameters.append({"name": name, "in": "header", "required": False, "schema": schema, "description": text})
    found: dict[str, Any] = {
        "operationId": endpoint.operation,
        "summary": endpoint.summary,
        "tags": list(endpoint.tags),
        "parameters": parameters,
    }
    if endpoint.body is not None:
        found["requestBody"] = {
            "required": not endpoint.body_optional,
            "content": {"application/json": {"schema": {"$ref": REF.format(model=endpoint.body.__name__)}}},
        }
    responses: dict[str, Any] = {str(endpoint.ok): _ok(endpoint)}
    if endpoint.etag:
        responses["304"] = {"description": "Not modified: the version is the one the caller has."}
    for status in statuses(endpoint):
        responses[str(status)] = _error(status, retry_after=status == 429)
    found["responses"] = responses
    if endpoint.auth:
        if endpoint.auth_all:
            found["security"] = [{name: [] for name in endpoint.auth}]
        else:
            found["security"] = [{name: []} for name in endpoint.auth] + ([{}] if endpoint.auth_optional else [])
    return found


def document(app=None) -> dict[str, Any]:
    """The whole OpenAPI 3.1 document for ``app`` (default: the current app)."""
    app = app or current_app
    rules = {(m, normal_rule(r.rule)): r for r in app.url_map.iter_rules() for m in r.methods or ()}
    paths: dict[str, dict[str, Any]] = {}
    for endpoint in ENDPOINTS:
        path, parameters = _path(endpoint, rules)
        paths.setdefault(path, {})[endpoint.method.lower()] = operation(endpoint, parameters)
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "Deckside API",
            "version": "2",
            "description": (
                "Score sheets, phase checks and digital games of Phase 10 and UNO (and any game scored in "
                'points). Every refusal is `{"error": "<sentence>"}` with a 4xx status.'
            ),
        },
        "paths": paths,
        "components": {"schemas": _components(), "securitySchemes": SECURITY_SCHEMES},
    }


@bp.get("/openapi.json")
def openapi_json():
    """This document."""
    response = jsonify(document())
    response.headers["Cache-Control"] = "no-cache"
    return response
