"""UNO Flip and No Mercy entered together through the pages: each player's hand page carries what the game's row
needs (Flip: the side the hand ended on, every row on the same side; No Mercy: "Knocked out"), and the round is
stored as the game stores it (on the rows' side; won as the last player standing when every other row was knocked
out). Both kinds offer player links (they were entered on one phone only)."""

from __future__ import annotations

import re

from api_helpers import create, post


def _token(page: str) -> str:
    return re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page).group(1)


def _phone(app, game_id, key):
    """A phone holding ``key`` (an edit or player key) for the sheet, as a link's hand-over leaves it."""
    phone = app.test_client()
    page = phone.get(f"/sheets/{game_id}").get_data(as_text=True)
    token = re.search(r'data-csrf="([^"]+)"', page).group(1)
    assert phone.post(f"/sheets/{game_id}/key", data={"key": key}, headers={"X-CSRFToken": token}).status_code == 204
    return phone


def _player(app, client, game_id, key, name):
    made = post(client, f"/api/games/{game_id}/players/{name}/key", {}, key)
    return _phone(app, game_id, made.get_json()["player_key"])


def _send_hand(phone, game_id, fields):
    page = phone.get(f"/sheets/{game_id}/hand").get_data(as_text=True)
    data = {"csrf_token": _token(page), "round": "1", "version": "1", "players-0-seat": "0", "send": "1", **fields}
    return phone.post(f"/sheets/{game_id}/hand", data=data)


def _draft(client, game_id):
    return client.get(f"/api/games/{game_id}").get_json()["draft"]


def _commit(phone, game_id):
    page = phone.get(f"/sheets/{game_id}").get_data(as_text=True)
    return phone.post(f"/sheets/{game_id}/draft/commit", data={"csrf_token": _token(page), "round": "1"})


def test_flip_hands_on_their_own_phones_say_the_side_and_the_round_is_stored_on_it(app, client):
    game_id, key, _ = create(client, "uno_flip")
    editor = _phone(app, game_id, key)
    assert "Give each player a link" in editor.get(f"/sheets/{game_id}").get_data(as_text=True)
    ana, ben, cy = (_player(app, client, game_id, key, name) for name in ("Ana", "Ben", "Cy"))
    hand = ben.get(f"/sheets/{game_id}/hand").get_data(as_text=True)
    assert 'name="side"' in hand and "The side the hand ended on" in hand

    assert _send_hand(ben, game_id, {"side": "dark", "players-0-cards": "PD5 P5"}).status_code == 302
    assert _draft(client, game_id)["rows"]["Ben"] == {"side": "dark", "cards": ["PD5", "P5"], "by": "player"}
    assert _send_hand(cy, game_id, {"side": "light", "players-0-points": "12"}).status_code == 302
    draft = _draft(client, game_id)
    assert draft["complete"] is False and "one side for everyone" in draft["problems"][0]["error"]
    assert _send_hand(cy, game_id, {"side": "dark", "players-0-points": "12"}).status_code == 302
    assert _send_hand(ana, game_id, {"side": "dark", "went_out": "0"}).status_code == 302
    draft = _draft(client, game_id)
    assert draft["complete"] is True and draft["went_out"] == "Ana" and draft["points"]["Ben"] == 25

    assert _commit(ana, game_id).status_code == 302
    game = client.get(f"/api/games/{game_id}").get_json()
    assert len(game["rounds"]) == 1 and game["rounds"][0]["side"] == "dark" and game["draft"] is None
    assert game["rounds"][0]["scores"] == {"Ana": 37, "Ben": 0, "Cy": 0}


def test_no_mercy_knock_outs_on_their_own_phones_make_a_hand_won_standing(app, client):
    game_id, key, _ = create(client, "uno_no_mercy")
    ana, ben, cy = (_player(app, client, game_id, key, name) for name in ("Ana", "Ben", "Cy"))
    hand = ben.get(f"/sheets/{game_id}/hand").get_data(as_text=True)
    assert 'name="players-0-knocked_out"' in hand and 'name="won_by"' not in hand  # how it was won follows
    assert _send_hand(ben, game_id, {"players-0-knocked_out": "y"}).status_code == 302
    assert _draft(client, game_id)["rows"]["Ben"] == {"knocked_out": True, "by": "player"}
    assert _send_hand(cy, game_id, {"players-0-knocked_out": "y"}).status_code == 302
    assert _send_hand(ana, game_id, {"went_out": "0"}).status_code == 302
    assert _draft(client, game_id)["complete"] is True
    assert _commit(cy, game_id).status_code == 302
    stored = client.get(f"/api/games/{game_id}").get_json()["rounds"][0]
    assert stored["last_standing"] == "Ana" and stored["scores"]["Ana"] == 500


def test_no_mercy_round_form_rows_left_empty_when_won_standing_are_knock_outs(app, client):
    """The scorekeeper's round form sends each row to the round filled in together as a whole round reads it: a
    row left empty when the hand was won standing is a knock-out."""
    game_id, key, _ = create(client, "uno_no_mercy")
    editor = _phone(app, game_id, key)
    page = editor.get(f"/sheets/{game_id}/rounds/new").get_data(as_text=True)
    assert 'name="won_by"' in page  # the round form keeps the choice
    fields = {"csrf_token": _token(page), "round": "1", "went_out": "0", "won_by": "standing"}
    fields.update({f"players-{i}-seat": str(i) for i in range(3)})
    sent = editor.post(
        f"/sheets/{game_id}/draft/row", data={**fields, "seat": "1"}, headers={"Accept": "application/json"}
    )
    assert sent.status_code == 200, sent.get_json()
    assert _draft(client, game_id)["rows"]["Ben"] == {"knocked_out": True, "by": "editor"}
