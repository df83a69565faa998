"""Digital UNO Flip through ``/api/play`` (API.md "Digital games", "Digital games on several phones"): a game
started with a fixed deck, moves with If-Match, refusals that name the card or the side, the flip seen by every
phone (each seat sees its own hand on the side up and the other hands from the back, their other side), bot games
played to the end with their hands landed in an UNO Flip score sheet, each on the side it ended on."""

from __future__ import annotations

import pytest
from test_api_play import act, check_sheet, create, get, post

from app.extensions import db
from app.games.uno_flip.engine.deck import CARDS, TOKEN
from app.games.uno_flip.engine.storage import card_key
from app.models import PlayGame

# Ana is dealt RF R2 R3 G4 G5 Y6 B7, Ben Y1 Y2 Y3 B4 B5 G6 G7 (one card at a time); the first discard is R9.
ANA = ["RF", "R2", "R3", "G4", "G5", "Y6", "B7"]
BEN = ["Y1", "Y2", "Y3", "B4", "B5", "G6", "G7"]
DECK = [card for pair in zip(ANA, BEN) for card in pair] + ["R9", "G8"]


def flip_people(client, **extra):
    return create(client, "uno_flip", [{"name": "Ana"}, {"name": "Ben"}], seed=5, deck=DECK, **extra)


def stored(app, play_id):
    with app.app_context():
        return db.session.get(PlayGame, play_id).state


def test_a_flip_game_starts_on_the_light_side_with_each_seats_view(client):
    data = flip_people(client)
    assert data["game"] == "uno_flip" and data["side"] == "light" and data["discard_top"] == "R9"
    assert data["turn"] == 0 and data["color"] == "R" and data["rules"] == {"target": 500, "scoring": "winner_takes"}
    ana, ben = data["seats"]
    assert ana["hand"] == ANA and "backs" not in ana
    assert "hand" not in ben and len(ben["backs"]) == 7, "Ben's cards as Ana sees them: their dark faces"
    assert all(token[0] in "PTOUW" for token in ben["backs"])
    assert data["draw_top"] and data["draw_top"][0] in "PTOUW", "the draw pile shows its dark side"
    assert {"type": "play", "card": "RF"} in data["legal"] and {"type": "play", "card": "G4"} not in data["legal"]
    spectator = get(client, data["id"]).get_json()
    assert all("hand" not in s and len(s["backs"]) == 7 for s in spectator["seats"]) and spectator["legal"] == []


def test_moves_carry_if_match_and_refusals_name_the_card_or_the_side(client):
    data = flip_people(client)
    key, url = data["edit_key"], f"/api/play/{data['id']}/actions"
    before = get(client, data["id"], 0, key).get_json()
    cases = [
        ({"type": "play", "card": "G4"}, "does not match"),
        ({"type": "play", "card": "PD5"}, "dark side"),
        ({"type": "play", "card": "Q1"}, "Q1"),
        ({"type": "play", "card": "W2"}, "Name the colour"),
        ({"type": "play", "card": "W2", "color": "P"}, "colour"),
        ({"type": "play", "card": "W2", "color": "G"}, "do not hold"),
        ({"type": "challenge"}, "Wild Draw Two"),
    ]
    for action, fragment in cases:
        answer = post(client, url, {"seat": 0, "action": action}, key)
        assert answer.status_code == 400 and fragment in answer.get_json()["error"], (action, answer.get_json())
    assert get(client, data["id"], 0, key).get_json() == before, "nothing changed"
    stale = post(client, url, {"seat": 0, "action": {"type": "play", "card": "R2"}}, key, {"If-Match": "999"})
    assert stale.status_code == 409
    ana = act(client, data, 0, {"type": "play", "card": "R2"}, key, headers={"If-Match": f'"{data["version"]}"'})
    assert ana["discard_top"] == "R2" and ana["turn"] == 1 and ana["version"] == data["version"] + 1
    again = post(client, url, {"seat": 0, "action": {"type": "play", "card": "R3"}}, key)
    assert again.status_code == 409 and "turn" in again.get_json()["error"]


def test_the_flip_is_seen_by_every_phone(app, client):
    data = create(client, "uno_flip", [{"name": "Ana"}, {"name": "Ben", "remote": True}], seed=5, deck=DECK)
    edit, ben_key = data["edit_key"], data["seat_keys"]["1"]
    state = stored(app, data["id"])
    ben_dark = [TOKEN[1][c] for c in _cards(state["hands"][1])]
    ana = act(client, data, 0, {"type": "play", "card": "RF"}, edit)
    assert ana["side"] == "dark" and ana["turn"] == 1
    assert ana["seats"][0]["hand"] == [TOKEN[1][c] for c in _cards(state["hands"][0])[1:]], "Ana's own dark faces"
    assert ana["seats"][1]["backs"] == [TOKEN[0][c] for c in _cards(state["hands"][1])], "Ben's cards: light backs"
    assert any(e["type"] == "flip" and "dark side" in e["text"] for e in ana["log"])
    ben = get(client, data["id"], key=ben_key).get_json()
    assert ben["you"] == 1 and ben["side"] == "dark" and ben["seats"][1]["hand"] == ben_dark
    assert "hand" not in ben["seats"][0] and ben["seats"][0]["backs"] == [
        TOKEN[0][c] for c in _cards(state["hands"][0])[1:]
    ]
    assert ben["discard_top"] == ana["discard_top"] and ben["color"] == ana["color"]
    assert ben["legal"] and all(a.get("card", "P")[0] in "PTOUW" for a in ben["legal"] if a["type"] == "play")
    assert get(client, data["id"], 1, edit).status_code == 403, "the edit key does not show a remote seat"


def _cards(keys):
    """Physical cards from their stored two-face keys (``"R5/PD5"``), in order."""
    pool = {}
    for card in CARDS:
        pool.setdefault(card_key(card), []).append(card)
    return [pool[k].pop() for k in keys]


@pytest.mark.parametrize("rules", [{"target": 200}, {"target": 150, "scoring": "lowest_wins"}])
def test_bot_games_play_to_the_end_and_land_in_a_flip_sheet_by_side(app, client, rules):
    seats = [{"name": "Ana", "bot": "smart"}, {"name": "Ben", "bot": "random"}, {"name": "Cy", "bot": "smart"}]
    data = create(client, "uno_flip", seats, seed=4, rules=rules)
    state = stored(app, data["id"])
    sheet = check_sheet(client, data, state["finished_rounds"])
    assert [r["side"] for r in sheet["rounds"]] == [r["side"] for r in state["finished_rounds"]]
    for stored_round, sheet_round in zip(state["finished_rounds"], sheet["rounds"]):
        by_player = {r["player"]: r for r in sheet_round["results"]}
        for result in stored_round["results"]:
            assert by_player[result["player"]]["cards"] == result["cards"]


def test_a_finished_flip_game_refuses_actions_and_offers_a_rematch(client):
    data = create(client, "uno_flip", [{"name": "A", "bot": "smart"}, {"name": "B", "bot": "random"}], seed=2)
    assert data["status"] == "finished" and data["winner"] in ("A", "B")
    answer = post(client, f"/api/play/{data['id']}/actions", {"seat": 0, "action": {"type": "draw"}}, data["edit_key"])
    assert answer.status_code == 409
    again = post(client, f"/api/play/{data['id']}/rematch", {}, data["edit_key"])
    assert again.status_code == 201 and again.get_json()["game"] == "uno_flip"


def test_a_flip_deck_the_real_deck_cannot_hold_is_refused(client):
    answer = post(client, "/api/play", {"game": "uno_flip", "seats": [{"name": "A"}, {"name": "B"}], "deck": ["R0"]})
    assert answer.status_code == 400 and "R0" in answer.get_json()["error"]
    answer = post(client, "/api/play", {"game": "uno_flip", "seats": [{"name": "A"}, {"name": "B"}], "deck": ["W"] * 5})
    assert answer.status_code == 400 and "only 4" in answer.get_json()["error"]
