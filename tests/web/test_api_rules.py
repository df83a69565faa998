"""The rules endpoints answer exactly as ../shared/API.md says, and every malformed request is a 400 sentence."""

from __future__ import annotations

import json

import pytest


def post(client, url, body):
    data = body if isinstance(body, (str, bytes)) else json.dumps(body)
    return client.post(url, data=data, content_type="application/json")


# --- /api/phase10/verify -------------------------------------------------------------------------


def test_groups_mode_contract_example(client):
    answer = post(client, "/api/phase10/verify", {"phase": 3, "groups": [["8", "8", "W", "8"], ["3", "4", "W", "6"]]})
    assert answer.status_code == 200
    body = answer.get_json()
    assert body["valid"] is True and body["phase"] == 3 and body["reasons"] == []
    assert body["groups"] == [
        {"kind": "set", "cards": ["8", "8", "W", "8"], "stands_for": [8, 8, 8, 8]},
        {"kind": "run", "cards": ["3", "4", "W", "6"], "stands_for": [3, 4, 5, 6]},
    ]


@pytest.mark.parametrize("phase", [1, "tiebreaker"])
def test_a_null_phase_list_is_refused_as_the_schema_says_not_taken_as_no_list(client, phase):
    """Found by schemathesis (ST201): ``"phases": null`` was answered 200 as if no list were given, though the
    document says a phase list is a list, "masters" or "classic"."""
    answer = post(
        client, "/api/phase10/verify", {"rules": {"natural_card": "group", "phases": None}, "phase": phase, "hand": []}
    )
    assert answer.status_code == 400
    assert answer.get_json()["error"] == "The phase list must be a non-empty list of phase numbers from 1 to 10."


def test_groups_keep_request_order(client):
    body = post(
        client, "/api/phase10/verify", {"phase": 2, "groups": [["3", "4", "5", "6"], ["9", "9", "9"]]}
    ).get_json()
    assert body["valid"] is True
    assert [g["kind"] for g in body["groups"]] == ["run", "set"]


def test_hand_mode_contract_example(client):
    hand = ["8", "8", "8", "W", "3", "4", "5", "6", "S", "12"]
    body = post(client, "/api/phase10/verify", {"phase": 3, "hand": hand}).get_json()
    assert body["valid"] is True
    assert body["groups"][0]["kind"] == "set" and sorted(body["groups"][0]["cards"]) == ["8", "8", "8", "W"]
    assert body["groups"][1] == {"kind": "run", "cards": ["3", "4", "5", "6"], "stands_for": [3, 4, 5, 6]}
    hand[7] = "11"
    body = post(client, "/api/phase10/verify", {"phase": 3, "hand": hand}).get_json()
    assert body["valid"] is False and body["groups"] == [] and body["reasons"]


@pytest.mark.parametrize(
    "sent, cards, values",
    [
        (["W", "4", "5", "6"], ["W", "4", "5", "6"], [3, 4, 5, 6]),
        (["4", "5", "6", "W"], ["4", "5", "6", "W"], [4, 5, 6, 7]),
        (["4", "W", "6", "7"], ["4", "W", "6", "7"], [4, 5, 6, 7]),
        (["6", "5", "4", "W"], ["4", "5", "6", "W"], [4, 5, 6, 7]),
        (["11", "12", "W", "W"], ["W", "W", "11", "12"], [9, 10, 11, 12]),
    ],
)
def test_run_arrangement_rule(client, sent, cards, values):
    body = post(client, "/api/phase10/verify", {"phase": 2, "groups": [["7", "7", "7"], sent]}).get_json()
    assert body["valid"] is True, body
    assert body["groups"][1] == {"kind": "run", "cards": cards, "stands_for": values}


def test_tiebreaker_and_natural_card_rule(client):
    groups = [["5", "5", "5", "5", "5"], ["W", "W", "W"]]
    assert post(client, "/api/phase10/verify", {"phase": "tiebreaker", "groups": groups}).get_json()["valid"] is True
    body = post(
        client, "/api/phase10/verify", {"phase": "tiebreaker", "groups": groups, "rules": {"natural_card": "group"}}
    ).get_json()
    assert body["valid"] is False and body["reasons"]


def test_verdict_failures_are_200_with_reasons(client):
    for groups in ([["3", "4", "6", "8"], ["7", "7", "7"]], [["S", "7", "7"], ["1", "2", "3", "4"]]):
        answer = post(client, "/api/phase10/verify", {"phase": 2, "groups": groups})
        assert answer.status_code == 200
        body = answer.get_json()
        assert (
            body["valid"] is False and body["groups"] == [] and all(isinstance(r, str) and r for r in body["reasons"])
        )


@pytest.mark.parametrize(
    "body, fragment",
    [
        ("not json", "JSON object"),
        ("[1, 2]", "JSON object"),
        ({"groups": [["7"]]}, "phase"),
        ({"phase": 0, "hand": ["7"]}, "phase"),
        ({"phase": 11, "hand": ["7"]}, "phase"),
        ({"phase": "x", "hand": ["7"]}, "phase"),
        ({"phase": 3.0, "hand": ["7"]}, "phase"),
        ({"phase": True, "hand": ["7"]}, "phase"),
        ({"phase": 1}, "either"),
        ({"phase": 1, "hand": ["7"], "groups": [["7"]]}, "either"),
        ({"phase": 1, "hand": ["13"]}, '"13" is not a Phase 10 card'),
        ({"phase": 1, "hand": "7 7 7"}, "list"),
        ({"phase": 1, "hand": [7]}, "list"),
        ({"phase": 1, "groups": [["7", 7]]}, "Group 1"),
        ({"phase": 1, "groups": ["7 7 7"]}, "groups"),
        ({"phase": 1, "groups": [["W"] * 9]}, "8 wild"),
        ({"phase": 1, "hand": ["R7", "R7", "R7"]}, "R7"),
        ({"phase": 1, "hand": ["7"], "rules": {"natural_card": "card"}}, "natural_card"),
        ({"phase": 1, "hand": ["7"], "rules": {"foo": 1}}, "foo"),
        ({"phase": 1, "hand": ["7"], "rules": []}, "rules"),
    ],
)
def test_malformed_verify_requests(client, body, fragment):
    answer = post(client, "/api/phase10/verify", body)
    assert answer.status_code == 400
    assert fragment in answer.get_json()["error"]


# --- scoring ---------------------------------------------------------------------------------------


def test_phase10_score_contract_example(client):
    assert post(client, "/api/phase10/score", {"cards": ["5", "11", "S", "W"]}).get_json() == {"points": 55}
    assert post(client, "/api/phase10/score", {"cards": []}).get_json() == {"points": 0}


def test_uno_score_contract_example(client):
    assert post(client, "/api/uno/score", {"cards": ["R5", "G+2", "W4"]}).get_json() == {"points": 75}
    assert post(client, "/api/uno/score", {"cards": ["gd2", "+4", "B0"]}).get_json() == {"points": 70}
    body = post(client, "/api/uno/score", {"cards": ["WS", "WC"], "rules": {"newer_wilds": True}}).get_json()
    assert body == {"points": 80}


@pytest.mark.parametrize(
    "url, body, fragment",
    [
        ("/api/phase10/score", {"cards": ["13"]}, '"13" is not a Phase 10 card'),
        ("/api/phase10/score", {"cards": "5"}, "list"),
        ("/api/phase10/score", {}, "list"),
        ("/api/phase10/score", {"cards": ["S"] * 5}, "skip"),
        ("/api/uno/score", {"cards": ["R10"]}, '"R10" is not an UNO card'),
        ("/api/uno/score", {"cards": ["WS"]}, "newer_wilds"),
        ("/api/uno/score", {"cards": ["WS"], "rules": {"newer_wilds": "yes"}}, "newer_wilds"),
        ("/api/uno/score", {"cards": ["R0", "R0"]}, "R0"),
        ("/api/uno/score", {"cards": ["R0"], "rules": {"stacking": True}}, "rules"),
        ("/api/uno/score", "{", "JSON object"),
    ],
)
def test_malformed_score_requests(client, url, body, fragment):
    answer = post(client, url, body)
    assert answer.status_code == 400
    assert fragment in answer.get_json()["error"]


def test_unknown_api_address_and_method_are_json(client):
    answer = client.get("/api/nothing-here")
    assert answer.status_code == 404 and "error" in answer.get_json()
    answer = client.get("/api/phase10/verify")
    assert answer.status_code == 405 and "error" in answer.get_json()


def test_oversized_body_is_413_json(client):
    answer = post(client, "/api/phase10/score", json.dumps({"cards": ["5"] * 100000}))
    assert answer.status_code == 413 and "error" in answer.get_json()
