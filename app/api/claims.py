"""Hand-over links that expire: ``POST /api/claims`` and ``POST /api/claims/<code>`` (:mod:`app.services.claims`)."""

from __future__ import annotations

from flask import jsonify, request

from ..services import claims
from . import bp
from .util import bearer_key, json_object


@bp.post("/claims")
def create_claim():
    return jsonify(claims.create(json_object(), bearer_key())), 201


@bp.post("/claims/<code>")
def use_claim(code: str):
    return jsonify(claims.claim(code, request.headers.get("Idempotency-Key")))
