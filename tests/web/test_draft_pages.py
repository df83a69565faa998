"""Each player on their own phone, through the pages: player links from the share panel, a hand page with that
player's row only, the draft on the sheet page (who is still counting, each hand's points) and Save."""

from __future__ import annotations

import re

from api_helpers import create


def _token(page: str) -> str:
    return re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page).group(1)


def _editor(app, game_id, key):
    phone = app.test_client()
    page = phone.get(f"/sheets/{game_id}").get_data(as_text=True)
    token = re.search(r'data-csrf="([^"]+)"', page).group(1)
    assert phone.post(f"/sheets/{game_id}/key", data={"key": key}, headers={"X-CSRFToken": token}).status_code == 204
    return phone


def _player_link(editor, game_id, name) -> str:
    url = f"/sheets/{game_id}/share/players"
    page = editor.get(url)
    assert page.headers["Cache-Control"] == "no-store"
    made = editor.post(url, data={"csrf_token": _token(page.get_data(as_text=True)), "player": name})
    html = made.get_data(as_text=True)
    link = re.search(r'id="player-link" type="text" readonly value="([^"]+)"', html).group(1)
    # The link carries a claim code, never the key (issue 21: keys leave the phone's history); the player's phone
    # exchanges it for the player's key.
    assert f"/sheets/{game_id}#claim=" in link and "#key=" not in link and "<svg" in html  # the link's QR code
    claimed = editor.post(f"/api/claims/{link.partition('#claim=')[2]}")
    assert claimed.status_code == 200 and claimed.get_json()["right"] == f"player:{name}"
    return claimed.get_json()["key"]


def _player_phone(app, game_id, key):
    phone = app.test_client()
    page = phone.get(f"/sheets/{game_id}").get_data(as_text=True)
    token = re.search(r'data-csrf="([^"]+)"', page).group(1)
    claimed = phone.post(f"/sheets/{game_id}/key", data={"key": key}, headers={"X-CSRFToken": token})
    assert claimed.status_code == 204
    return phone


def _send_hand(phone, game_id, fields, query=""):
    url = f"/sheets/{game_id}/hand{query}"
    page = phone.get(url).get_data(as_text=True)
    data = {"csrf_token": _token(page), "round": "1", "version": "1", "players-0-seat": "0", **fields}
    return phone.post(url, data=data)


def test_each_player_enters_their_own_hand_and_the_scorekeeper_saves_the_round(app, client):
    game_id, key, _ = create(client, "uno", players=("Ana", "Ben", "Cy"))
    editor = _editor(app, game_id, key)
    assert "Give each player a link" in editor.get(f"/sheets/{game_id}").get_data(as_text=True)
    ben = _player_phone(app, game_id, _player_link(editor, game_id, "Ben"))
    cy = _player_phone(app, game_id, _player_link(editor, game_id, "Cy"))
    ana = _player_phone(app, game_id, _player_link(editor, game_id, "Ana"))

    sheet = ben.get(f"/sheets/{game_id}").get_data(as_text=True)
    assert "Enter my hand (Ben)" in sheet and "Record round 1" not in sheet
    hand = ben.get(f"/sheets/{game_id}/hand").get_data(as_text=True)
    assert hand.count('class="player-row') == 1 and 'data-player="Ben"' in hand
    assert 'data-player="Ana"' not in hand.split('class="sheet-draft"')[0]  # no control for another row
    # A player phone asking for another seat still gets its own row.
    other = ben.get(f"/sheets/{game_id}/hand?seat=0").get_data(as_text=True)
    assert 'data-player="Ben"' in other and 'data-player="Ana" data-index' not in other

    sent = _send_hand(ben, game_id, {"players-0-points": "20"})
    assert sent.status_code == 302
    draft = client.get(f"/api/games/{game_id}").get_json()["draft"]
    assert draft["rows"]["Ben"] == {"points": 20, "by": "player"} and draft["points"]["Ben"] == 20

    watching = editor.get(f"/sheets/{game_id}").get_data(as_text=True)
    assert "Round 1, filled in together" in watching and "still counting" in watching
    assert "draft-save" not in watching

    assert _send_hand(cy, game_id, {"players-0-cards": "R5 W"}).status_code == 302
    assert _send_hand(ana, game_id, {"went_out": "0"}).status_code == 302
    draft = client.get(f"/api/games/{game_id}").get_json()["draft"]
    assert draft["went_out"] == "Ana" and draft["complete"] is True
    assert draft["points"] == {"Ana": 0, "Ben": 20, "Cy": 55}

    watching = editor.get(f"/sheets/{game_id}").get_data(as_text=True)
    assert "draft-save" in watching and "still counting" not in watching
    saved = editor.post(f"/sheets/{game_id}/draft/commit", data={"csrf_token": _token(watching), "round": "1"})
    assert saved.status_code == 302
    game = client.get(f"/api/games/{game_id}").get_json()
    assert len(game["rounds"]) == 1 and game["draft"] is None
    assert game["rounds"][0]["scores"] == {"Ana": 75, "Ben": 0, "Cy": 0}


def test_a_hand_wrong_on_its_own_is_shown_and_not_kept(app, client):
    game_id, key, _ = create(client)  # Phase 10: Ana, Ben, Cy
    editor = _editor(app, game_id, key)
    ben = _player_phone(app, game_id, _player_link(editor, game_id, "Ben"))
    refused = _send_hand(ben, game_id, {"players-0-low": "9", "players-0-high": "2"})
    assert refused.status_code == 200
    assert "Ben" in refused.get_data(as_text=True) and 'class="error' in refused.get_data(as_text=True)
    draft = client.get(f"/api/games/{game_id}").get_json()["draft"]
    assert draft is None or draft["rows"]["Ben"] is None
    preview = ben.post(
        f"/sheets/{game_id}/hand/preview",
        data={
            "csrf_token": _token(ben.get(f"/sheets/{game_id}/hand").get_data(as_text=True)),
            "players-0-seat": "0",
            "players-0-low": "8",
            "players-0-high": "2",
        },
    ).get_json()
    assert preview == {"ok": True, "points": {"Ben": 60}, "labels": preview["labels"]}


def test_a_phone_without_a_key_has_no_hand_page(app, client):
    game_id, _key, _ = create(client)
    viewer = app.test_client()
    assert viewer.get(f"/sheets/{game_id}/hand").status_code == 302
    assert "Enter my hand" not in viewer.get(f"/sheets/{game_id}").get_data(as_text=True)


def test_the_live_panel_of_a_hand_page_leaves_the_pages_message_to_the_page(app, client):
    game_id, key, _ = create(client, "uno", players=("Ana", "Ben"))
    ben = _player_phone(app, game_id, _player_link(_editor(app, game_id, key), game_id, "Ben"))
    assert _send_hand(ben, game_id, {"players-0-points": "20"}).status_code == 302
    # The page's live update asks for the panel before the page itself is shown again.
    panel = ben.get(f"/sheets/{game_id}/hand?panel=1").get_data(as_text=True)
    assert 'class="sheet-draft"' in panel and "Ben" in panel and "<html" not in panel
    assert "Your hand is in." in ben.get(f"/sheets/{game_id}/hand").get_data(as_text=True)


def test_a_reopened_no_mercy_form_shows_the_winner_and_the_knock_out_from_the_draft(app, client):
    """A No Mercy hand filled in together (Ana won, Ben knocked out, Cy 30): the round form opened again shows it
    as the draft has it, not a blank winner and Ben's row as "0" (issue 20's new-user review)."""
    game_id, key, _data = create(client, game="uno_no_mercy")
    auth = {"Authorization": f"Bearer {key}"}
    assert (
        client.put(f"/api/games/{game_id}/draft", json={"round": 1, "went_out": "Ana"}, headers=auth).status_code == 200
    )
    for name, row in (("Ben", {"knocked_out": True}), ("Cy", {"points": 30})):
        answer = client.put(f"/api/games/{game_id}/draft/rows/{name}", json={"round": 1, **row}, headers=auth)
        assert answer.status_code == 200, answer.get_json()
    page = _editor(app, game_id, key).get(f"/sheets/{game_id}/rounds/new").get_data(as_text=True)
    assert re.search(r'<input[^>]*checked[^>]*id="went_out-0"|<input[^>]*id="went_out-0"[^>]*checked', page)
    knocked = re.search(r'<input[^>]*name="players-1-knocked_out"[^>]*>', page).group(0)
    assert "checked" in knocked
    assert re.search(r'name="players-2-points"[^>]*value="30"|value="30"[^>]*name="players-2-points"', page)
