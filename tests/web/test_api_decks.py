"""The decks people own through the API (API.md "Decks people own"): UNO Flip and UNO Show 'em No Mercy sheets,
created, scored to the target, corrected, exported and imported, rematched; their refusals name the card or count."""

from __future__ import annotations

import pytest
from api_helpers import create, post

from app.extensions import db
from app.models import Game


def rounds_url(game_id):
    return f"/api/games/{game_id}/rounds"


def scores(data):
    return {p["name"]: p["score"] for p in data["players"]}


# --- UNO Flip ------------------------------------------------------------------------------------------------------


def test_flip_sheet_defaults_and_long_kind_ids_are_stored(app, client):
    """RULES.md "UNO Flip": target 500 by default, winner_takes; API.md: kind ids may be longer than ten characters."""
    _id, _key, data = create(client, "uno_flip", ["Ana", "Ben"])
    assert data["game"] == "uno_flip" and data["rules"] == {
        "target": 500,
        "scoring": "winner_takes",
        "join_score": "worst",
    }
    nm_id, _key, data = create(client, "uno_no_mercy", ["Ana", "Ben"])
    assert data["game"] == "uno_no_mercy" and data["rules"] == {"target": 1000, "join_score": "worst"}
    with app.app_context():
        assert db.session.get(Game, nm_id).kind == "uno_no_mercy"


def test_flip_round_scores_the_side_the_hand_ended_on(client):
    """RULES.md: points for the cards in the other hands, on the side the hand ended on (dark: PD5 20, TSE 30, WC
    60); the round answers its side and the canonical tokens."""
    game_id, key, _ = create(client, "uno_flip", ["Ana", "Ben", "Cy"])
    body = {
        "round": 1,
        "went_out": "Ana",
        "side": "dark",
        "results": [{"player": "Ben", "cards": ["pd5", "Tse", "wc", "U9"]}, {"player": "Cy", "points": 35}],
    }
    answer = post(client, rounds_url(game_id), body, key)
    assert answer.status_code == 201, answer.get_json()
    data = answer.get_json()
    assert scores(data) == {"Ana": 20 + 30 + 60 + 9 + 35, "Ben": 0, "Cy": 0}
    stored = data["rounds"][0]
    assert stored["side"] == "dark"
    assert stored["results"][0]["cards"] == ["PD5", "TSE", "WC", "U9"]
    again = client.get(f"/api/games/{game_id}").get_json()
    assert again["rounds"][0]["side"] == "dark" and scores(again) == scores(data)


@pytest.mark.parametrize(
    "body, status, fragment",
    [
        ({"went_out": "Ana", "results": [{"player": "Ben", "points": 5}]}, 400, "side"),
        ({"went_out": "Ana", "side": "grey", "results": [{"player": "Ben", "points": 5}]}, 400, "side"),
        ({"went_out": "Ana", "side": "dark", "results": [{"player": "Ben", "cards": ["RD1"]}]}, 400, "RD1"),
        ({"went_out": "Ana", "side": "light", "results": [{"player": "Ben", "cards": ["PD5"]}]}, 400, "PD5"),
        ({"went_out": "Ana", "side": "light", "results": [{"player": "Ben", "cards": ["R0"]}]}, 400, "R0"),
        ({"went_out": "Ana", "side": "light", "results": [{"player": "Ben", "points": 0}]}, 400, "1 point"),
        ({"went_out": "Ana", "side": "light", "results": [{"player": "Ben", "points": 1281}]}, 400, "1280"),
        ({"went_out": "Ana", "side": "dark", "results": [{"player": "Ben", "cards": ["WC"] * 5}]}, 400, "WC"),
    ],
)
def test_flip_refusals_name_the_side_card_or_count(client, body, status, fragment):
    """API.md: ``side`` is required on every round; typed points run from 1 to the side's deck total; every card
    must be of that side; the deck check is per side (4 Wild Draw Color)."""
    game_id, key, _ = create(client, "uno_flip", ["Ana", "Ben"])
    answer = post(client, rounds_url(game_id), {"round": 1, **body}, key)
    assert answer.status_code == status
    assert fragment in answer.get_json()["error"]
    assert client.get(f"/api/games/{game_id}").get_json()["rounds"] == []


def test_flip_typed_points_are_checked_together_against_the_side(client):
    """API.md: typed points are checked together against that side's deck: two dark hands of 1,480 points need
    the whole dark deck twice."""
    game_id, key, _ = create(client, "uno_flip", ["Ana", "Ben", "Cy"], {"target": 10000})
    body = {
        "round": 1,
        "went_out": "Ana",
        "side": "dark",
        "results": [{"player": "Ben", "points": 800}, {"player": "Cy", "points": 800}],
    }
    answer = post(client, rounds_url(game_id), body, key)
    assert answer.status_code == 400
    assert "1,480" in answer.get_json()["error"] or "1480" in answer.get_json()["error"]


def test_flip_outcome_at_the_target_winner_takes(client):
    """RULES.md: the first player to reach the target (winner_takes) wins."""
    game_id, key, _ = create(client, "uno_flip", ["Ana", "Ben"], {"target": 100})
    round1 = {"round": 1, "went_out": "Ben", "side": "light", "results": [{"player": "Ana", "cards": ["W2", "R9"]}]}
    data = post(client, rounds_url(game_id), round1, key).get_json()
    assert scores(data) == {"Ana": 0, "Ben": 59} and data["status"] == "playing"
    round2 = {"round": 2, "went_out": "Ben", "side": "dark", "results": [{"player": "Ana", "cards": ["W", "P1"]}]}
    data = post(client, rounds_url(game_id), round2, key).get_json()
    assert data["status"] == "finished" and data["winner"] == "Ben"
    assert data["outcome"]["rule"] == "target"


def test_flip_outcome_lowest_wins(client):
    """RULES.md: ``lowest_wins`` as for UNO: everyone keeps their own cards; at the target the lowest total wins."""
    game_id, key, _ = create(client, "uno_flip", ["Ana", "Ben", "Cy"], {"target": 100, "scoring": "lowest_wins"})
    body = {
        "round": 1,
        "went_out": "Ana",
        "side": "dark",
        "results": [{"player": "Ben", "cards": ["WC", "WC"]}, {"player": "Cy", "cards": ["P1"]}],
    }
    data = post(client, rounds_url(game_id), body, key).get_json()
    assert scores(data) == {"Ana": 0, "Ben": 120, "Cy": 1}
    assert data["status"] == "finished" and data["winner"] == "Ana"


def test_flip_correction_export_import_and_rematch_keep_the_side(client):
    """A correction may change the side; export.json carries it and imports back to the same sheet; a rematch
    stays UNO Flip."""
    game_id, key, _ = create(client, "uno_flip", ["Ana", "Ben"])
    post(
        client,
        rounds_url(game_id),
        {"round": 1, "went_out": "Ana", "side": "light", "results": [{"player": "Ben", "cards": ["GF", "Y3"]}]},
        key,
    )
    answer = post(
        client,
        f"{rounds_url(game_id)}/1",
        {"round": 1, "went_out": "Ana", "side": "dark", "results": [{"player": "Ben", "cards": ["OF", "T3"]}]},
        key,
        method="put",
    )
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["rounds"][0]["side"] == "dark"
    exported = client.get(f"/sheets/{game_id}/export.json").get_json()
    assert exported["rounds"][0]["side"] == "dark"
    imported = post(client, "/api/games/import", exported)
    assert imported.status_code == 201, imported.get_json()
    copy = imported.get_json()
    assert copy["rounds"] == client.get(f"/api/games/{game_id}").get_json()["rounds"]
    rematch = post(client, f"/api/games/{game_id}/rematch", {}, key)
    assert rematch.status_code == 201 and rematch.get_json()["game"] == "uno_flip"


# --- UNO Show 'em No Mercy ------------------------------------------------------------------------------------------


def test_no_mercy_takes_two_to_six_players(client):
    """RULES.md "UNO Show 'em No Mercy": 2–6 players."""
    answer = post(client, "/api/games", {"game": "uno_no_mercy", "players": [f"P{n}" for n in range(7)]})
    assert answer.status_code == 400
    create(client, "uno_no_mercy", [f"P{n}" for n in range(6)])


def test_no_mercy_knock_outs_score_250_each(client):
    """RULES.md: the winner scores the cards left in the hands not knocked out, plus 250 a knock-out (colour
    action cards 20, wild action cards 50)."""
    game_id, key, _ = create(client, "uno_no_mercy", ["Ana", "Ben", "Cy"])
    body = {
        "round": 1,
        "went_out": "Ana",
        "results": [
            {"player": "Ben", "cards": ["r+4", "BDA", "GSE", "W10", "Y7"]},
            {"player": "Cy", "knocked_out": True},
        ],
    }
    data = post(client, rounds_url(game_id), body, key).get_json()
    assert scores(data) == {"Ana": 20 + 20 + 20 + 50 + 7 + 250, "Ben": 0, "Cy": 0}
    assert data["rounds"][0]["results"][0]["cards"] == ["R+4", "BDA", "GSE", "W10", "Y7"]
    assert data["rounds"][0]["results"][1]["knocked_out"] is True


def test_no_mercy_last_standing_wins_the_hand_and_the_game_at_1000(client):
    """RULES.md: a hand is won by the last player left when every other player was knocked out; 1000 wins."""
    players = ["Ana", "Ben", "Cy", "Dee", "Eve"]
    game_id, key, _ = create(client, "uno_no_mercy", players)
    knocked = [{"player": p, "knocked_out": True} for p in players if p != "Eve"]
    answer = post(client, rounds_url(game_id), {"round": 1, "last_standing": "Eve", "results": knocked}, key)
    assert answer.status_code == 201, answer.get_json()
    data = answer.get_json()
    assert scores(data)["Eve"] == 1000
    assert data["rounds"][0]["last_standing"] == "Eve" and "went_out" not in data["rounds"][0]
    assert data["status"] == "finished" and data["winner"] == "Eve"
    exported = client.get(f"/sheets/{game_id}/export.json").get_json()
    imported = post(client, "/api/games/import", exported)
    assert imported.status_code == 201, imported.get_json()
    assert imported.get_json()["rounds"] == data["rounds"] and imported.get_json()["winner"] == "Eve"


@pytest.mark.parametrize(
    "body, fragment",
    [
        (
            {
                "went_out": "Ana",
                "results": [{"player": "Ben", "knocked_out": True}, {"player": "Cy", "knocked_out": True}],
            },
            "last player standing",
        ),
        (
            {
                "last_standing": "Ana",
                "results": [{"player": "Ben", "points": 3}, {"player": "Cy", "knocked_out": True}],
            },
            "Ben was not knocked out",
        ),
        (
            {"went_out": "Ana", "results": [{"player": "Ben", "cards": ["R1"] * 25}, {"player": "Cy", "points": 0}]},
            "25 cards",
        ),
        ({"went_out": "Ana", "results": [{"player": "Ben", "cards": ["R+6"]}, {"player": "Cy", "points": 0}]}, "R+6"),
        (
            {
                "went_out": "Ana",
                "results": [{"player": "Ben", "knocked_out": True, "points": 4}, {"player": "Cy", "points": 0}],
            },
            "knocked out",
        ),
        ({"went_out": "Ana", "last_standing": "Ana", "results": []}, "once"),
        ({"went_out": "Ana", "results": [{"player": "Ben", "points": -1}, {"player": "Cy", "points": 0}]}, "points"),
    ],
)
def test_no_mercy_refusals(client, body, fragment):
    """API.md: went_out with every other player knocked out is 400; the mercy rule (25 or more cards) is a
    knock-out, not a score; typed points from 0."""
    game_id, key, _ = create(client, "uno_no_mercy", ["Ana", "Ben", "Cy"])
    answer = post(client, rounds_url(game_id), {"round": 1, **body}, key)
    assert answer.status_code == 400
    assert fragment in answer.get_json()["error"]


def test_no_mercy_typed_points_have_no_deck_check(client):
    """API.md: No Mercy typed points are any integer from 0 (no deck-wide check)."""
    game_id, key, _ = create(client, "uno_no_mercy", ["Ana", "Ben"], {"target": 10000})
    body = {"round": 1, "went_out": "Ana", "results": [{"player": "Ben", "points": 5000}]}
    assert post(client, rounds_url(game_id), body, key).status_code == 201


def test_table_record_counts_hands_won_and_knock_outs(client):
    """The table record adds UNO's ``outs`` (hands won) and No Mercy's ``knocked_out``."""
    game_id, key, data = create(client, "uno_no_mercy", ["Ana", "Ben"], {"target": 100})
    post(
        client,
        rounds_url(game_id),
        {"round": 1, "last_standing": "Ana", "results": [{"player": "Ben", "knocked_out": True}]},
        key,
    )
    record = client.get(f"/api/tables/{data['table']}").get_json()
    lines = {line["name"]: line for line in record["players"]}
    assert lines["Ana"]["outs"] == 1 and lines["Ben"]["knocked_out"] == 1 and lines["Ana"]["wins"] == 1


def test_openapi_describes_the_new_round_keys(client):
    """API.md "Decks people own": ``side`` (light or dark), ``last_standing`` and a result's ``knocked_out`` are
    documented in the OpenAPI description, as the new kinds are among the games."""
    schemas = client.get("/api/openapi.json").get_json()["components"]["schemas"]
    side = schemas["RoundIn"]["properties"]["side"]
    assert {"enum": ["light", "dark"], "type": "string"} in side["anyOf"]
    assert "last_standing" in schemas["RoundIn"]["properties"]
    assert schemas["ResultIn"]["properties"]["knocked_out"]["type"] == "boolean"
    assert {"side", "last_standing"} <= set(schemas["RoundOut"]["properties"])
    text = client.get("/api/openapi.json").get_data(as_text=True)
    assert '"uno_flip"' in text and '"uno_no_mercy"' in text
