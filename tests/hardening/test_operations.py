"""Operations (API.md "Additions (third round of work)", "Operations"): CSV cells no spreadsheet reads as
formulas, keys never cached, names that cannot pass for another player's, a valid OpenAPI document,
wrong seat keys limited like wrong edit keys, and warnings about a misconfigured proxy count."""

from __future__ import annotations

import csv
import io
import re

import pytest

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
