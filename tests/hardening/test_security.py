"""Security: headers on every response, cookie flags, CSRF on forms, edit keys (hashed, constant time,
limited when wrong), limits on input, and hostile names shown as text everywhere."""

from __future__ import annotations

import hmac
import re
from html.parser import HTMLParser

import pytest

from app import create_app, keys, security
from app.extensions import db

HOSTILE = '<script>alert("x")</script>'


@pytest.fixture
def limited_app(database_url):
    app = create_app(
        {
            "TESTING": True,
            "SQLALCHEMY_DATABASE_URI": database_url,
            "SECRET_KEY": "test-only",
            "EDIT_KEY_FAILURES": 3,
            "EDIT_KEY_GAME_FAILURES": 5,
            "EDIT_KEY_WINDOW": 1.0,
        }
    )
    yield app
    with app.app_context():
        db.engine.dispose()


def _create(client, players=("Ana", "Ben"), game="uno"):
    answer = client.post("/api/games", json={"game": game, "players": list(players)})
    assert answer.status_code == 201, answer.get_json()
    return answer.get_json()["id"], answer.get_json()["edit_key"]


def _csp(response) -> dict[str, str]:
    policy = response.headers["Content-Security-Policy"]
    return {part.split()[0]: part for part in (p.strip() for p in policy.split(";")) if part}


def test_security_headers_on_every_kind_of_response(client):
    game_id, _key = _create(client)
    responses = [
        client.get("/"),
        client.get("/check/"),
        client.get(f"/sheets/{game_id}"),
        client.get("/static/css/app.css"),
        client.get(f"/api/games/{game_id}"),
        client.get("/api/games/nope"),
        client.get("/nowhere"),
        client.post("/api/games", data="{", content_type="application/json"),
        client.put("/api/games"),
        client.get(f"/sheets/{game_id}/export.csv"),
        client.get(f"/sheets/{game_id}/export.json"),
    ]
    for response in responses:
        csp = _csp(response)
        # No inline script, no eval: only WebAssembly from the app's own files (Pyodide, app/provisional.py).
        assert csp["script-src"] == "script-src 'self' 'wasm-unsafe-eval'"
        assert "'unsafe-inline'" not in response.headers["Content-Security-Policy"]
        assert csp["frame-ancestors"] == "frame-ancestors 'none'"
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        assert response.headers["Referrer-Policy"] == "same-origin"


class InlineCode(HTMLParser):
    """Collects what a Content-Security-Policy without 'unsafe-inline' would block."""

    def __init__(self):
        super().__init__()
        self.found: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag, attrs):
        names = {name for name, _value in attrs}
        if tag == "script":
            self._in_script = True
            if "src" not in names:
                self.found.append("a <script> without src")
        if tag == "style":
            self.found.append("a <style> element")
        self.found.extend(f"{name}= on <{tag}>" for name in names if name == "style" or name.startswith("on"))
        self.found.extend(
            f"javascript: URL on <{tag}>" for _n, v in attrs if v and v.strip().lower().startswith("javascript:")
        )

    def handle_endtag(self, tag):
        if tag == "script":
            self._in_script = False

    def handle_data(self, data):
        if self._in_script and data.strip():
            self.found.append("code inside <script src>")


PAGES = ["/", "/check/", "/sheets/", "/sheets/new", "/play/", "/rules/phase10", "/rules/uno", "/rules/points"]


def test_pages_have_no_inline_script_or_style(client):
    game_id, key = _create(client, game="phase10", players=("Ana", "Ben", "Cy"))
    client.get(f"/sheets/{game_id}?key={key}")
    for url in [*PAGES, f"/sheets/{game_id}", f"/sheets/{game_id}/rounds/new", f"/sheets/{game_id}/rules"]:
        answer = client.get(url)
        assert answer.status_code == 200, url
        parser = InlineCode()
        parser.feed(answer.get_data(as_text=True))
        assert parser.found == [], url


def test_session_cookie_is_httponly_samesite_and_secure_over_https(client, database_url):
    game_id, _key = _create(client)
    plain = client.get(f"/sheets/{game_id}").headers.get("Set-Cookie")
    assert "HttpOnly" in plain and "SameSite=Lax" in plain and "Secure" not in plain
    secure = client.get(f"/sheets/{game_id}", base_url="https://deckside.example").headers.get("Set-Cookie")
    assert "HttpOnly" in secure and "SameSite=Lax" in secure and "Secure" in secure
    assert client.get("/", base_url="https://deckside.example").headers["Strict-Transport-Security"]


def test_behind_a_proxy_forwarded_https_makes_the_cookie_secure(database_url):
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": database_url, "SECRET_KEY": "t", "PROXY_COUNT": 1})
    client = app.test_client()
    game_id, _key = _create(client)
    cookie = client.get(f"/sheets/{game_id}", headers={"X-Forwarded-Proto": "https"}).headers["Set-Cookie"]
    assert "Secure" in cookie
    with app.app_context():
        db.engine.dispose()


def _https_new_sheet(client, referer: str | None, **headers):
    """Post the new-sheet form over HTTPS (through a proxy's X-Forwarded-Proto) with ``referer``."""
    token = _csrf_token_of(client.get("/sheets/new", headers=headers))
    sent = dict(headers)
    if referer:
        sent["Referer"] = referer
    form = {"csrf_token": token, "game": "uno", "players-0": "Ana", "players-1": "Ben"}
    return client.post("/sheets/new", data=form, headers=sent)


def _csrf_token_of(answer) -> str:
    return re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', answer.get_data(as_text=True)).group(1)


def test_forms_work_over_https_behind_a_proxy_and_csrf_stays_strict(database_url):
    """Pages ask browsers for a same-origin Referer, which Flask-WTF's HTTPS check needs; other origins still fail."""
    app = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": database_url, "SECRET_KEY": "t", "PROXY_COUNT": 1})
    client = app.test_client()
    proxied = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "cards.example"}
    page = client.get("/sheets/new", headers=proxied)
    assert page.headers["Referrer-Policy"] == "same-origin"
    assert _https_new_sheet(client, "https://cards.example/sheets/new", **proxied).status_code == 302
    assert _https_new_sheet(client, None, **proxied).status_code == 400  # no Referer: still refused on HTTPS
    assert _https_new_sheet(client, "https://evil.example/", **proxied).status_code == 400
    assert _https_new_sheet(client, "http://cards.example/sheets/new", **proxied).status_code == 400
    with app.app_context():
        db.engine.dispose()


@pytest.mark.parametrize(
    "url, form",
    [
        ("/sheets/new", {"game": "uno", "players-0": "Ana", "players-1": "Ben"}),
        ("/check/", {"phase": "1", "mode": "groups", "cards": "1 1 1 | 2 2 2"}),
    ],
)
def test_a_form_posted_without_its_csrf_token_is_refused_with_a_friendly_page(client, url, form):
    answer = client.post(url, data=form)
    page = answer.get_data(as_text=True)
    assert answer.status_code == 400 and answer.mimetype == "text/html"
    assert "Reload the page" in page and "<html" in page


def test_round_form_without_csrf_token_changes_nothing(client, csrf_token):
    game_id, key = _create(client)
    client.get(f"/sheets/{game_id}?key={key}")
    answer = client.post(
        f"/sheets/{game_id}/rounds/new", data={"round": "1", "went_out": "0", "players-1-points": "10"}
    )
    assert answer.status_code == 400 and "Reload the page" in answer.get_data(as_text=True)
    assert client.get(f"/api/games/{game_id}").get_json()["rounds"] == []


def test_edit_key_is_checked_in_constant_time(client, monkeypatch):
    game_id, key = _create(client)
    calls = []
    real = hmac.compare_digest
    monkeypatch.setattr(keys.hmac, "compare_digest", lambda a, b: calls.append((a, b)) or real(a, b))
    answer = client.delete(f"/api/games/{game_id}/tiebreaker", headers={"Authorization": "Bearer wrong"})
    assert answer.status_code == 403
    assert calls and all(key not in pair for pair in calls)  # the hashes are compared, never the key


def test_wrong_keys_are_limited_per_game_and_address_and_a_right_key_always_works(limited_app, clock, monkeypatch):
    monkeypatch.setattr(security, "utcnow", clock)
    client = limited_app.test_client()
    game_id, key = _create(client)
    other_game, _other_key = _create(client)
    url = f"/api/games/{game_id}/rounds/1"
    for _ in range(3):
        assert client.delete(url, headers={"Authorization": "Bearer guess"}).status_code == 403
    limited = client.delete(url, headers={"Authorization": "Bearer guess"})
    assert limited.status_code == 429 and "wrong edit keys" in limited.get_json()["error"]
    assert int(limited.headers["Retry-After"]) >= 1
    # the right key is never refused, from the same address either
    assert client.delete(url, headers={"Authorization": f"Bearer {key}"}).status_code == 404  # no round 1 to undo
    # another game is not limited; nor is another address within this game (until the game's own limit)
    assert (
        client.delete(f"/api/games/{other_game}/rounds/1", headers={"Authorization": "Bearer guess"}).status_code == 403
    )
    elsewhere = {"REMOTE_ADDR": "10.9.9.9"}
    assert client.delete(url, headers={"Authorization": "Bearer guess"}, environ_base=elsewhere).status_code == 403
    assert client.delete(url, headers={"Authorization": "Bearer guess"}, environ_base=elsewhere).status_code == 403
    # five failures for the game from all addresses together: every wrong key for it is now 429
    third = {"REMOTE_ADDR": "10.7.7.7"}
    assert client.delete(url, headers={"Authorization": "Bearer guess"}, environ_base=third).status_code == 429
    assert client.delete(url, headers={"Authorization": f"Bearer {key}"}, environ_base=third).status_code == 404
    assert client.get(f"/api/games/{game_id}").status_code == 200  # reading needs no key
    clock.advance(1.1)  # the window passes
    assert client.delete(url, headers={"Authorization": "Bearer guess"}).status_code == 403


def test_wrong_edit_links_count_too(limited_app):
    client = limited_app.test_client()
    game_id, key = _create(client)
    for _ in range(3):
        assert client.get(f"/sheets/{game_id}?key=guess").status_code == 302
    refused = client.get(f"/sheets/{game_id}?key=guess")
    assert refused.status_code == 429 and "wrong edit keys" in refused.get_data(as_text=True)
    assert client.get(f"/sheets/{game_id}?key={key}").status_code == 302  # the right one still works


def test_right_edit_links_do_not_count(limited_app):
    client = limited_app.test_client()
    game_id, key = _create(client)
    for _ in range(5):
        assert client.get(f"/sheets/{game_id}?key={key}").status_code == 302


def test_request_body_size_is_limited(client):
    answer = client.post(
        "/api/games", data=b'{"game": "uno", "players": ["' + b"A" * 300_000 + b'"]}', content_type="application/json"
    )
    assert answer.status_code == 413 and answer.get_json()["error"]


@pytest.mark.parametrize("name", ["A" * 31, "", "   ", "Ana\x00", "Ana\nBen", "tab\tname", "\u202eevil", "a\ud800"])
def test_player_names_are_limited_in_length_and_characters(client, name):
    answer = client.post("/api/games", json={"game": "uno", "players": [name, "Ben"]})
    assert answer.status_code == 400 and answer.get_json()["error"]


def test_too_many_players_or_rounds_are_refused(client):
    assert client.post("/api/games", json={"game": "uno", "players": [f"P{i}" for i in range(11)]}).status_code == 400
    game_id, key = _create(client)
    body = {"round": 201, "went_out": "Ana", "results": [{"player": "Ben", "points": 0}]}
    answer = client.post(f"/api/games/{game_id}/rounds", json=body, headers={"Authorization": f"Bearer {key}"})
    assert answer.status_code == 409  # the round number is checked first


def test_a_hostile_name_is_text_everywhere(client):
    game_id, key = _create(client, players=(HOSTILE, "=cmd|' /C calc'!A0", "Cy&Co"), game="uno")
    auth = {"Authorization": f"Bearer {key}"}
    body = {
        "round": 1,
        "went_out": HOSTILE,
        "results": [{"player": "=cmd|' /C calc'!A0", "points": 20}, {"player": "Cy&Co", "points": 7}],
    }
    assert client.post(f"/api/games/{game_id}/rounds", json=body, headers=auth).status_code == 201
    client.get(f"/sheets/{game_id}?key={key}")
    for url in [f"/sheets/{game_id}", "/sheets/", f"/sheets/{game_id}/rounds/new", f"/sheets/{game_id}/rules"]:
        page = client.get(url).get_data(as_text=True)
        assert "<script>alert" not in page, url
    sheet = client.get(f"/sheets/{game_id}").get_data(as_text=True)
    assert "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;" in sheet or "&lt;script&gt;alert(&quot;x&quot;)" in sheet
    chart = re.search(r"<svg\b.*?</svg>", sheet, re.S)
    assert chart and "<script" not in chart.group(0) and "&lt;script&gt;" in chart.group(0)
    csv = client.get(f"/sheets/{game_id}/export.csv")
    assert csv.mimetype == "text/csv" and csv.headers["X-Content-Type-Options"] == "nosniff"
    text = csv.get_data(as_text=True)
    assert "'=cmd" in text and "\n=cmd" not in text and ",=cmd" not in text  # no formula for a spreadsheet
    exported = client.get(f"/sheets/{game_id}/export.json")
    assert exported.mimetype == "application/json" and exported.get_json()["players"][0] == HOSTILE


def test_creating_is_rate_limited_per_client_with_retry_after(database_url):
    app = create_app(
        {
            "TESTING": True,
            "SQLALCHEMY_DATABASE_URI": database_url,
            "SECRET_KEY": "t",
            "RATELIMIT_CREATE": "3 per minute",
        }
    )
    client = app.test_client()
    body = {"game": "uno", "players": ["Ana", "Ben"]}
    assert [client.post("/api/games", json=body).status_code for _ in range(2)] == [201, 201]
    seats = [{"name": "Ana"}, {"name": "Bot", "bot": "random"}]
    assert client.post("/api/play", json={"game": "uno", "seats": seats}).status_code == 201  # one shared budget
    refused = client.post("/api/games", json=body)
    assert refused.status_code == 429 and refused.get_json()["error"]
    assert 1 <= int(refused.headers["Retry-After"]) <= 60
    assert client.post("/api/games/import", json={}).status_code == 429
    # another client is not affected; reading is never limited
    assert client.post("/api/games", json=body, environ_base={"REMOTE_ADDR": "10.1.2.3"}).status_code == 201
    with app.app_context():
        db.engine.dispose()
