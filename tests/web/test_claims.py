"""Hand-over links that expire (API.md "Hand-over links that expire"): claim codes for edit and seat links,
30 minutes, a seat's once, 192 random bits, wrong codes counted like wrong keys, 410 once expired or used."""

from __future__ import annotations

import base64
from datetime import datetime, timedelta

import pytest

from app.extensions import db
from app.models import Claim, utcnow

EXPIRED = "This link has expired: ask the phone that shared it for a new one. The sheet can still be read."


@pytest.fixture
def app(app):
    app.config["EDIT_KEY_FAILURES"] = 3
    return app


def _bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def _sheet(client) -> dict:
    return client.post("/api/games", json={"game": "uno", "players": ["Ana", "Ben"]}).get_json()


def test_an_edit_code_hands_the_key_over_to_any_number_of_phones_for_thirty_minutes(app, client):
    sheet = _sheet(client)
    made = client.post("/api/claims", json={"game": sheet["id"], "right": "edit"}, headers=_bearer(sheet["edit_key"]))
    assert made.status_code == 201 and made.headers["Cache-Control"] == "no-store"
    code, expires = made.get_json()["code"], made.get_json()["expires"]
    assert len(base64.urlsafe_b64decode(code + "==")) * 8 == 192
    lasts = datetime.fromisoformat(expires.replace("Z", "+00:00")).replace(tzinfo=None) - utcnow()
    assert timedelta(minutes=29) < lasts <= timedelta(minutes=30)
    for _phone in range(3):
        claimed = client.post(f"/api/claims/{code}")
        assert claimed.status_code == 200 and claimed.headers["Cache-Control"] == "no-store"
        assert claimed.get_json() == {"game": sheet["id"], "right": "edit", "key": sheet["edit_key"]}
    with app.app_context():  # half an hour later
        db.session.execute(Claim.__table__.update().values(expires_at=utcnow() - timedelta(seconds=1)))
        db.session.commit()
    late = client.post(f"/api/claims/{code}")
    assert (late.status_code, late.get_json()) == (410, {"error": EXPIRED})
    assert client.get(f"/api/games/{sheet['id']}").status_code == 200


def test_the_table_keeps_neither_the_code_nor_the_key(app, client):
    sheet = _sheet(client)
    code = client.post(
        "/api/claims", json={"game": sheet["id"], "right": "edit"}, headers=_bearer(sheet["edit_key"])
    ).get_json()["code"]
    with app.app_context():
        row = db.session.execute(db.select(Claim)).scalar_one()
        stored = " ".join(str(getattr(row, c.key)) for c in Claim.__table__.columns)
    assert code not in stored and sheet["edit_key"] not in stored


def test_a_new_edit_key_ends_the_links_made_for_the_old_one(client):
    sheet = _sheet(client)
    code = client.post(
        "/api/claims", json={"game": sheet["id"], "right": "edit"}, headers=_bearer(sheet["edit_key"])
    ).get_json()["code"]
    assert client.post(f"/api/games/{sheet['id']}/key", headers=_bearer(sheet["edit_key"])).status_code == 200
    assert client.post(f"/api/claims/{code}").status_code == 410


def test_who_may_make_a_code(client):
    sheet = _sheet(client)
    body = {"game": sheet["id"], "right": "edit"}
    assert client.post("/api/claims", json=body).status_code == 401
    assert client.post("/api/claims", json=body, headers=_bearer("not-the-key")).status_code == 403
    assert client.post("/api/claims", json={**body, "game": "nope"}, headers=_bearer("x")).status_code == 404
    seat = client.post("/api/claims", json={**body, "right": "seat:0"}, headers=_bearer(sheet["edit_key"]))
    assert seat.status_code == 400 and '"right" must be "edit" or "player:<name>"' in seat.get_json()["error"]


def test_a_player_code_hands_over_a_players_key_for_thirty_minutes(client):
    """A player link carries a claim too (API.md "Hand-over links that expire": edit, player and seat links): made
    with the edit key (a new key for that player: the older links stop working) or with the player's own key."""
    sheet = _sheet(client)
    game_id = sheet["id"]
    made = client.post("/api/claims", json={"game": game_id, "right": "player:ben"}, headers=_bearer(sheet["edit_key"]))
    assert made.status_code == 201 and made.headers["Cache-Control"] == "no-store"
    claimed = client.post(f"/api/claims/{made.get_json()['code']}")
    assert claimed.status_code == 200
    assert claimed.get_json()["game"] == game_id and claimed.get_json()["right"] == "player:Ben"
    ben = claimed.get_json()["key"]
    assert ben != sheet["edit_key"]
    # The key is Ben's player key: it fills Ben's row of a draft, and no other.
    assert (
        client.put(f"/api/games/{game_id}/draft", json={"round": 1}, headers=_bearer(sheet["edit_key"])).status_code
        == 200
    )
    row = {"round": 1, "points": 7}
    assert client.put(f"/api/games/{game_id}/draft/rows/Ben", json=row, headers=_bearer(ben)).status_code == 200
    assert client.put(f"/api/games/{game_id}/draft/rows/Ana", json=row, headers=_bearer(ben)).status_code == 403
    # The same code works on more phones for its 30 minutes (as an edit code), and Ben's key hands itself over.
    assert client.post(f"/api/claims/{made.get_json()['code']}").get_json()["key"] == ben
    own = client.post("/api/claims", json={"game": game_id, "right": "player:Ben"}, headers=_bearer(ben))
    assert client.post(f"/api/claims/{own.get_json()['code']}").get_json()["key"] == ben
    other = client.post("/api/claims", json={"game": game_id, "right": "player:Ana"}, headers=_bearer(ben))
    assert other.status_code == 403 and "its own player only" in other.get_json()["error"]
    # A new link for Ben (a new player key) ends every code that handed over the old one.
    again = client.post(
        "/api/claims", json={"game": game_id, "right": "player:Ben"}, headers=_bearer(sheet["edit_key"])
    )
    assert client.post(f"/api/claims/{own.get_json()['code']}").status_code == 410
    assert client.post(f"/api/claims/{again.get_json()['code']}").get_json()["key"] != ben
    nobody = client.post(
        "/api/claims", json={"game": game_id, "right": "player:Zed"}, headers=_bearer(sheet["edit_key"])
    )
    assert nobody.status_code == 404


def test_a_seat_code_is_claimed_once(client):
    seats = [{"name": "Ana"}, {"name": "Ben", "remote": True}, {"name": "Cy", "remote": True}]
    play = client.post("/api/play", json={"game": "uno", "seats": seats}).get_json()
    ben, cy = play["seat_keys"]["1"], play["seat_keys"]["2"]
    own = client.post("/api/claims", json={"game": play["id"], "right": "seat:1"}, headers=_bearer(ben))
    assert own.status_code == 201
    first = client.post(f"/api/claims/{own.get_json()['code']}")
    assert first.get_json() == {"game": play["id"], "right": "seat:1", "key": ben}
    again = client.post(f"/api/claims/{own.get_json()['code']}")
    assert again.status_code == 410 and "used already" in again.get_json()["error"]
    # The edit key makes any seat's code, with the seat's key as the creator's phone keeps it.
    by_creator = client.post(
        "/api/claims", json={"game": play["id"], "right": "seat:2", "key": cy}, headers=_bearer(play["edit_key"])
    )
    assert client.post(f"/api/claims/{by_creator.get_json()['code']}").get_json()["key"] == cy
    other = client.post("/api/claims", json={"game": play["id"], "right": "seat:2"}, headers=_bearer(ben))
    assert other.status_code == 403  # a seat key hands over its own seat only
    edit = client.post("/api/claims", json={"game": play["id"], "right": "edit"}, headers=_bearer(ben))
    assert edit.status_code == 403


def test_wrong_codes_are_counted_per_address_then_429_and_a_right_code_still_works(client):
    sheet = _sheet(client)
    code = client.post(
        "/api/claims", json={"game": sheet["id"], "right": "edit"}, headers=_bearer(sheet["edit_key"])
    ).get_json()["code"]
    wrong = [client.post(f"/api/claims/{'x' * 32}{n}") for n in range(3)]
    assert [a.status_code for a in wrong] == [404, 404, 404]
    limited = client.post("/api/claims/" + "y" * 32)
    assert limited.status_code == 429 and int(limited.headers["Retry-After"]) > 0
    elsewhere = client.post("/api/claims/" + "y" * 32, environ_base={"REMOTE_ADDR": "198.51.100.9"})
    assert elsewhere.status_code == 404  # counted per address
    assert client.post(f"/api/claims/{code}").status_code == 200


SEATS = [{"name": "Ana"}, {"name": "Ben", "remote": True}, {"name": "Cy", "remote": True}]
SEAT_USED = (
    "This link has been used already (a link to a seat works once): ask the game's creator for a new one. "
    "You can watch the game meanwhile."
)
SEAT_EXPIRED = "This link has expired: ask the game's creator for a new one. You can watch the game meanwhile."


def _join_code(client, play: dict, seat: int) -> str:
    """The claim code of seat ``seat``'s join link, as the creator's phone asks for it (edit key, seat key)."""
    answer = client.post(
        f"/api/play/{play['id']}/seats/{seat}/join",
        json={"key": play["seat_keys"][str(seat)]},
        headers=_bearer(play["edit_key"]),
    )
    assert answer.status_code == 200, answer.get_json()
    url = answer.get_json()["url"]
    assert url.startswith(f"http://localhost/play/{play['id']}#claim=") and play["seat_keys"][str(seat)] not in url
    return url.rpartition("#claim=")[2]


def test_a_join_link_works_once_then_410_and_the_game_can_still_be_watched(client):
    play = client.post("/api/play", json={"game": "uno", "seats": SEATS}).get_json()
    code = _join_code(client, play, 1)
    first = client.post(f"/api/claims/{code}")
    assert first.status_code == 200 and first.headers["Cache-Control"] == "no-store"
    assert first.get_json() == {"game": play["id"], "right": "seat:1", "key": play["seat_keys"]["1"]}
    second = client.post(f"/api/claims/{code}")  # a second phone opens the same link
    assert (second.status_code, second.get_json()) == (410, {"error": SEAT_USED})
    watching = client.get(f"/api/play/{play['id']}")
    assert watching.status_code == 200 and watching.get_json()["you"] is None
    # The key the first phone got plays the seat.
    seat = client.get(f"/api/play/{play['id']}", headers=_bearer(first.get_json()["key"]))
    assert seat.get_json()["you"] == 1


def test_a_join_link_expires_after_thirty_minutes_used_or_not(app, client):
    play = client.post("/api/play", json={"game": "uno", "seats": SEATS}).get_json()
    made = client.post(
        f"/api/play/{play['id']}/seats/2/join", json={"key": play["seat_keys"]["2"]}, headers=_bearer(play["edit_key"])
    ).get_json()
    lasts = datetime.fromisoformat(made["expires"].replace("Z", "+00:00")).replace(tzinfo=None) - utcnow()
    assert timedelta(minutes=29) < lasts <= timedelta(minutes=30)
    code = made["url"].rpartition("#claim=")[2]
    with app.app_context():  # half an hour later
        db.session.execute(Claim.__table__.update().values(expires_at=utcnow() - timedelta(seconds=1)))
        db.session.commit()
    late = client.post(f"/api/claims/{code}")
    assert (late.status_code, late.get_json()) == (410, {"error": SEAT_EXPIRED})


def test_the_phone_that_claimed_a_seat_link_may_ask_again_with_its_idempotency_key(client):
    """The answer to a seat claim was lost on the way (the phone went offline): the phone asks again with the
    Idempotency-Key it sent, and gets the key again; any other phone, with another key or none, gets 410."""
    play = client.post("/api/play", json={"game": "uno", "seats": SEATS}).get_json()
    code = _join_code(client, play, 1)
    mine = {"Idempotency-Key": "ben-phone-claim-1"}
    first = client.post(f"/api/claims/{code}", headers=mine)
    again = client.post(f"/api/claims/{code}", headers=mine)
    assert first.status_code == again.status_code == 200
    assert (
        again.get_json() == first.get_json() == {"game": play["id"], "right": "seat:1", "key": play["seat_keys"]["1"]}
    )
    other = client.post(f"/api/claims/{code}", headers={"Idempotency-Key": "another-phone"})
    assert (other.status_code, other.get_json()) == (410, {"error": SEAT_USED})
    assert client.post(f"/api/claims/{code}").status_code == 410
    bad = client.post(f"/api/claims/{_join_code(client, play, 1)}", headers={"Idempotency-Key": "x" * 101})
    assert bad.status_code == 400 and "Idempotency-Key" in bad.get_json()["error"]


def test_a_new_seat_key_ends_that_seats_links_and_no_other(client):
    play = client.post("/api/play", json={"game": "uno", "seats": SEATS}).get_json()
    ben, cy = _join_code(client, play, 1), _join_code(client, play, 2)
    renewed = client.post(f"/api/play/{play['id']}/seats/1/key", headers=_bearer(play["edit_key"]))
    assert renewed.status_code == 201
    gone = client.post(f"/api/claims/{ben}")
    assert gone.status_code == 410 and "the seat has been given a new key" in gone.get_json()["error"]
    assert client.post(f"/api/claims/{cy}").get_json()["key"] == play["seat_keys"]["2"]


def test_a_seat_key_makes_codes_for_its_own_seat_only_and_the_edit_key_for_any(client):
    play = client.post("/api/play", json={"game": "uno", "seats": SEATS}).get_json()
    ben, cy = play["seat_keys"]["1"], play["seat_keys"]["2"]
    body = {"game": play["id"], "right": "seat:2"}
    assert client.post("/api/claims", json=body, headers=_bearer(ben)).status_code == 403
    assert client.post("/api/claims", json={**body, "right": "seat:0"}, headers=_bearer(ben)).status_code == 403
    assert client.post("/api/claims", json=body, headers=_bearer(cy)).status_code == 201
    # The edit key, with the seat's key as the creator's phone keeps it; another seat's key is refused.
    assert client.post("/api/claims", json={**body, "key": ben}, headers=_bearer(play["edit_key"])).status_code == 400
    assert client.post("/api/claims", json={**body, "key": cy}, headers=_bearer(play["edit_key"])).status_code == 201
    assert client.post("/api/claims", json=body).status_code == 401


def test_a_seat_taken_through_its_link_shows_when_until_the_seat_gets_a_new_key(client):
    """The creator's panel can tell that a phone took the seat: each remote seat shows ``joined`` (null until its
    link is used, then the time), the game's version moves on so watching phones hear of it, the same phone
    asking again changes nothing, and a new key for the seat (a lost phone) clears it."""
    seats = [{"name": "Ana"}, {"name": "Ben", "remote": True}, {"name": "Cy", "remote": True}]
    play = client.post("/api/play", json={"game": "uno", "seats": seats}).get_json()
    edit = _bearer(play["edit_key"])

    def seen() -> dict:
        return client.get(f"/api/play/{play['id']}", headers=edit).get_json()

    before = seen()
    assert [s["joined"] for s in before["seats"]] == [None, None, None]
    link = client.post(
        f"/api/play/{play['id']}/seats/1/join", json={"key": play["seat_keys"]["1"]}, headers=edit
    ).get_json()
    code = link["url"].split("#claim=")[1]
    assert seen()["seats"][1]["joined"] is None  # made, not used
    assert client.post(f"/api/claims/{code}", headers={"Idempotency-Key": "ben-phone"}).status_code == 200
    after = seen()
    joined = after["seats"][1]["joined"]
    assert joined is not None and after["version"] > before["version"]
    assert datetime.fromisoformat(joined.replace("Z", "+00:00")).replace(tzinfo=None) > utcnow() - timedelta(minutes=1)
    assert [after["seats"][0]["joined"], after["seats"][2]["joined"]] == [None, None]
    # Ben's phone lost the answer and asks again: the same answer, nothing changes.
    assert client.post(f"/api/claims/{code}", headers={"Idempotency-Key": "ben-phone"}).status_code == 200
    assert seen()["version"] == after["version"]
    # Ben's seat gets a new key (his phone was lost): no phone holds the new one yet.
    assert client.post(f"/api/play/{play['id']}/seats/1/key", headers=edit).status_code == 201
    assert seen()["seats"][1]["joined"] is None
