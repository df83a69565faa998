"""Move my games to another phone (issue 23 §3): a claim of 192 random bits, 30 minutes, claimed once, whose
list is sealed under a key only the link carries; and the same list as a file."""

from __future__ import annotations

import pytest
from api_helpers import create, text

from app.extensions import db
from app.models import MoveClaim
from app.services import moves


def _token(client) -> str:
    page = text(client.get("/sheets/move"))
    return page.split('data-csrf="', 1)[1].split('"', 1)[0]


def _post(client, url, body):
    return client.post(url, json=body, headers={"X-CSRFToken": _token(client), "Accept": "application/json"})


@pytest.fixture
def clocked(monkeypatch, clock):
    monkeypatch.setattr(moves, "utcnow", clock)
    return clock


def test_the_new_phone_takes_the_games_once(app, client, clocked):
    mine, key, _ = create(client)
    viewed, _other_key, _ = create(client, game="uno", players=("Cy", "Dee"))
    made = _post(
        client,
        "/sheets/move",
        {"games": [{"id": mine, "key": key}, {"id": viewed, "key": "not-its-key"}, {"id": "gone", "key": None}]},
    )
    assert made.status_code == 201 and made.headers["Cache-Control"] == "no-store"
    body = made.get_json()
    assert len(body["code"]) == 32 and body["games"] == 2  # 24 random bytes: 192 bits
    assert body["url"].endswith("/sheets/move#claim=" + body["code"]) and "<svg" in body["svg"]
    with app.app_context():
        (claim,) = db.session.query(MoveClaim).all()
        assert key.encode() not in claim.payload and body["code"] not in claim.code_hash  # sealed, code hashed
    new_phone = app.test_client()
    taken = _post(new_phone, "/sheets/move/claim", {"code": body["code"]})
    assert taken.status_code == 200 and taken.headers["Cache-Control"] == "no-store"
    games = {g["id"]: g for g in taken.get_json()["games"]}
    assert games[mine]["key"] == key and games[viewed]["key"] is None  # a wrong key is not handed on
    assert games[mine]["url"] == f"/sheets/{mine}" and games[mine]["players"] == ["Ana", "Ben", "Cy"]
    listed = text(new_phone.get("/sheets/"))
    assert f"/sheets/{mine}" in listed and f"/sheets/{viewed}" in listed  # on the new phone's list
    again = _post(app.test_client(), "/sheets/move/claim", {"code": body["code"]})
    assert again.status_code == 410 and "used already" in again.get_json()["error"]


def test_an_expired_code_is_410_and_an_unknown_one_404(app, client, clocked):
    mine, key, _ = create(client)
    code = _post(client, "/sheets/move", {"games": [{"id": mine, "key": key}]}).get_json()["code"]
    clocked.advance(30 * 60 + 1)
    late = _post(app.test_client(), "/sheets/move/claim", {"code": code})
    assert late.status_code == 410 and "expired" in late.get_json()["error"]
    unknown = _post(app.test_client(), "/sheets/move/claim", {"code": "x" * 32})
    assert unknown.status_code == 404


def test_wrong_codes_count_like_wrong_keys(app, client):
    app.config["EDIT_KEY_FAILURES"] = 3
    answers = [_post(client, "/sheets/move/claim", {"code": f"guess-{n}"}).status_code for n in range(5)]
    assert answers[:3] == [404, 404, 404] and answers[3] == 429


def test_refusals_name_the_problem(client):
    assert "no sheets to move" in _post(client, "/sheets/move", {"games": []}).get_json()["error"]
    assert '"games" must be a list' in _post(client, "/sheets/move", {"games": "all"}).get_json()["error"]
    assert "Deckside games" in _post(client, "/sheets/move/file", {"format": "other"}).get_json()["error"]


def test_the_list_as_a_file(app, client):
    mine, key, _ = create(client)
    new_phone = app.test_client()
    answer = _post(
        new_phone,
        "/sheets/move/file",
        {"format": "deckside-games", "format_version": 1, "games": [{"id": mine, "key": key}]},
    )
    assert answer.status_code == 200 and answer.get_json()["games"][0]["key"] == key
    assert f"/sheets/{mine}" in text(new_phone.get("/sheets/"))


def test_the_page_lists_this_phones_games(client):
    mine, _key, _ = create(client)
    client.get(f"/sheets/{mine}")
    page = text(client.get("/sheets/move"))
    assert "1 sheet is on this phone." in page and mine in page
    assert "Move my games to another phone" in text(client.get("/sheets/"))
