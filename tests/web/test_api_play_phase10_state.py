"""The digital Phase 10 state through ``/api/play``: every seat's ``phases_open`` (the engine's, per the table's
variant) before and after a phase is laid down and in the next round, and a row stored in an older form."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from api_helpers import post

from app.extensions import db
from app.models import PlayGame

# Ana is dealt phase 1 (7 7 7 | 3 3 3) and four more 7s and 3s to hit on it; Ben nothing of use.
# The first discard is Y9, the top of the draw pile B1: Ana goes out in her first turn.
ANA = ["R7", "B7", "G7", "R3", "B3", "G3", "Y7", "Y3", "G7", "B3"]
BEN = ["Y2", "Y4", "Y6", "Y8", "R9", "B5", "G2", "G4", "R12", "B12"]
DECK = [card for pair in zip(ANA, BEN) for card in pair] + ["Y9", "B1"]
ALL = list(range(1, 11))

OLD_GAME = Path(__file__).parent.parent / "engine" / "data" / "phase10_game_worded_log.json"


def act(client, data, action):
    answer = post(client, f"/api/play/{data['id']}/actions", {"seat": 0, "action": action}, data["edit_key"])
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()


def phases_open(state):
    return [seat["phases_open"] for seat in state["seats"]]


def spectator(client, play_id):
    return client.get(f"/api/play/{play_id}").get_json()


@pytest.mark.parametrize(
    ("variant", "at_start", "laid", "next_round"),
    [
        ("classic", [[1], [1]], [[], [1]], [[2], [1]]),
        ("all_advance", [[1], [1]], [[], [1]], [[2], [2]]),
        ("pick_a_phase", [ALL, ALL], [[], ALL], [ALL[1:], ALL]),
    ],
)
def test_each_seat_carries_the_phases_still_open_to_it(client, variant, at_start, laid, next_round):
    answer = post(
        client,
        "/api/play",
        {"game": "phase10", "seats": [{"name": "Ana"}, {"name": "Ben"}], "rules": {"variant": variant}, "deck": DECK},
    )
    assert answer.status_code == 201, answer.get_json()
    data = answer.get_json()
    assert phases_open(data) == at_start
    act(client, data, {"type": "draw", "from": "pile"})
    lay_down = {"type": "lay_down", "groups": [["R7", "B7", "G7"], ["R3", "B3", "G3"]]}
    if variant == "pick_a_phase":
        lay_down["phase"] = 1
    state = act(client, data, lay_down)
    assert phases_open(state) == laid
    assert phases_open(spectator(client, data["id"])) == laid  # public: the spectator sees the same
    for card, group in (("Y7", 0), ("Y3", 1), ("G7", 0), ("B3", 1)):
        state = act(client, data, {"type": "hit", "card": card, "seat": 0, "group": group})
    state = act(client, data, {"type": "discard", "card": "B1"})
    assert state["round"] == 2 and state["seats"][0]["phases_done"] == [1]
    assert phases_open(state) == next_round
    assert phases_open(spectator(client, data["id"])) == next_round


def test_a_row_stored_with_worded_log_sentences_still_shows_and_plays(app, client):
    """A row written before the log was worded at view time (and before ``phases_open`` existed)."""
    answer = post(client, "/api/play", {"game": "phase10", "seats": [{"name": "Ana"}, {"name": "Bot", "bot": "smart"}]})
    data = answer.get_json()
    old = json.loads(OLD_GAME.read_text())
    with app.app_context():
        row = db.session.get(PlayGame, data["id"])
        row.state = old
        db.session.commit()
    seen = client.get(f"/api/play/{data['id']}?seat=0", headers={"Authorization": f"Bearer {data['edit_key']}"})
    state = seen.get_json()
    assert seen.status_code == 200, state
    assert state["log"][-1]["text"] == old["log"][-1]["text"]
    assert sorted(state["seats"][0]["hand"]) == sorted(old["hands"][0])
    assert all(isinstance(seat["phases_open"], list) for seat in state["seats"])
    action = state["legal"][0]
    assert act(client, data, action)["version"] > state["version"]
