"""Edit keys never travel in an address: fragment hand-over links, the per-sheet cookie, a new key, old links."""

from __future__ import annotations

import re

from app.handover import COOKIE, fragment_link


def _token(page: str) -> str:
    return re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page).group(1)


def _create(client) -> tuple[str, str, object]:
    """A sheet made through the form: (its path, its key, the answer)."""
    page = client.get("/sheets/new").get_data(as_text=True)
    form = {"csrf_token": _token(page), "game": "uno", "players-0": "Ana", "players-1": "Ben", "target": "500"}
    answer = client.post("/sheets/new", data=form)
    assert answer.status_code == 302
    path, _sep, fragment = answer.headers["Location"].partition("#")
    assert fragment.startswith("key=")
    return path, fragment.removeprefix("key="), answer


def _cookie_header(answer) -> str:
    return next(h for h in answer.headers.getlist("Set-Cookie") if h.startswith(COOKIE + "="))


def _claim(client, path: str, key: str):
    page = client.get(path).get_data(as_text=True)
    token = re.search(r'data-csrf="([^"]+)"', page).group(1)  # what the page script sends
    return client.post(path + "/key", data={"key": key}, headers={"X-CSRFToken": token})


def test_a_new_sheet_hands_its_key_over_in_the_fragment_and_a_cookie_for_its_pages(client):
    path, key, answer = _create(client)
    assert "?" not in answer.headers["Location"] and answer.headers["Cache-Control"] == "no-store"
    cookie = _cookie_header(answer)
    assert f"Path={path}" in cookie and "HttpOnly" in cookie and "SameSite=Lax" in cookie
    assert "Max-Age=34560000" in cookie  # 400 days: a browser restart does not make the phone view-only
    page = client.get(path)
    html = page.get_data(as_text=True)
    assert "Record round 1" in html and key not in html  # editable, and the key is not in the page
    assert key not in (page.headers.get("Set-Cookie") or "")  # the session cookie holds no key any more


def test_another_phone_claims_the_key_from_the_fragment(app, client):
    path, key, _answer = _create(client)
    other = app.test_client()
    assert _claim(other, path, "not-the-key").status_code == 403
    assert "Record round 1" not in other.get(path).get_data(as_text=True)
    claimed = _claim(other, path, key)
    assert claimed.status_code == 204 and f"Path={path}" in _cookie_header(claimed)
    assert "Record round 1" in other.get(path).get_data(as_text=True)
    assert other.get(path + "/rounds/new").status_code == 200
    # the cookie goes with this sheet's pages only
    second, _key, _answer = _create(client)
    assert "Record round 1" not in other.get(second).get_data(as_text=True)


def test_claiming_needs_the_csrf_token(app, client):
    path, key, _answer = _create(client)
    assert app.test_client().post(path + "/key", data={"key": key}).status_code == 400


def test_an_old_query_link_works_once_more_and_moves_the_key_out_of_the_address(app, client):
    path, key, _answer = _create(client)
    other = app.test_client()
    answer = other.get(f"{path}?key={key}")
    assert answer.status_code == 302 and answer.headers["Location"] == fragment_link(path, key)
    assert f"Path={path}" in _cookie_header(answer)
    page = other.get(path).get_data(as_text=True)
    assert "Record round 1" in page and "old kind" in page


def test_a_new_edit_key_revokes_the_old_one_everywhere(app, client):
    path, old, _answer = _create(client)
    other = app.test_client()
    assert _claim(other, path, old).status_code == 204
    page = client.get(path + "/share/edit").get_data(as_text=True)  # where "Make a new edit key" is
    answer = client.post(path + "/key/new", data={"csrf_token": _token(page)})
    assert answer.status_code == 302 and answer.headers["Cache-Control"] == "no-store"
    back, _sep, new = answer.headers["Location"].partition("#key=")
    assert back == path + "/share/edit"  # the new link, ready to share
    assert new and new != old and f"{COOKIE}={new}" in _cookie_header(answer)
    assert "Record round 1" in client.get(path).get_data(as_text=True)  # this phone keeps editing
    view = other.get(path)
    assert "Record round 1" not in view.get_data(as_text=True)  # the old key no longer edits
    assert f"{COOKIE}=;" in _cookie_header(view)  # and the phone forgets it
    game_id = path.rsplit("/", 1)[1]
    assert (
        client.delete(f"/api/games/{game_id}/tiebreaker", headers={"Authorization": f"Bearer {old}"}).status_code == 403
    )
    assert (
        client.delete(f"/api/games/{game_id}/tiebreaker", headers={"Authorization": f"Bearer {new}"}).status_code == 409
    )


def test_the_api_makes_a_new_edit_key(client):
    created = client.post("/api/games", json={"game": "uno", "players": ["Ana", "Ben"]}).get_json()
    url = f"/api/games/{created['id']}/key"
    assert client.post(url).status_code == 401
    assert client.post(url, headers={"Authorization": "Bearer wrong"}).status_code == 403
    answer = client.post(url, headers={"Authorization": f"Bearer {created['edit_key']}"})
    assert answer.status_code == 200 and answer.headers["Cache-Control"] == "no-store"
    new = answer.get_json()["edit_key"]
    assert new != created["edit_key"] and answer.get_json()["id"] == created["id"]
    assert client.post(url, headers={"Authorization": f"Bearer {created['edit_key']}"}).status_code == 403
    assert client.post(url, headers={"Authorization": f"Bearer {new}"}).status_code == 200


def test_a_fresh_form_token_is_given_to_a_phone_whose_session_ended(app, client):
    """What the offline queue asks for before it sends a kept round: a token for the session as it is now
    (a browser restart ends the session a cached form's token belongs to). Never kept by a cache."""
    path, key, _answer = _create(client)
    restarted = app.test_client()  # no session cookie any more
    answer = restarted.get("/csrf-token")
    assert answer.status_code == 200 and answer.headers["Cache-Control"] == "no-store"
    token = answer.get_json()["token"]
    assert restarted.post(path + "/key", data={"key": key, "csrf_token": "stale"}).status_code == 400
    assert restarted.post(path + "/key", data={"key": key, "csrf_token": token}).status_code == 204
    assert app.test_client().post(path + "/key", data={"key": key, "csrf_token": token}).status_code == 400
