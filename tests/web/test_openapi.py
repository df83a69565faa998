"""The API describes itself: /api/openapi.json lists every /api/ route, and the edge checks bodies against it.

Also: a GET whose If-Match fails is 412, a 201 names the new game in Location, a 405 names the methods.
"""

from __future__ import annotations

import json

import pytest
from pydantic import ValidationError

from app.api import schemas
from app.api.schemas import ENDPOINTS, normal_rule
from app.games.phase10 import api as phase10_api

# Contract endpoints described in app/api/schemas.py before their routes are registered
# (none today: every endpoint of API.md has landed).
NOT_YET_LANDED: set[tuple[str, str]] = set()


def post(client, url, body, key=None, headers=None):
    all_headers = {"Authorization": f"Bearer {key}"} if key else {}
    all_headers.update(headers or {})
    data = body if isinstance(body, str) or body is None else json.dumps(body)
    return client.post(url, data=data, content_type="application/json", headers=all_headers)


def api_routes(app) -> set[tuple[str, str]]:
    return {
        (method, normal_rule(rule.rule))
        for rule in app.url_map.iter_rules()
        if rule.rule.startswith("/api/")
        for method in rule.methods or ()
        if method not in ("HEAD", "OPTIONS")
    }


def test_every_api_route_has_a_definition_and_every_definition_a_route(app):
    routes = api_routes(app)
    defined = {(e.method, normal_rule(e.path)) for e in ENDPOINTS}
    assert routes - defined == set(), "routes without a definition in app/api/schemas.py"
    assert defined - routes - NOT_YET_LANDED == set(), "definitions without a route"
    assert NOT_YET_LANDED & routes == set(), "landed: remove them from NOT_YET_LANDED"


def test_the_document_lists_every_operation_with_its_answers(client):
    answer = client.get("/api/openapi.json")
    assert answer.status_code == 200
    document = answer.get_json()
    assert document["openapi"] == "3.1.0"
    operations = {(m.upper(), p) for p, item in document["paths"].items() for m in item}
    assert len(operations) == len(ENDPOINTS)
    assert ("GET", "/api/games/{game_id}/wait") in operations and ("GET", "/api/openapi.json") in operations
    assert document["components"]["securitySchemes"].keys() == {
        "editKey",
        "seatKey",
        "crewKey",
        "editKeyHeader",
        "playerKey",
    }
    join = document["paths"]["/api/crews/{crew_id}/games"]["post"]
    assert join["security"] == [{"crewKey": [], "editKeyHeader": []}] and "401" not in join["responses"]
    record = document["paths"]["/api/games/{game_id}/rounds"]["post"]
    assert set(record["responses"]) == {"201", "400", "401", "403", "404", "409", "413", "429", "503"}
    assert record["security"] == [{"editKey": []}]
    assert record["requestBody"]["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/RoundIn"}
    error = document["components"]["schemas"]["Error"]
    assert error["required"] == ["error"] and error["properties"]["error"]["type"] == "string"
    assert all(
        r["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/Error"}
        for item in document["paths"].values()
        for op in item.values()
        for status, r in op["responses"].items()
        if status.startswith("4") or status.startswith("5")
    )
    read = document["paths"]["/api/games/{game_id}"]["get"]
    assert "412" in read["responses"] and "304" in read["responses"]
    created = document["paths"]["/api/games"]["post"]["responses"]["201"]
    assert created["headers"]["Location"]["required"] is True
    link = created["links"]["recordRound"]
    assert link["parameters"] == {
        "game_id": "$response.body#/id",
        "header.Authorization": "Bearer {$response.body#/edit_key}",
    }


def test_the_document_is_a_valid_openapi_31_schema(client):
    import schemathesis  # the fuzz extra (the test extra includes it)

    loaded = schemathesis.openapi.from_dict(client.get("/api/openapi.json").get_json())
    labels = {op.ok().label for op in loaded.get_all_operations()}
    assert "POST /api/play/{play_id}/actions" in labels and len(labels) == len(ENDPOINTS)


def test_rules_are_described_from_the_engine_options(client):
    schemas_ = client.get("/api/openapi.json").get_json()["components"]["schemas"]
    rules = schemas_["CreatePlay"]["properties"]["rules"]["anyOf"]
    uno = next(r for r in rules if r.get("title") == "UnoRules")
    assert uno["additionalProperties"] is False
    assert uno["properties"]["target"] == {
        "type": "integer",
        "minimum": 1,
        "maximum": 10000,
        "description": uno["properties"]["target"]["description"],
        "default": 500,
    }


def test_real_answers_fit_their_models(client):
    game = post(client, "/api/games", {"game": "phase10", "players": ["Ana", "Ben"]}).get_json()
    schemas.CreatedGame.model_validate(game)
    schemas.GameOut.model_validate(client.get(f"/api/games/{game['id']}").get_json())
    new_key = post(client, f"/api/games/{game['id']}/key", None, game["edit_key"])
    assert new_key.status_code == 200 and schemas.NewEditKey.model_validate(new_key.get_json()).id == game["id"]
    play = post(client, "/api/play", {"game": "uno", "seats": [{"name": "Ana"}, {"name": "B", "bot": "smart"}]})
    schemas.CreatedPlay.model_validate(play.get_json())
    schemas.PlayOut.model_validate(client.get(f"/api/play/{play.get_json()['id']}").get_json())
    verdict = post(client, "/api/phase10/verify", {"phase": 1, "hand": ["7", "7", "7", "3", "3", "3"]}).get_json()
    phase10_api.Verdict.model_validate(verdict)
    points = post(client, "/api/games", {"game": "points", "players": ["Ana", "Ben"]}).get_json()
    body = {"round": 1, "results": [{"player": "Ana", "points": 5}, {"player": "Ben", "points": -3}]}
    scored = post(client, f"/api/games/{points['id']}/rounds", body, points["edit_key"]).get_json()
    assert schemas.GameOut.model_validate(scored).rounds[0].results[1].points == -3
    phase10 = post(client, "/api/play", {"game": "phase10", "seats": [{"name": "Ana"}, {"name": "B", "bot": "smart"}]})
    state = schemas.CreatedPlay.model_validate(phase10.get_json())
    assert state.seats[0].hand and state.legal[0].type == "draw"
    with pytest.raises(ValidationError):
        schemas.GameOut.model_validate({"id": "x"})


@pytest.mark.parametrize(
    "url, body, sentence",
    [
        (
            "/api/play",
            {"game": "uno", "seats": [{"name": "A"}, {"name": "B"}], "seed": "42"},
            '"seed" must be a whole number from 0 to 9223372036854775807 or null.',
        ),
        (
            "/api/play",
            {"game": "uno", "seats": [{"name": "A"}, {"name": "B", "robot": 1}]},
            'Unknown field "robot" in item 2 of "seats": it takes "name", "bot", "remote".',
        ),
        (
            "/api/games",
            {"game": "chess", "players": ["A", "B"]},
            '"game" must be one of "phase10", "uno", "uno_flip", "uno_no_mercy", "points".',
        ),
        (
            "/api/games",
            {"players": ["A", "B"]},
            '"game" is missing: send one of "phase10", "uno", "uno_flip", "uno_no_mercy", "points".',
        ),
        ("/api/games", {"game": "uno", "players": ["A", 2]}, '"players" must be a list of strings.'),
        (
            "/api/phase10/verify",
            {"phase": 1, "groups": [["7"], "7 7"]},
            'Group 2 of "groups" must be a list of strings.',
        ),
        ("/api/phase10/verify", {"phase": 1.5, "hand": []}, '"phase" must be a phase number or "tiebreaker".'),
        ("/api/uno/score", {"cards": ["R5"], "rules": 1}, '"rules" must be an object.'),
    ],
)
def test_a_body_of_the_wrong_shape_is_refused_naming_the_field(client, url, body, sentence):
    answer = post(client, url, body)
    assert answer.status_code == 400
    assert answer.get_json() == {"error": sentence}


def test_a_round_of_the_wrong_shape_names_the_player_entry(client):
    game = post(client, "/api/games", {"game": "uno", "players": ["Ana", "Ben"]}).get_json()
    body = {"round": 1, "went_out": "Ana", "results": [{"player": "Ben", "points": "12"}]}
    answer = post(client, f"/api/games/{game['id']}/rounds", body, game["edit_key"])
    assert answer.status_code == 400
    assert answer.get_json() == {"error": '"points" in item 1 of "results" must be a whole number.'}
    assert client.get(f"/api/games/{game['id']}").get_json()["rounds"] == []


def test_an_import_of_the_wrong_shape_says_the_file_cannot_be_imported(client):
    answer = post(client, "/api/games/import", {"format": "deckside-sheet", "format_version": 1, "game": 5})
    assert answer.status_code == 400
    assert answer.get_json()["error"] == 'This file cannot be imported: "game" must be text.'


def test_a_get_whose_if_match_fails_is_412(client):
    game = post(client, "/api/games", {"game": "uno", "players": ["Ana", "Ben"]}).get_json()
    url = f"/api/games/{game['id']}"
    refused = client.get(url, headers={"If-Match": '"7"'})
    assert refused.status_code == 412 and set(refused.get_json()) == {"error"}
    assert refused.headers["ETag"] == '"1"'
    for tag in ('"1"', "1", 'W/"1"', '"5", "1"', "*"):
        assert client.get(url, headers={"If-Match": tag}).status_code == 200, tag
    play = post(client, "/api/play", {"game": "uno", "seats": [{"name": "A"}, {"name": "B", "bot": "random"}]})
    assert client.get(f"/api/play/{play.get_json()['id']}", headers={"If-Match": '"99"'}).status_code == 412


def test_every_201_names_the_new_game_in_location(client):
    created = post(client, "/api/games", {"game": "uno", "players": ["Ana", "Ben"]})
    game = created.get_json()
    assert created.status_code == 201 and created.headers["Location"] == f"/api/games/{game['id']}"
    body = {"round": 1, "went_out": "Ana", "results": [{"player": "Ben", "points": 12}]}
    recorded = post(client, f"/api/games/{game['id']}/rounds", body, game["edit_key"])
    assert recorded.status_code == 201 and recorded.headers["Location"] == f"/api/games/{game['id']}"
    export = {
        "format": "deckside-sheet",
        "format_version": 1,
        "game": "uno",
        "players": ["Ana", "Ben"],
        "rounds": [body],
    }
    imported = post(client, "/api/games/import", export)
    assert imported.status_code == 201 and imported.headers["Location"] == f"/api/games/{imported.get_json()['id']}"
    play = post(client, "/api/play", {"game": "uno", "seats": [{"name": "A"}, {"name": "B", "bot": "random"}]})
    assert play.status_code == 201 and play.headers["Location"] == f"/api/play/{play.get_json()['id']}"
    assert client.get(play.headers["Location"]).status_code == 200


def test_a_405_names_the_allowed_methods(client):
    answer = client.put("/api/phase10/score")
    assert answer.status_code == 405 and "POST" in answer.headers["Allow"]


def test_the_api_page_is_served_from_static_without_inline_code(client):
    page = client.get("/static/api/index.html")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert '<script src="/static/js/api-docs.js" defer></script>' in html
    assert "<style" not in html and " style=" not in html and "<script>" not in html
    assert client.get("/static/js/api-docs.js").status_code == 200


@pytest.mark.parametrize(
    "model",
    [
        m
        for m in vars(schemas).values()
        if isinstance(m, type) and "examples" in str(getattr(m, "model_config", {}).get("json_schema_extra"))
    ],
)
def test_the_documented_examples_have_the_right_shape(model):
    for example in model.model_config["json_schema_extra"]["examples"]:
        model.model_validate(example)


def test_allow_names_the_methods_of_the_route_itself(client):
    """/api/games/import also matches /api/games/<game_id> (GET); its Allow names POST only."""
    assert set(client.options("/api/games/import").headers["Allow"].split(", ")) == {"POST", "OPTIONS"}
    assert set(client.put("/api/games/import").headers["Allow"].split(", ")) == {"POST", "OPTIONS"}
    assert "GET" in client.options("/api/games/abc").headers["Allow"]


def test_compression_never_turns_a_read_into_a_412_with_the_game(client):
    game = post(client, "/api/games", {"game": "phase10", "players": ["Ana", "Ben", "Cy"]}).get_json()
    headers = {"If-None-Match": "*", "If-Match": "*", "Accept-Encoding": "gzip"}
    answer = client.get(f"/api/games/{game['id']}", headers=headers)
    assert answer.status_code in (200, 304), answer.status_code


def test_the_document_validates_against_openapi_3_1(client):
    from openapi_spec_validator import OpenAPIV31SpecValidator

    document = client.get("/api/openapi.json").get_json()
    assert document["openapi"].startswith("3.1")
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in OpenAPIV31SpecValidator(document).iter_errors()]
    assert errors == []


def test_a_result_field_of_one_game_is_described_from_that_games_declaration(client):
    """No Mercy declares its knock-out (GameType.result_fields); the shared schema, the OpenAPI document and the
    importer are built from the registry and never name it."""
    from pathlib import Path

    from app.games import registry

    declared = {f.name: f for f in registry.require("uno_no_mercy").result_fields}
    assert declared["knocked_out"].type is bool and declared["knocked_out"].replaces_entry
    document = client.get("/api/openapi.json").get_json()
    field = document["components"]["schemas"]["ResultIn"]["properties"]["knocked_out"]
    assert field == {"type": "boolean", "title": "Knocked Out", "description": declared["knocked_out"].description}
    root = Path(__file__).resolve().parents[2] / "app"
    for shared in ("api/schemas.py", "api/openapi.py", "services/importer.py"):
        assert "knocked_out" not in (root / shared).read_text(encoding="utf-8"), shared
    # Checked strictly at the edge, as every field is.
    schemas.ResultIn.model_validate({"player": "Ana", "knocked_out": True})
    with pytest.raises(ValidationError):
        schemas.ResultIn.model_validate({"player": "Ana", "knocked_out": "yes"})
