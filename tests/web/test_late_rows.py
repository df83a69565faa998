"""A row that arrives after its round was stored (issue 20: a hand kept on a phone without a connection): the
answer sets the stored row beside it ("stored: 35; you entered: 40"), and the row may correct the stored round,
through the API (``PUT /api/games/<id>/rounds/<n>/rows/<player>``) and the hand page (the outbox's JSON)."""

from __future__ import annotations

import re

from api_helpers import create, post


def put(client, url, body, key):
    return post(client, url, body, key, method="put")


def player_key(client, game_id, key, name):
    answer = post(client, f"/api/games/{game_id}/players/{name}/key", {}, key)
    assert answer.status_code == 201
    return answer.get_json()["player_key"]


def _uno_round_stored(client, game_id, key, ben=35):
    body = {
        "round": 1,
        "went_out": "Ana",
        "results": [{"player": "Ben", "points": ben}, {"player": "Cy", "points": 12}],
    }
    stored = post(client, f"/api/games/{game_id}/rounds", body, key)
    assert stored.status_code == 201, stored.get_json()
    return stored.get_json()


def _hands(client, game_id):
    rounds = client.get(f"/api/games/{game_id}").get_json()["rounds"]
    return [{r["player"]: r["points"] for r in item["results"]} for item in rounds]


def test_only_the_edit_key_corrects_a_row_of_a_stored_round(client):
    """A player key grants only its own row of the round being filled in (API.md "Player links": everything else
    is 403), so it may not correct a stored round, not even its own row; the edit key corrects any row."""
    game_id, key, _ = create(client, "uno")
    ben = player_key(client, game_id, key, "Ben")
    _uno_round_stored(client, game_id, key)
    url = f"/api/games/{game_id}/rounds/1/rows"
    for player in ("Cy", "Ben"):
        refused = put(client, f"{url}/{player}", {"points": 40}, ben)
        assert refused.status_code == 403
        assert refused.get_json()["error"] == (
            "Only the edit link may correct a stored round: ask the scorekeeper to correct it."
        )
    assert put(client, f"{url}/Ben", {"points": 40}, "not-a-key").status_code == 403
    assert _hands(client, game_id)[0]["Ben"] == 35 and _hands(client, game_id)[0]["Cy"] == 12
    corrected = put(client, f"{url}/ben", {"round": 1, "points": 40}, key)
    assert corrected.status_code == 200, corrected.get_json()
    assert {r["player"]: r["points"] for r in corrected.get_json()["rounds"][0]["results"]}["Ben"] == 40
    assert corrected.get_json()["rounds"][0]["went_out"] == "Ana"
    assert put(client, f"{url}/Cy", {"cards": ["R5"]}, key).status_code == 200
    assert _hands(client, game_id) == [{"Ben": 40, "Cy": 5}]


def test_a_late_row_that_does_not_hold_is_refused_and_nothing_changes(client):
    game_id, key, _ = create(client, "uno")
    _uno_round_stored(client, game_id, key)
    version = client.get(f"/api/games/{game_id}").get_json()["version"]
    url = f"/api/games/{game_id}/rounds/1/rows/Ben"
    wrong = put(client, url, {"cards": ["Q9"]}, key)
    assert wrong.status_code == 400 and "Q9" in wrong.get_json()["error"]
    assert put(client, url, {"round": 2, "points": 4}, key).status_code == 400
    assert put(client, url, {"points": 4, "went_out": "yes"}, key).status_code == 400
    assert put(client, f"/api/games/{game_id}/rounds/2/rows/Ben", {"points": 4}, key).status_code == 404
    # Ben says he went out, but Ana went out and has no row: the round would lack her hand.
    assert put(client, url, {"went_out": True}, key).status_code == 400
    after = client.get(f"/api/games/{game_id}").get_json()
    assert after["version"] == version and _hands(client, game_id)[0]["Ben"] == 35


# --- the hand page, as static/js/offline.js sends a hand kept on the phone ----------------------------------


def _token(page: str) -> str:
    return re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page).group(1)


def _player_phone(app, game_id, key):
    phone = app.test_client()
    page = phone.get(f"/sheets/{game_id}").get_data(as_text=True)
    token = re.search(r'data-csrf="([^"]+)"', page).group(1)
    assert phone.post(f"/sheets/{game_id}/key", data={"key": key}, headers={"X-CSRFToken": token}).status_code == 204
    return phone


def _kept_hand(phone, game_id, query=""):
    """The hand form's fields as the phone kept them while round 1 was still open (the page loaded then)."""
    page = phone.get(f"/sheets/{game_id}/hand{query}").get_data(as_text=True)
    return {"csrf_token": _token(page), "round": "1", "version": "1", "players-0-seat": "0"}


def _send(phone, url, fields):
    return phone.post(url, data=fields, headers={"Accept": "application/json"})


def test_a_hand_kept_offline_meets_its_stored_round_and_corrects_it(app, client):
    game_id, key, _ = create(client, "uno")
    ben = _player_phone(app, game_id, player_key(client, game_id, key, "Ben"))
    kept = {**_kept_hand(ben, game_id), "players-0-points": "40", "send": "1"}
    _uno_round_stored(client, game_id, key)  # the scorekeeper stored round 1 meanwhile (Ben 35)

    late = _send(ben, f"/sheets/{game_id}/hand", kept)
    assert late.status_code == 409
    answer = late.get_json()
    assert answer["late"] is True and answer["saved"] is False and answer["same"] is False
    assert answer["compare"] == {"stored": "35", "yours": "40"}
    assert answer["round"] == 1 and answer["stored"]["round"] == 1
    assert answer["error"] == "Round 1 was stored before your hand arrived."
    assert answer["correct"] == f"/sheets/{game_id}/hand/correct"
    # Not written into round 2's draft (the old hand page put any hand into the next round).
    assert client.get(f"/api/games/{game_id}").get_json()["draft"] is None
    assert _hands(client, game_id)[0]["Ben"] == 35

    # A player link may not correct a stored round (API.md "Player links"): the answer says so, and asking is 403.
    assert answer["may_correct"] is False
    refused = _send(ben, answer["correct"], kept)
    assert refused.status_code == 403
    assert (
        refused.get_json()["error"]
        == "Only the edit link may correct a stored round: ask the scorekeeper to correct it."
    )
    assert _hands(client, game_id)[0]["Ben"] == 35

    # A phone with the edit link, entering Ben's hand on his seat's hand page, may.
    editor = _player_phone(app, game_id, key)
    editor_kept = {**_kept_hand(editor, game_id, "?seat=1"), "players-0-points": "40", "send": "1"}
    late = _send(editor, f"/sheets/{game_id}/hand?seat=1", editor_kept)
    assert late.status_code == 409 and late.get_json()["may_correct"] is True
    corrected = _send(editor, late.get_json()["correct"], editor_kept)
    assert corrected.status_code == 200 and corrected.get_json() == {"saved": True, "corrected": True, "round": 1}
    assert _hands(client, game_id)[0] == {"Ben": 40, "Cy": 12}

    # Sent again (its answer lost): the stored round holds it now, so it is already saved.
    again = _send(ben, f"/sheets/{game_id}/hand", kept)
    assert again.status_code == 409 and again.get_json()["same"] is True
    assert again.get_json()["error"] == "Your hand for round 1 is already in the stored round."


def _text(page: str) -> str:
    """The words of the page's main part, tags taken out and spaces made single."""
    main = re.search(r"<main.*?</main>", page, re.S).group(0)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", main))


def test_a_late_hand_on_the_page_without_a_script_says_both_numbers(app, client):
    """A player's phone without a script: the stored row beside the hand, and the sentence to ask the scorekeeper;
    nothing to correct with (a player link may not)."""
    game_id, key, _ = create(client, "uno")
    ben = _player_phone(app, game_id, player_key(client, game_id, key, "Ben"))
    kept = {**_kept_hand(ben, game_id), "players-0-points": "40", "send": "1"}
    _uno_round_stored(client, game_id, key)
    answer = ben.post(f"/sheets/{game_id}/hand", data=kept)
    assert answer.status_code == 409 and answer.headers["Cache-Control"] == "no-store"
    shown = _text(answer.get_data(as_text=True))
    assert "Round 1 was stored before your hand arrived. Stored: 35; you entered: 40." in shown
    assert "Only the edit link may correct a stored round: ask the scorekeeper to correct it." in shown
    assert "Correct the stored round" not in shown and "/hand/correct" not in answer.get_data(as_text=True)
    assert f'href="/sheets/{game_id}">Keep the stored one' in answer.get_data(as_text=True)
    assert _hands(client, game_id)[0]["Ben"] == 35


def test_the_edit_link_corrects_a_late_hand_with_a_plain_form(app, client):
    """The edit link's phone without a script (Ben's seat's hand page): the late hand's page holds a plain form,
    *Correct the stored round*, that posts the hand as it was entered; posting it corrects the stored round."""
    game_id, key, _ = create(client, "uno")
    editor = _player_phone(app, game_id, key)
    kept = {**_kept_hand(editor, game_id, "?seat=1"), "players-0-points": "40", "send": "1"}
    _uno_round_stored(client, game_id, key)
    answer = editor.post(f"/sheets/{game_id}/hand?seat=1", data=kept)
    assert answer.status_code == 409
    page = answer.get_data(as_text=True)
    assert "Stored: 35; you entered: 40." in _text(page)
    assert "ask the scorekeeper" not in _text(page)
    form = re.search(r'<form method="post" action="([^"]+)"[^>]*>(.*?)</form>', page, re.S)
    assert form is not None and form.group(1) == f"/sheets/{game_id}/hand/correct?seat=1"
    fields = dict(re.findall(r'<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"', form.group(2)))
    assert fields["players-0-points"] == "40" and fields["round"] == "1" and fields["csrf_token"]
    assert "Correct the stored round" in form.group(2) and "Keep the stored one" in form.group(2)
    assert _hands(client, game_id)[0]["Ben"] == 35  # nothing changed yet
    done = editor.post(form.group(1), data=fields, follow_redirects=True)
    assert "Round 1 corrected with your hand." in done.get_data(as_text=True)
    assert _hands(client, game_id)[0] == {"Ben": 40, "Cy": 12}


def test_a_hand_sent_by_the_outbox_for_the_open_round_is_kept_in_the_draft(app, client):
    game_id, key, _ = create(client, "uno")
    ben = _player_phone(app, game_id, player_key(client, game_id, key, "Ben"))
    sent = _send(ben, f"/sheets/{game_id}/hand", {**_kept_hand(ben, game_id), "players-0-points": "40"})
    assert sent.status_code == 200 and sent.get_json() == {"saved": True, "round": 1}
    assert client.get(f"/api/games/{game_id}").get_json()["draft"]["rows"]["Ben"]["points"] == 40
    wrong = _send(ben, f"/sheets/{game_id}/hand", {**_kept_hand(ben, game_id), "players-0-cards": "Q9"})
    assert wrong.status_code == 400 and wrong.get_json()["saved"] is False and "Q9" in wrong.get_json()["error"]


def test_the_live_panel_of_a_hand_page_says_when_its_round_was_stored(app, client):
    game_id, key, _ = create(client, "uno")
    ben = _player_phone(app, game_id, player_key(client, game_id, key, "Ben"))
    page = ben.get(f"/sheets/{game_id}/hand").get_data(as_text=True)
    assert f'data-live-page="/sheets/{game_id}/hand?panel=1&amp;round=1"' in page
    assert "Round 1 is saved." not in ben.get(f"/sheets/{game_id}/hand?panel=1&round=1").get_data(as_text=True)
    _uno_round_stored(client, game_id, key)
    panel = ben.get(f"/sheets/{game_id}/hand?panel=1&round=1").get_data(as_text=True)
    assert "Round 1 is saved." in panel and "Enter your hand for round 2" in panel
    assert 'data-live-page="/sheets/' + game_id + '/hand?panel=1&amp;round=1"' in panel
    assert "Round 1 is saved." not in ben.get(f"/sheets/{game_id}/hand?panel=1&round=2").get_data(as_text=True)


def test_the_hand_page_may_be_kept_by_the_worker_and_holds_no_key(app, client):
    """A player link's hand page is kept by the service worker for use offline (issue 20): it is not no-store, it
    holds no key (the key travels in the sheet's cookie), and the sheet page's "Enter my hand" link names the round
    it is for; the worker keeps a hand page asked for by address only (never with a query)."""
    game_id, key, _ = create(client, "uno")
    player_key_value = player_key(client, game_id, key, "Ben")
    ben = _player_phone(app, game_id, player_key_value)
    page = ben.get(f"/sheets/{game_id}/hand")
    assert page.status_code == 200 and "no-store" not in page.headers["Cache-Control"]
    html = page.get_data(as_text=True)
    assert player_key_value not in html and key not in html
    assert re.search(r'data-t-heading="Ben(?:&#39;|&#x27;|\')s hand, round \{round\}"', html)
    sheet = ben.get(f"/sheets/{game_id}").get_data(as_text=True)
    assert re.search(
        r'class="button primary enter-hand" href="/sheets/[^"]+/hand"\s+data-sheet="[^"]+" data-next-round="1"', sheet
    )
    worker = client.get("/sw.js").get_data(as_text=True)
    assert r"(rounds\/new|hand)$/.test(url.pathname)" in worker and "url.search ||" in worker


def test_a_row_of_the_round_form_goes_to_its_player_after_another_left(app, client):
    """The round form's rows are the players at the table: after Ben left, its third row is Dee's, and a row sent
    from it (static/js/draft.js) goes to Dee's row of the draft, not to the game's third player (Cy)."""
    game_id, key, _ = create(client, "uno", ["Ana", "Ben", "Cy", "Dee"])
    body = {"round": 1, "went_out": "Ana", "results": [{"player": n, "points": 5} for n in ("Ben", "Cy", "Dee")]}
    assert post(client, f"/api/games/{game_id}/rounds", body, key).status_code == 201
    assert post(client, f"/api/games/{game_id}/players", {"leave": "Ben"}, key).status_code == 200
    editor = _player_phone(app, game_id, key)
    page = editor.get(f"/sheets/{game_id}/rounds/new").get_data(as_text=True)
    assert re.findall(r'data-player="([^"]+)" data-index="(\d)"', page) == [("Ana", "0"), ("Cy", "1"), ("Dee", "2")]
    fields = {"csrf_token": _token(page), "round": "2", "seat": "2", "players-2-points": "12"}
    fields.update({f"players-{i}-seat": str(i) for i in range(3)})
    sent = _send(editor, f"/sheets/{game_id}/draft/row", fields)
    assert sent.status_code == 200, sent.get_json()
    assert sent.get_json()["draft"]["points"] == {"Ana": None, "Ben": None, "Cy": None, "Dee": 12}
