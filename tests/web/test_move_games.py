"""Move my games to another phone (issue 23 §3): a claim of 192 random bits, 30 minutes, claimed once, whose
list is sealed under a key only the link carries; and the same list as a file."""

from __future__ import annotations

import pytest
from api_helpers import create, post, text

from app.extensions import db
from app.models import MoveClaim
from app.services import moves


def _token(client) -> str:
    page = text(client.get("/sheets/move"))
    return page.split('data-csrf="', 1)[1].split('"', 1)[0]


def _post(client, url, body, retry=None):
    headers = {"X-CSRFToken": _token(client), "Accept": "application/json"}
    if retry:
        headers["Idempotency-Key"] = retry
    return client.post(url, json=body, headers=headers)


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


# --- crews and digital games move too; every key checked, a revoked one left out and said ----------------------


def _crew(client) -> tuple[str, str]:
    made = post(client, "/api/crews", {"name": "Friday cards", "people": ["Ana", "Ben", "Cy"]})
    assert made.status_code == 201, made.get_json()
    return made.get_json()["id"], made.get_json()["crew_key"]


def _play(client) -> dict:
    made = post(client, "/api/play", {"game": "uno", "seats": [{"name": "Ana"}, {"name": "Ben", "remote": True}]})
    assert made.status_code == 201, made.get_json()
    return made.get_json()


def _everything(client) -> tuple[dict, dict]:
    """A phone's list with one of each (sheet, crew, digital game with a remote seat), and the keys."""
    sheet, key, _ = create(client)
    crew, crew_key = _crew(client)
    play = _play(client)
    keys = {"sheet": sheet, "key": key, "crew": crew, "crew_key": crew_key, "play": play["id"]}
    keys.update(play_key=play["edit_key"], seat_key=play["seat_keys"]["1"])
    listed = {
        "games": [{"id": sheet, "key": key}],
        "crews": [{"id": crew, "key": crew_key}],
        "plays": [{"id": play["id"], "key": play["edit_key"], "seat_keys": {"1": play["seat_keys"]["1"]}}],
    }
    return listed, keys


def _works(client, keys: dict, moved: dict) -> None:
    """The keys the new phone was given open what they should: the crew takes a game, the seat plays."""
    crew = moved["crews"][0]
    assert crew["key"] == keys["crew_key"] and crew["name"] == "Friday cards"
    assert crew["url"] == f"/crews/{keys['crew']}"
    joined = post(
        client,
        f"/api/crews/{keys['crew']}/games",
        {"game": keys["sheet"]},
        headers={"X-Crew-Key": crew["key"], "X-Edit-Key": moved["games"][0]["key"]},
    )
    assert joined.status_code in (200, 201), joined.get_json()
    play = moved["plays"][0]
    assert play["key"] == keys["play_key"] and play["seat_keys"] == {"1": keys["seat_key"]}
    assert play["game"] == "uno" and play["names"] == ["Ana", "Ben"] and play["url"] == f"/play/{keys['play']}"
    seat = client.get(f"/api/play/{keys['play']}", headers={"Authorization": f"Bearer {play['seat_keys']['1']}"})
    assert seat.status_code == 200 and seat.get_json()["you"] == 1  # the seat's own phone now
    assert moved["refused"] == []


def test_crews_and_digital_games_move_by_the_link(app, client):
    listed, keys = _everything(client)
    made = _post(client, "/sheets/move", listed)
    assert made.status_code == 201, made.get_json()
    body = made.get_json()
    assert (body["games"], body["crews"], body["plays"], body["refused"]) == (1, 1, 1, [])
    with app.app_context():
        (claim,) = db.session.query(MoveClaim).all()
        assert keys["crew_key"].encode() not in claim.payload and keys["seat_key"].encode() not in claim.payload
    new_phone = app.test_client()
    taken = _post(new_phone, "/sheets/move/claim", {"code": body["code"]})
    assert taken.status_code == 200, taken.get_json()
    _works(new_phone, keys, taken.get_json())
    assert f"/crews/{keys['crew']}" in text(new_phone.get("/sheets/"))  # the new phone's crews list


def test_crews_and_digital_games_move_by_the_file(app, client):
    listed, keys = _everything(client)
    new_phone = app.test_client()
    answer = _post(new_phone, "/sheets/move/file", {"format": "deckside-games", "format_version": 2, **listed})
    assert answer.status_code == 200, answer.get_json()
    _works(new_phone, keys, answer.get_json())
    assert f"/crews/{keys['crew']}" in text(new_phone.get("/sheets/"))


def test_a_revoked_key_is_reported_and_not_moved(app, client):
    listed, keys = _everything(client)
    made = _post(client, "/sheets/move", listed).get_json()
    # after the link was made: a new edit key for the sheet, a new key for the remote seat
    assert post(client, f"/api/games/{keys['sheet']}/key", {}, key=keys["key"]).status_code == 200
    assert post(client, f"/api/play/{keys['play']}/seats/1/key", None, key=keys["play_key"]).status_code == 201
    taken = _post(app.test_client(), "/sheets/move/claim", {"code": made["code"]}).get_json()
    assert taken["games"][0]["key"] is None and taken["plays"][0]["seat_keys"] is None  # not moved
    assert taken["plays"][0]["key"] == keys["play_key"] and taken["crews"][0]["key"] == keys["crew_key"]
    said = {(r["part"], r["id"]): r for r in taken["refused"]}
    assert set(said) == {("games", keys["sheet"]), ("plays", keys["play"])}
    assert "no longer works" in said["games", keys["sheet"]]["error"]
    assert said["games", keys["sheet"]]["name"] == "Phase 10: Ana, Ben, Cy"
    assert said["plays", keys["play"]]["name"] == "UNO: Ana, Ben"
    # the old phone, making a link with the revoked keys, is told at once; a wrong crew key too
    listed["crews"][0]["key"] = "not-the-crew-key"
    again = _post(client, "/sheets/move", listed).get_json()
    assert {(r["part"], r["id"]) for r in again["refused"]} == {
        ("games", keys["sheet"]),
        ("plays", keys["play"]),
        ("crews", keys["crew"]),
    }
    taken = _post(app.test_client(), "/sheets/move/claim", {"code": again["code"]}).get_json()
    assert taken["crews"][0]["key"] is None and keys["crew_key"] not in str(taken)


def test_what_no_longer_exists_is_said(app, client):
    sheet, key, _ = create(client)
    answer = _post(
        app.test_client(),
        "/sheets/move/file",
        {
            "format": "deckside-games",
            "games": [{"id": sheet, "key": key}],
            "plays": [{"id": "deletedgame", "key": None}],
        },
    ).get_json()
    assert [g["id"] for g in answer["games"]] == [sheet] and answer["plays"] == []
    assert answer["refused"][0]["id"] == "deletedgame" and "no longer exists" in answer["refused"][0]["error"]


def test_a_lost_answer_is_answered_again_to_the_same_phone_only(app, client):
    listed, keys = _everything(client)
    code = _post(client, "/sheets/move", listed).get_json()["code"]
    new_phone = app.test_client()
    first = _post(new_phone, "/sheets/move/claim", {"code": code}, retry="phone-b-1")
    assert first.status_code == 200
    with app.app_context():
        (claim,) = db.session.query(MoveClaim).all()
        assert keys["crew_key"].encode() not in claim.payload  # kept sealed for that phone only
    again = _post(new_phone, "/sheets/move/claim", {"code": code}, retry="phone-b-1")  # the answer was lost
    assert again.status_code == 200 and again.get_json()["crews"][0]["key"] == keys["crew_key"]
    for other in ("phone-c-1", None):
        refused = _post(app.test_client(), "/sheets/move/claim", {"code": code}, retry=other)
        assert refused.status_code == 410 and "used already" in refused.get_json()["error"]


def test_the_lists_shape_is_checked(client):
    bad = [
        ({"games": [], "crews": "all"}, '"crews" must be a list'),
        ({"games": [], "crews": [{"id": 5}]}, 'Each item of "crews"'),
        ({"games": [], "plays": [{"id": "abc", "key": None, "seat_keys": ["k"]}]}, '"seat_keys" is'),
    ]
    for body, words in bad:
        answer = _post(client, "/sheets/move", body)
        assert answer.status_code == 400 and words in answer.get_json()["error"], answer.get_json()
