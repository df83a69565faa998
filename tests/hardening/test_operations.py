"""Operations (API.md "Additions (third round of work)", "Operations"): CSV cells no spreadsheet reads as
formulas, keys never cached, names that cannot pass for another player's, a valid OpenAPI document,
wrong seat keys limited like wrong edit keys, and warnings about a misconfigured proxy count."""

from __future__ import annotations

import csv
import io
import re

import pytest

from app import create_app
from app.extensions import db
from tests.web.api_helpers import text, token_of

FORMULA = ("=", "+", "-", "@", "\t", "\r")


def _create(client, players, game="phase10"):
    answer = client.post("/api/games", json={"game": game, "players": list(players)})
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()["id"], answer.get_json()["edit_key"]


def _number(text: str) -> bool:
    return re.fullmatch(r"-?\d+(\.\d+)?", text) is not None


@pytest.mark.parametrize("separator", [",", ";"])
def test_no_csv_field_starts_a_formula_whichever_separator_the_spreadsheet_splits_on(client, separator):
    names = [";=1+1", "Ana,@SUM(A1)", " -2+3", "B;+C", 'Q"=1']
    game_id, key = _create(client, names, game="points")
    body = {"round": 1, "results": [{"player": name, "points": -5 + n} for n, name in enumerate(names)]}
    assert (
        client.post(f"/api/games/{game_id}/rounds", json=body, headers={"Authorization": f"Bearer {key}"}).status_code
        == 201
    )
    raw = client.get(f"/sheets/{game_id}/export.csv").get_data().decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(raw), delimiter=separator))
    fields = [field for row in rows for field in row]
    naive = [field.strip(' "') for line in raw.splitlines() for field in line.split(separator)]  # quotes ignored
    for found in (fields, naive):
        assert not [f for f in found if f.lstrip(" ")[:1] in FORMULA and f.lstrip(" ") and not _number(f)], raw
    if separator == ",":  # the names are all there, each in one field
        assert rows[0][2:7] == [";'=1+1", "Ana,'@SUM(A1)", "'-2+3", "B;'+C", 'Q"=1']
        assert rows[1][:3] == ["1", "", "-5"]  # numbers stay numbers (a negative score is no formula)


def test_every_answer_that_carries_a_key_is_no_store(client):
    made = client.post("/api/games", json={"game": "uno", "players": ["Ana", "Ben"]})
    game_id, key = made.get_json()["id"], made.get_json()["edit_key"]
    auth = {"Authorization": f"Bearer {key}"}
    exported = client.get(f"/sheets/{game_id}/export.json").get_json()
    play = client.post("/api/play", json={"game": "uno", "seats": [{"name": "Ana"}, {"name": "Ben", "remote": True}]})
    play_id, play_key = play.get_json()["id"], play.get_json()["edit_key"]
    play_auth = {"Authorization": f"Bearer {play_key}"}
    seat_key = client.post(f"/api/play/{play_id}/seats/1/key", headers=play_auth)
    answers = {
        "create": made,
        "rematch": client.post(f"/api/games/{game_id}/rematch", headers={**auth, "Idempotency-Key": "r1"}),
        "rematch again": client.post(f"/api/games/{game_id}/rematch", headers={**auth, "Idempotency-Key": "r1"}),
        "import": client.post("/api/games/import", json=exported),
        "digital game": play,
        "digital rematch": client.post(f"/api/play/{play_id}/rematch", headers=play_auth),
        "seat key": seat_key,
        "join link": client.post(
            f"/api/play/{play_id}/seats/1/join", json={"key": seat_key.get_json()["seat_key"]}, headers=play_auth
        ),
        "new edit key": client.post(f"/api/games/{game_id}/key", headers=auth),
    }
    assert {name: a.status_code for name, a in answers.items()} == {
        name: 200 if name in ("join link", "new edit key") else 201 for name in answers
    }
    assert {name: a.headers.get("Cache-Control") for name, a in answers.items()} == dict.fromkeys(answers, "no-store")
    # Answers without a key may be cached as before.
    assert client.get(f"/api/games/{game_id}").headers.get("Cache-Control") != "no-store"


INVISIBLE = "shows nothing on the screen: give them a name with visible letters."
HIDDEN = "holds an invisible character (such as a zero-width space): type the name again with visible letters only."
ALIKE = "look the same on the screen: give each player a name that looks different."
REFUSED_NAMES = [
    (["\u200b", "Ben"], "Player 1's name " + INVISIBLE),
    (["Ana", "\u3164"], "Player 2's name " + INVISIBLE),  # a Hangul filler: a letter that draws nothing
    (["Ana", "\u2800\u3000"], "Player 2's name " + INVISIBLE),
    (["Ana\u200b", "Ben"], "Player 1's name " + HIDDEN),
    (["Ana", "Ana\u200b"], "Player 2's name " + HIDDEN),
    (["Ana", "B\u00aden"], "Player 2's name " + HIDDEN),  # a soft hyphen
    (["Ana", "\u0410na"], "Ana and \u0410na " + ALIKE),  # a Cyrillic А
    (["\u0391na", "Ana"], "\u0391na and Ana " + ALIKE),  # a Greek Α
    (["Ana", "A\u200dna"], "Ana and A\u200dna " + ALIKE),  # a joiner between two letters hides nothing else
    (["Ben", "\uff22\uff45\uff4e"], "Ben and \uff22\uff45\uff4e " + ALIKE),  # full-width letters
]


@pytest.mark.parametrize(("players", "sentence"), REFUSED_NAMES)
def test_invisible_and_look_alike_names_are_refused_with_a_sentence(client, players, sentence):
    sheet = client.post("/api/games", json={"game": "uno", "players": players})
    assert (sheet.status_code, sheet.get_json()) == (400, {"error": sentence})
    play = client.post("/api/play", json={"game": "uno", "seats": [{"name": name} for name in players]})
    assert (play.status_code, play.get_json()) == (400, {"error": sentence})
    made = client.post("/api/games", json={"game": "uno", "players": ["Ana", "Ben"]}).get_json()
    rematch = client.post(
        f"/api/games/{made['id']}/rematch",
        json={"players": players},
        headers={"Authorization": f"Bearer {made['edit_key']}"},
    )
    assert (rematch.status_code, rematch.get_json()) == (400, {"error": sentence})


@pytest.mark.parametrize(
    "players",
    [
        ["Ana", "Ben"],
        ["Иван", "Ivan"],  # Cyrillic names that do not pass for a Latin one
        ["Zoë", "Zoe"],
        ["\U0001f468\u200d\U0001f469\u200d\U0001f467", "\u2764\ufe0f"],  # emoji sequences keep their joiners
        ["हिन्\u200dदी", "Ana Maria"],
        ["\U0001f3f4\U000e0067\U000e0062\U000e0077\U000e006c\U000e0073\U000e007f Cai", "Ana"],  # the Welsh flag's tags
    ],
)
def test_names_of_every_script_and_emoji_are_still_taken(client, players):
    answer = client.post("/api/games", json={"game": "uno", "players": players})
    assert answer.status_code == 201, answer.get_json()


def test_the_new_sheet_form_refuses_a_look_alike_name_with_the_sentence(client):

    page = client.get("/sheets/new").get_data(as_text=True)
    data = {"csrf_token": token_of(page), "game": "points", "players-0": "Ana", "players-1": "\u0410na"}
    answer = client.post("/sheets/new", data=data)
    assert answer.status_code != 302 and "Ana and \u0410na " + ALIKE in text(answer)
    data["players-1"] = "\u200b"
    answer = client.post("/sheets/new", data=data)
    assert answer.status_code != 302 and "Player 2's name " + INVISIBLE in text(answer)


@pytest.fixture
def strict_app(database_url):
    app = create_app(
        {
            "TESTING": True,
            "SQLALCHEMY_DATABASE_URI": database_url,
            "SECRET_KEY": "test-only",
            "EDIT_KEY_FAILURES": 3,
            "EDIT_KEY_WINDOW": 60.0,
        }
    )
    yield app
    with app.app_context():
        db.engine.dispose()


def test_wrong_seat_keys_are_counted_like_wrong_edit_keys(strict_app):
    client = strict_app.test_client()
    made = client.post("/api/play", json={"game": "uno", "seats": [{"name": "Ana"}, {"name": "Ben", "remote": True}]})
    play_id, edit_key, seat_key = made.get_json()["id"], made.get_json()["edit_key"], made.get_json()["seat_keys"]["1"]
    wrong = {"Authorization": "Bearer not-a-key-of-this-game"}
    answers = [client.get(f"/api/play/{play_id}", headers=wrong) for _ in range(3)]
    assert [a.status_code for a in answers] == [403, 403, 403]
    assert answers[0].get_json() == {"error": "This key belongs neither to this game nor to one of its seats."}
    refused = client.get(f"/api/play/{play_id}?seat=1", headers=wrong)
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0
    assert refused.get_json() == {"error": "Too many wrong keys for this game: wait a few minutes and try again."}
    acted = client.post(f"/api/play/{play_id}/actions", json={"type": "draw"}, headers=wrong)
    assert acted.status_code == 429
    # The right keys are always taken.
    assert client.get(f"/api/play/{play_id}?seat=1", headers={"Authorization": f"Bearer {seat_key}"}).status_code == 200
    assert client.get(f"/api/play/{play_id}", headers={"Authorization": f"Bearer {edit_key}"}).status_code == 200


@pytest.fixture
def proxy_app(database_url):
    """Apps with a given DECKSIDE_PROXIES, each disposed of after the test."""
    made = []

    def make(proxies: int):
        app = create_app(
            {
                "TESTING": True,
                "SQLALCHEMY_DATABASE_URI": database_url,
                "SECRET_KEY": "test-only",
                "PROXY_COUNT": proxies,
            }
        )
        made.append(app)
        return app

    yield make
    for app in made:
        with app.app_context():
            db.engine.dispose()


def _warnings(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelname == "WARNING" and "DECKSIDE_PROXIES" in r.getMessage()]


def test_a_warning_when_proxies_are_set_but_a_request_comes_directly(proxy_app, caplog):
    app = proxy_app(1)
    client = app.test_client()
    client.get("/", headers={"X-Forwarded-For": "203.0.113.7", "X-Forwarded-Proto": "https"})
    assert _warnings(caplog) == []
    client.get("/", environ_base={"REMOTE_ADDR": "198.51.100.4"})  # around the proxy
    client.get("/", environ_base={"REMOTE_ADDR": "198.51.100.4"})
    assert _warnings(caplog) == [
        "DECKSIDE_PROXIES is 1, but a request from 198.51.100.4 came without X-Forwarded-For: it reached the app "
        "directly, not through the proxy. Let clients reach the app only through the proxy, or set "
        "DECKSIDE_PROXIES=0 when there is none."
    ]  # once


def test_a_warning_when_proxies_are_0_but_every_request_comes_from_one_proxy(proxy_app, caplog):
    behind = proxy_app(0).test_client()
    for n in range(25):
        behind.get("/", headers={"X-Forwarded-For": f"203.0.113.{n}"}, environ_base={"REMOTE_ADDR": "10.0.0.2"})
    assert len(_warnings(caplog)) == 1 and "the first 20 requests all came from 10.0.0.2" in _warnings(caplog)[0]
    caplog.clear()
    direct = proxy_app(0).test_client()  # people reaching the app from their own addresses
    for n in range(25):
        direct.get("/", environ_base={"REMOTE_ADDR": f"203.0.113.{n}"})
    assert _warnings(caplog) == []
