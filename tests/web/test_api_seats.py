"""Digital games on several phones (API.md "Digital games on several phones"): every key and seat combination
on both games, with every answer checked for another seat's cards; seats handed to bots and back, new
seat keys, rematch, If-Match, Idempotency-Key, ETag/304 and the long poll."""

from __future__ import annotations

import gzip
import json
import re
import threading
import time

import pytest

from app.games.uno.engine.game import TOKEN, card_name
from app.services import seats as seat_rules

# Four seats: Ana plays on the creator's phone, Ben and Cy on their own, Dot is a bot. Every hand holds
# cards no other hand holds, and none of them is the first discard: any of another seat's tokens in an
# answer is a leak.
UNO_HANDS = [
    ["R1", "R2", "R3", "R4", "R5", "R6", "R7"],
    ["Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7"],
    ["G1", "G2", "G3", "G4", "G5", "G6", "G7"],
    ["B1", "B2", "B3", "B4", "B5", "B6", "B7"],
]
UNO_START = ["R9", "G8"]
P10_HANDS = [
    ["R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9", "R10"],
    ["Y1", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7", "Y8", "Y9", "Y10"],
    ["G1", "G2", "G3", "G4", "G5", "G6", "G7", "G8", "G9", "G10"],
    ["B1", "B2", "B3", "B4", "B5", "B6", "B7", "B8", "B9", "B10"],
]
P10_START = ["B12", "R11"]
HANDS = {"uno": UNO_HANDS, "phase10": P10_HANDS}
# A move Ana can make at once, and one that is Ben's when his turn comes.
FIRST_MOVE = {"uno": {"type": "play", "card": "R1"}, "phase10": {"type": "draw", "from": "pile"}}
BEN_MOVE = {"uno": {"type": "draw"}, "phase10": {"type": "draw", "from": "pile"}}
SEATS = [
    {"name": "Ana"},
    {"name": "Ben", "remote": True},
    {"name": "Cy", "remote": True},
    {"name": "Dot", "bot": "random"},
]


def deck(game: str) -> list[str]:
    hands = HANDS[game]
    dealt = [hand[i] for i in range(len(hands[0])) for hand in hands]
    return dealt + (UNO_START if game == "uno" else P10_START)


@pytest.fixture
def app(app):
    app.config["EDIT_KEY_FAILURES"] = 1000  # these tests present many refused keys on purpose
    return app


def call(client, method, url, key=None, body=None, headers=None):
    all_headers = dict(headers or {})
    if key:
        all_headers["Authorization"] = f"Bearer {key}"
    data = None if body is None else json.dumps(body)
    return client.open(url, method=method, data=data, content_type="application/json", headers=all_headers)


def create(client, game: str, seats=None, **extra):
    body = {"game": game, "seats": seats or SEATS, "seed": 3, **extra}
    if "deck" not in extra:
        body["deck"] = deck(game)
    answer = call(client, "POST", "/api/play", body=body)
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()


def spoken(game: str, token: str) -> list[str]:
    """The ways an answer could name ``token``: as a token, and (UNO) in words."""
    names = [token]
    if game == "uno":
        names.append(card_name(TOKEN.index(token)))
    return names


def assert_hides(game: str, answer, viewer: int | None, public: tuple[str, ...] = ()) -> None:
    """No hand but the viewer's is in the answer, and no token of another seat's hand anywhere in it (but
    the ``public`` ones, played in the open)."""
    text = answer.get_data(as_text=True)
    if text and answer.is_json:
        for number, seat in enumerate(answer.get_json().get("seats", [])):
            assert ("hand" in seat) == (number == viewer), (number, viewer)
    for seat, hand in enumerate(HANDS[game]):
        if seat == viewer:
            continue
        for token in set(hand) - set(public):
            for name in spoken(game, token):
                # not inside an id or a key (URL-safe base64: "B1NssQ…" is no Blue 1)
                pattern = r"(?<![A-Za-z0-9+_-])" + re.escape(name) + r"(?![A-Za-z0-9_-])"
                assert not re.search(pattern, text), f"{name} of seat {seat} shown to {viewer}: {text[:300]}"


@pytest.mark.parametrize("game", ["uno", "phase10"])
def test_creation_gives_one_key_per_remote_seat_and_shows_the_creators_seat(client, game):
    data = create(client, game)
    assert sorted(data["seat_keys"]) == ["1", "2"]
    keys = set(data["seat_keys"].values()) | {data["edit_key"]}
    assert len(keys) == 3 and all(len(key) >= 32 for key in keys)  # 192 random bits, URL-safe base64
    assert data["you"] == 0
    assert [seat["remote"] for seat in data["seats"]] == [False, True, True, False]
    assert data["seats"][0]["turn_since"] is not None and data["seats"][1]["turn_since"] is None
    assert "hand" in data["seats"][0] and all("hand" not in seat for seat in data["seats"][1:])


@pytest.mark.parametrize("game", ["uno", "phase10"])
def test_every_key_and_seat_sees_only_what_it_may(client, game):
    data = create(client, game)
    url = f"/api/play/{data['id']}"
    edit, ben, cy = data["edit_key"], data["seat_keys"]["1"], data["seat_keys"]["2"]
    cases = [
        # (key, ?seat=, status, seat whose view it is)
        (ben, None, 200, 1),
        (ben, 1, 200, 1),
        (ben, 2, 403, None),
        (ben, 0, 403, None),
        (cy, None, 200, 2),
        (cy, 1, 403, None),
        (edit, None, 200, None),
        (edit, 0, 200, 0),
        (edit, 1, 403, None),
        (edit, 2, 403, None),
        (edit, 3, 400, None),  # the bot's seat
        (None, None, 200, None),
        (None, 1, 200, None),  # without a key, ?seat= is the spectator's view
        ("not-a-key-of-this-game-at-all-000000000", None, 403, None),
        (data["edit_key"] + "x", 0, 403, None),
    ]
    for key, seat, status, viewer in cases:
        answer = call(client, "GET", url + ("" if seat is None else f"?seat={seat}"), key)
        assert answer.status_code == status, (key, seat, answer.get_json())
        if status == 200:
            body = answer.get_json()
            assert body["you"] == viewer
            if viewer is not None:
                assert sorted(body["seats"][viewer]["hand"]) == sorted(HANDS[game][viewer])
                assert body["legal"] or viewer != 0
        else:
            assert answer.get_json()["error"]
        assert_hides(game, answer, viewer)


@pytest.mark.parametrize("game", ["uno", "phase10"])
def test_every_key_acts_only_for_its_seats(client, game):
    data = create(client, game)
    url = f"/api/play/{data['id']}/actions"
    edit, ben = data["edit_key"], data["seat_keys"]["1"]
    wrong = "x" * 32
    cases = [
        # (key, body, status): nothing is changed by any of these
        (None, {"seat": 0, "action": FIRST_MOVE[game]}, 401),
        (wrong, {"seat": 0, "action": FIRST_MOVE[game]}, 403),
        (ben, {"seat": 0, "action": FIRST_MOVE[game]}, 403),
        (ben, {"seat": 2, "action": BEN_MOVE[game]}, 403),
        (ben, {"action": BEN_MOVE[game]}, 409),  # Ben's own seat, not his turn
        (ben, {"seat": 1, "action": BEN_MOVE[game]}, 409),
        (edit, {"seat": 1, "action": BEN_MOVE[game]}, 403),  # a remote seat
        (edit, {"seat": 3, "action": BEN_MOVE[game]}, 400),  # the bot
        (edit, {"action": FIRST_MOVE[game]}, 400),  # the edit key must name the seat
        (ben, {"action": {"type": "fly"}}, (400, 409)),  # Phase 10 asks whose turn it is first
    ]
    version = data["version"]
    for key, body, status in cases:
        answer = call(client, "POST", url, key, body)
        assert answer.status_code in (status if isinstance(status, tuple) else (status,)), (
            key,
            body,
            answer.get_json(),
        )
        assert answer.get_json()["error"]
        viewer = 1 if key == ben else None
        assert_hides(game, answer, viewer)
    assert call(client, "GET", f"/api/play/{data['id']}").get_json()["version"] == version

    moved = call(client, "POST", url, edit, {"seat": 0, "action": FIRST_MOVE[game]})
    assert moved.status_code == 200 and moved.get_json()["you"] == 0
    assert_hides(game, moved, 0)
    if game == "phase10":  # Ana's turn goes on until she discards
        answer = call(client, "POST", url, edit, {"seat": 0, "action": {"type": "discard", "card": "R10"}})
        assert answer.status_code == 200, answer.get_json()
        assert_hides(game, answer, 0, ("R10",))
    played = (FIRST_MOVE[game].get("card", "R10"),)
    state = call(client, "GET", f"/api/play/{data['id']}", ben).get_json()
    assert state["turn"] == 1 and state["legal"]
    assert state["seats"][1]["turn_since"] is not None and state["seats"][0]["turn_since"] is None
    answer = call(client, "POST", url, ben, {"action": BEN_MOVE[game]}, {"If-Match": f'"{state["version"]}"'})
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["you"] == 1
    assert_hides(game, answer, 1, played)


@pytest.mark.parametrize("game", ["uno", "phase10"])
def test_only_the_edit_key_manages_seats(client, game):
    data = create(client, game)
    base = f"/api/play/{data['id']}"
    ben = data["seat_keys"]["1"]
    for method, path, body in [
        ("PUT", "/seats/1", {"bot": "smart"}),
        ("POST", "/seats/1/key", None),
        ("POST", "/rematch", None),
    ]:
        assert call(client, method, base + path, None, body).status_code == 401
        assert call(client, method, base + path, ben, body).status_code == 403
        assert call(client, method, base + path, "y" * 32, body).status_code == 403


def test_a_seat_handed_to_a_bot_plays_and_comes_back_with_the_same_key(client):
    data = create(client, "uno")
    base, edit, ben = f"/api/play/{data['id']}", data["edit_key"], data["seat_keys"]["1"]
    assert call(client, "PUT", base + "/seats/1", edit, {"bot": "clever"}).status_code == 400
    assert call(client, "PUT", base + "/seats/1", edit, {"bot": "smart", "x": 1}).status_code == 400
    assert call(client, "PUT", base + "/seats/9", edit, {"bot": "smart"}).status_code == 400
    handed = call(client, "PUT", base + "/seats/1", edit, {"bot": "smart"})
    assert handed.status_code == 200 and handed.get_json()["seats"][1]["bot"] == "smart"
    assert_hides("uno", handed, None)
    # Ana plays; Ben's bot, Cy (a person: the bots stop) ...
    after = call(client, "POST", base + "/actions", edit, {"seat": 0, "action": FIRST_MOVE["uno"]}).get_json()
    assert after["turn"] == 2 and after["seats"][1]["cards"] != 7  # Ben's bot moved for him
    seen = call(client, "GET", base, ben)
    assert seen.status_code == 200 and seen.get_json()["you"] == 1  # the key still shows Ben's hand
    refused = call(client, "POST", base + "/actions", ben, {"action": {"type": "uno"}})
    assert refused.status_code == 400 and "bot" in refused.get_json()["error"]
    back = call(client, "PUT", base + "/seats/1", edit, {"bot": None})
    assert back.status_code == 200 and back.get_json()["seats"][1]["bot"] is None
    assert back.get_json()["seats"][1]["remote"] is True


def test_a_new_seat_key_replaces_the_old_one(client):
    data = create(client, "phase10")
    base, edit, old = f"/api/play/{data['id']}", data["edit_key"], data["seat_keys"]["2"]
    assert call(client, "POST", base + "/seats/0/key", edit).status_code == 400  # not a remote seat
    answer = call(client, "POST", base + "/seats/2/key", edit)
    assert answer.status_code == 201
    new = answer.get_json()["seat_key"]
    assert answer.get_json()["seat"] == 2 and new != old
    assert call(client, "GET", base, old).status_code == 403
    assert call(client, "GET", base, new).get_json()["you"] == 2
    assert call(client, "GET", base, data["seat_keys"]["1"]).get_json()["you"] == 1  # others untouched


def test_rematch_keeps_the_seats_and_their_keys(client):
    data = create(client, "uno")
    base, edit = f"/api/play/{data['id']}", data["edit_key"]
    answer = call(client, "POST", base + "/rematch", edit)
    assert answer.status_code == 201
    fresh = answer.get_json()
    assert fresh["id"] != data["id"] and fresh["edit_key"] == edit and "seat_keys" not in fresh
    assert [(s["name"], s["bot"], s["remote"]) for s in fresh["seats"]] == [
        (s["name"], s.get("bot"), s.get("remote", False)) for s in SEATS
    ]
    assert fresh["you"] == 0
    for seat in ("1", "2"):
        assert call(client, "GET", f"/api/play/{fresh['id']}", data["seat_keys"][seat]).get_json()["you"] == int(seat)
    old = call(client, "GET", base).get_json()
    assert old["next"] == fresh["id"] and old["version"] > data["version"]
    again = call(client, "POST", base + "/rematch", edit)
    assert again.status_code == 409 and fresh["id"] in again.get_json()["error"]


def test_a_resent_rematch_with_its_idempotency_key_answers_the_same_game(client):
    data = create(client, "phase10")
    base, edit = f"/api/play/{data['id']}", data["edit_key"]
    first = call(client, "POST", base + "/rematch", edit, headers={"Idempotency-Key": "again-1"})
    resent = call(client, "POST", base + "/rematch", edit, headers={"Idempotency-Key": "again-1"})
    assert first.status_code == resent.status_code == 201
    assert resent.get_json()["id"] == first.get_json()["id"] and resent.get_json()["you"] == 0
    other = call(client, "POST", base + "/rematch", edit, headers={"Idempotency-Key": "again-2"})
    assert other.status_code == 409


def test_creation_refuses_bad_remote_flags(client):
    for seats, words in [
        ([{"name": "A", "remote": "yes"}, {"name": "B"}], "true or false"),
        ([{"name": "A", "remote": True, "bot": "smart"}, {"name": "B"}], "both"),
    ]:
        answer = call(client, "POST", "/api/play", body={"game": "uno", "seats": seats})
        assert answer.status_code == 400 and words in answer.get_json()["error"]
    only_remote = create(client, "uno", [{"name": "A", "remote": True}, {"name": "B", "remote": True}], deck=None)
    assert only_remote["you"] is None and all("hand" not in s for s in only_remote["seats"])


def draw_and_keep(client, url, key) -> None:
    """A remote seat's turn: draw, and keep the card when it could be played."""
    answer = call(client, "POST", url, key, {"action": {"type": "draw"}}).get_json()
    if answer["pending"] and answer["pending"]["type"] == "drawn":
        assert call(client, "POST", url, key, {"action": {"type": "pass"}}).status_code == 200


def test_out_of_turn_actions_with_an_idempotency_key_act_once(client):
    # Ana (on the creator's phone) plays red after red while Ben and Cy draw; her sixth card leaves her one
    # without calling UNO, and Cy (not the next player) catches her: once, however often the phone resends.
    hands = [UNO_HANDS[0], UNO_HANDS[1], UNO_HANDS[2]]
    dealt = [hand[i] for i in range(7) for hand in hands]
    seats = [{"name": "Ana"}, {"name": "Ben", "remote": True}, {"name": "Cy", "remote": True}]
    data = create(client, "uno", seats, deck=[*dealt, "R9"])
    base, edit = f"/api/play/{data['id']}", data["edit_key"]
    ben, cy = data["seat_keys"]["1"], data["seat_keys"]["2"]
    for card in UNO_HANDS[0][:6]:
        state = call(client, "GET", f"{base}?seat=0", edit).get_json()
        tag = f'"{state["version"]}"'
        move = {"seat": 0, "action": {"type": "play", "card": card}}
        assert call(client, "POST", base + "/actions", edit, move, {"If-Match": tag}).status_code == 200
        if card != UNO_HANDS[0][5]:
            draw_and_keep(client, base + "/actions", ben)
            draw_and_keep(client, base + "/actions", cy)
    state = call(client, "GET", base, cy).get_json()
    assert state["turn"] == 1 and state["seats"][0]["cards"] == 1
    catch = {"type": "catch", "seat": 0}
    assert catch in state["legal"] and catch in call(client, "GET", base, ben).get_json()["legal"]
    headers = {"Idempotency-Key": "catch-ana-1"}
    first = call(client, "POST", base + "/actions", cy, {"action": catch}, headers)
    assert first.status_code == 200, first.get_json()
    assert first.get_json()["seats"][0]["cards"] == 3  # two cards of penalty
    assert [("hand" in seat) for seat in first.get_json()["seats"]] == [False, False, True]
    again = call(client, "POST", base + "/actions", cy, {"action": catch}, headers)
    assert again.status_code == 200 and again.get_json()["seats"][0]["cards"] == 3
    assert again.get_json()["version"] == first.get_json()["version"]
    late = call(client, "POST", base + "/actions", ben, {"action": catch}, {"Idempotency-Key": "catch-ana-1"})
    assert late.status_code in (400, 409) and late.get_json()["error"]  # Ben's key is his own: he came too late


def test_if_match_on_a_turn_action_refuses_a_stale_version(client):
    data = create(client, "uno")
    base, edit = f"/api/play/{data['id']}", data["edit_key"]
    stale = f'"{data["version"] - 1}"'
    answer = call(
        client, "POST", base + "/actions", edit, {"seat": 0, "action": FIRST_MOVE["uno"]}, {"If-Match": stale}
    )
    assert answer.status_code == 409 and answer.get_json()["error"]
    weak = f'W/"{data["version"]}"'
    answer = call(client, "POST", base + "/actions", edit, {"seat": 0, "action": FIRST_MOVE["uno"]}, {"If-Match": weak})
    assert answer.status_code == 200


def test_etag_and_if_none_match_compressed_or_not(client):
    data = create(client, "phase10")
    url, ben = f"/api/play/{data['id']}", data["seat_keys"]["1"]
    plain = call(client, "GET", url, ben)
    tag = plain.headers["ETag"]
    assert tag == f'"{data["version"]}"'
    assert "Authorization" in plain.headers["Vary"] and "Accept-Language" in plain.headers["Vary"]
    zipped = call(client, "GET", url, ben, headers={"Accept-Encoding": "gzip"})
    assert zipped.headers["ETag"] == tag and zipped.headers.get("Content-Encoding") == "gzip"
    assert json.loads(gzip.decompress(zipped.get_data())) == plain.get_json()
    assert call(client, "GET", url, None).headers["ETag"] == tag  # the same for every seat
    for header in (tag, f"W/{tag}", f'"0", {tag}', "*"):
        for encoding in ("identity", "gzip"):
            answer = call(client, "GET", url, ben, headers={"If-None-Match": header, "Accept-Encoding": encoding})
            assert answer.status_code == 304 and answer.get_data() == b"" and answer.headers["ETag"] == tag
    assert call(client, "GET", url, ben, headers={"If-None-Match": '"0"'}).status_code == 200
    assert call(client, "GET", url, "z" * 32, headers={"If-None-Match": tag}).status_code == 403


def test_wait_answers_at_once_when_the_version_differs_and_304_otherwise(app, client):
    data = create(client, "uno")
    url, ben = f"/api/play/{data['id']}/wait", data["seat_keys"]["1"]
    for bad in ("", "-1", "x", "1.5"):
        assert call(client, "GET", f"{url}?version={bad}", ben).status_code == 400
    assert call(client, "GET", f"{url}?version=0", "z" * 32).status_code == 403
    answer = call(client, "GET", f"{url}?version=0", ben)
    assert answer.status_code == 200 and answer.get_json()["you"] == 1
    assert answer.headers["ETag"] == f'"{data["version"]}"'
    assert_hides("uno", answer, 1)
    assert 20 <= seat_rules.WAIT_SECONDS <= 25
    app.config["PLAY_WAIT_SECONDS"] = 0.6
    start = time.monotonic()
    answer = call(client, "GET", f"{url}?version={data['version']}", ben)
    assert answer.status_code == 304 and time.monotonic() - start >= 0.6


def test_wait_wakes_when_another_phone_moves(app, client):
    data = create(client, "uno")
    edit, ben = data["edit_key"], data["seat_keys"]["1"]
    app.config["PLAY_WAIT_SECONDS"] = 15

    def move():
        time.sleep(0.8)
        other = app.test_client()
        call(other, "POST", f"/api/play/{data['id']}/actions", edit, {"seat": 0, "action": FIRST_MOVE["uno"]})

    thread = threading.Thread(target=move)
    start = time.monotonic()
    thread.start()
    answer = call(client, "GET", f"/api/play/{data['id']}/wait?version={data['version']}", ben)
    thread.join()
    assert answer.status_code == 200 and time.monotonic() - start < 5
    body = answer.get_json()
    assert body["version"] > data["version"] and body["turn"] == 1 and body["you"] == 1
    assert_hides("uno", answer, 1, ("R1",))


def test_the_creator_gets_a_join_link_with_a_claim_code_in_the_fragment_and_its_qr_code(client):
    """A join link carries a one-use claim code, not the seat key (API.md "Hand-over links that expire")."""
    data = create(client, "uno")
    url, edit, ben = f"/api/play/{data['id']}/seats/1/join", data["edit_key"], data["seat_keys"]["1"]
    answer = call(client, "POST", url, edit, {"key": ben})
    assert answer.status_code == 200 and answer.headers["Cache-Control"] == "no-store"
    body = answer.get_json()
    assert re.fullmatch(rf"http://localhost/play/{data['id']}#claim=[\w-]{{32}}", body["url"]), body["url"]
    assert ben not in body["url"] and ben not in body["svg"]
    assert body["svg"].startswith("<svg") and "<path" in body["svg"] and "script" not in body["svg"]
    assert body["expires"].endswith("Z")
    code = body["url"].rpartition("#claim=")[2]
    assert client.post(f"/api/claims/{code}").get_json() == {"game": data["id"], "right": "seat:1", "key": ben}
    again = call(client, "POST", url, edit, {"key": ben}).get_json()["url"]
    assert again != body["url"]  # each call, a new code
    assert call(client, "POST", url, edit, {"key": data["seat_keys"]["2"]}).status_code == 400  # Cy's key
    assert call(client, "POST", url, ben, {"key": ben}).status_code == 403  # only the creator
    assert call(client, "POST", url, None, {"key": ben}).status_code == 401


@pytest.mark.parametrize("seat", ["", "false", "9", "x"])
def test_a_malformed_seat_is_400_before_any_tag_or_wait(app, client, seat):
    """Found by the schema fuzz: ``?seat=`` was checked after ``If-None-Match`` (304, or 412 with a wrong
    ``If-Match``) and after the long poll (304 after the wait)."""
    data = create(client, "uno")
    app.config["PLAY_WAIT_SECONDS"] = 15
    url = f"/api/play/{data['id']}"
    for key in (data["edit_key"], data["seat_keys"]["1"], None):
        tagged = call(client, "GET", f"{url}?seat={seat}", key, headers={"If-None-Match": "*", "If-Match": '"x"'})
        assert tagged.status_code == 400 and "seat" in tagged.get_json()["error"], (key, tagged.status_code)
        started = time.monotonic()
        waited = call(client, "GET", f"{url}/wait?seat={seat}&version={data['version']}", key)
        assert waited.status_code == 400 and time.monotonic() - started < 5
