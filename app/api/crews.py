"""Crews (``/api/crews``): the same people across games, and their statistics (API.md "crews")."""

from __future__ import annotations

from flask import jsonify, request

from ..ratelimits import creation
from ..services import crews
from . import bp
from .util import json_object


def crew_key() -> str | None:
    """The crew's key, sent as ``X-Crew-Key``."""
    return request.headers.get("X-Crew-Key", "").strip() or None


@bp.post("/crews")
@creation
def create_crew():
    crew, key = crews.create_crew(json_object())
    response = jsonify({**crews.statistics(crew), "crew_key": key})
    response.headers["Cache-Control"] = "no-store"
    return response, 201


@bp.get("/crews/<crew_id>")
def read_crew(crew_id: str):
    return jsonify(crews.statistics(crews.get_crew(crew_id)))


@bp.post("/crews/<crew_id>/games")
def join_crew(crew_id: str):
    crew = crews.get_crew(crew_id)
    crews.check_crew_key(crew, crew_key())  # the key before the body
    edit_key = request.headers.get("X-Edit-Key", "").strip() or None
    crew, status = crews.join_game(crew, json_object(), crew_key(), edit_key)
    return jsonify(crews.statistics(crew)), status


@bp.put("/crews/<crew_id>/people/<path:name>")
def change_person(crew_id: str, name: str):
    crew = crews.get_crew(crew_id)
    crews.check_crew_key(crew, crew_key())
    crew = crews.change_person(crew, name, json_object(), crew_key())
    return jsonify(crews.statistics(crew))
