"""What the app must see of its clients however TLS is terminated (``make test-tls``: gunicorn itself;
``make test-nginx``: nginx running deploy/nginx.conf.example in front of gunicorn with ``DECKSIDE_PROXIES=1``).

- The scheme, host and port: Secure cookies, ``Strict-Transport-Security``, and absolute share links that are
  the address the phone used (``https://127.0.0.1:<port other than 443>``).
- Long polls pass through: a wait held its full 20-25 s answers 304 (not a proxy's 504), and a wait woken by
  another phone's round answers 200 with it at once.
- The client's address: wrong edit keys count per client. Two clients on different loopback addresses
  (127.0.0.2, 127.0.0.3) each have their own count; behind a proxy the app does not see the proxy's address
  for both, and a client's own ``X-Forwarded-For`` does not move it to another count.
"""

from __future__ import annotations

import http.client
import json
import re
import sqlite3
import threading
import time
from urllib.parse import urlsplit

import nginx_front
from tls_pages import access_log

from tests.tiers import LONG

# `make test-tls` runs it; `make test`'s bounded version: test_edit_keys.py and test_forms_over_https.py (the same TLS server, run behind nginx by make test-nginx)
pytestmark = LONG


def _request(server, tls, method: str, path: str, *, source: str = "127.0.0.1", headers=None, body=None):
    """One request on its own connection from ``source``: (status, headers, body text)."""
    address = urlsplit(server["url"])
    connection = http.client.HTTPSConnection(
        address.hostname, address.port, context=tls["context"], timeout=30, source_address=(source, 0)
    )
    try:
        connection.request(method, path, body=body, headers=headers or {})
        answer = connection.getresponse()
        return answer.status, answer.headers, answer.read().decode()
    finally:
        connection.close()


def _new_game(server, tls) -> dict:
    body = json.dumps({"game": "uno", "players": ["Ana", "Ben"]})
    status, _headers, text = _request(
        server, tls, "POST", "/api/games", headers={"Content-Type": "application/json"}, body=body
    )
    assert status == 201, text
    return json.loads(text)


def test_the_app_sees_https_and_the_address_the_phone_used(server, tls):
    status, headers, page = _request(server, tls, "GET", "/sheets/new")
    assert status == 200
    cookies = headers.get_all("Set-Cookie")
    assert cookies and all("; Secure" in cookie for cookie in cookies), cookies
    assert headers["Strict-Transport-Security"] == "max-age=31536000"
    assert urlsplit(server["url"]).port != 443  # the port must come through (X-Forwarded-Port)
    game = _new_game(server, tls)
    status, _headers, page = _request(server, tls, "GET", f"/sheets/{game['id']}")
    assert status == 200
    links = re.findall(r'id="view-link"[^>]*value="([^"]+)"', page)
    assert links == [f"{server['url']}/sheets/{game['id']}"]  # https://127.0.0.1:<port>/sheets/<id>


def _wrong_key(server, tls, game: dict, source: str, forwarded: str | None = None) -> int:
    headers = {"Authorization": "Bearer guess"}
    if forwarded:
        headers["X-Forwarded-For"] = forwarded  # what a client sends of its own: never trusted
    return _request(server, tls, "DELETE", f"/api/games/{game['id']}/tiebreaker", source=source, headers=headers)[0]


def test_wrong_keys_count_per_client_not_per_proxy(server, tls):
    game = _new_game(server, tls)
    assert [_wrong_key(server, tls, game, "127.0.0.2") for _ in range(10)] == [403] * 10  # EDIT_KEY_FAILURES
    assert _wrong_key(server, tls, game, "127.0.0.2") == 429
    # a client's own X-Forwarded-For does not give it a fresh count
    assert _wrong_key(server, tls, game, "127.0.0.2", forwarded="10.9.8.7") == 429
    # another client, even one claiming to be the first, still has its own
    assert _wrong_key(server, tls, game, "127.0.0.3", forwarded="127.0.0.2") == 403
    with sqlite3.connect(server["database"]) as connection:
        counted = connection.execute(
            "SELECT address, count(*) FROM key_failure WHERE game_id = ? GROUP BY address", (game["id"],)
        ).fetchall()
    assert dict(counted) == {"127.0.0.2": 10, "127.0.0.3": 1}
    # the workers found DECKSIDE_PROXIES matching how requests arrive (app.security.ProxyCheck)
    assert "DECKSIDE_PROXIES is" not in server["error_log"].read_text()


def test_long_polls_are_held_their_whole_time_and_woken_through_the_front(server, tls):
    game = _new_game(server, tls)
    wait = f"/api/games/{game['id']}/wait?version={game['version']}"
    other = _new_game(server, tls)
    answers: dict[str, tuple] = {}

    def hold(name: str, path: str) -> None:
        answers[name] = _request(server, tls, "GET", path)

    held = threading.Thread(target=hold, args=("held", f"/api/games/{other['id']}/wait?version={other['version']}"))
    woken = threading.Thread(target=hold, args=("woken", wait))
    held.start()
    woken.start()
    body = json.dumps({"round": 1, "went_out": "Ana", "results": [{"player": "Ben", "points": 12}]})
    status, _headers, text = _request(
        server,
        tls,
        "POST",
        f"/api/games/{game['id']}/rounds",
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {game['edit_key']}"},
        body=body,
    )
    assert status == 201, text
    woken.join(timeout=40)
    held.join(timeout=40)
    status, _headers, text = answers["woken"]
    assert status == 200 and len(json.loads(text)["rounds"]) == 1
    assert answers["held"][0] == 304  # the whole hold (20-25 s) came through: the proxy waited longer


def test_the_documented_nginx_configuration_is_the_one_run(server, tmp_path):
    """Every place tests/tls/nginx_front.py replaces is in deploy/nginx.conf.example once, and the rest is
    kept: the headers the app needs and the long polls' own location."""
    text = nginx_front.EXAMPLE.read_text()
    rendered = nginx_front.render(
        text, nginx_front.places(8443, 8123, tmp_path / "cert.pem", tmp_path / "key.pem", tmp_path)
    )
    for needed in (
        "proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;",
        "proxy_set_header X-Forwarded-Proto $scheme;",
        "proxy_set_header X-Forwarded-Host $host;",
        "proxy_set_header X-Forwarded-Port $server_port;",
        "proxy_buffering off;",
    ):
        assert needed in rendered
    assert "proxy_params" not in rendered.replace("# Do not include Debian's /etc/nginx/proxy_params", "")
    if server["front"] == "nginx":
        assert server["proxy_log"].read_text()  # the requests of this run went through nginx


def test_a_client_looping_on_digital_game_reads_is_stopped_by_the_proxy(server, tls):
    """deploy/nginx.conf.example limits one address's requests to the digital games' API (20 a second, bursts of
    40): a client looping on reads of a bots-only game gets nginx's 429 beyond that, and those never reach the
    app. The waits are not limited (a table's phones hold them the whole evening), nor is anything else."""
    behind = server["front"] == "nginx"  # make test-nginx; make test-tls: gunicorn alone, which limits nothing
    body = json.dumps({"game": "uno", "seats": [{"name": f"Bot {n}", "bot": "random"} for n in range(4)]})
    status, _headers, text = _request(
        server, tls, "POST", "/api/play", headers={"Content-Type": "application/json"}, body=body
    )
    assert status == 201, text
    game = json.loads(text)["id"]
    address = urlsplit(server["url"])
    statuses: list[int] = []

    def loop() -> None:  # one of the client's loops, on a kept-alive connection of its own
        connection = http.client.HTTPSConnection(address.hostname, address.port, context=tls["context"], timeout=30)
        try:
            for _ in range(30):
                connection.request("GET", f"/api/play/{game}")
                answer = connection.getresponse()
                answer.read()
                statuses.append(answer.status)
        finally:
            connection.close()

    loops = [threading.Thread(target=loop) for _ in range(8)]  # together far more than 20 a second
    for thread in loops:
        thread.start()
    for thread in loops:
        thread.join(60)
    assert len(statuses) == 240
    refused = statuses.count(429)
    if behind:
        assert refused >= 40, statuses  # beyond the burst of 40 and the rate, nginx answered 429
    else:
        assert refused == 0, statuses  # the app has no such limit of its own: the 429s above are the proxy's
    assert set(statuses) <= {200, 429, 503}, statuses  # 503: the app's slots, busy with the bots
    for _ in range(50):  # gunicorn logs an answer just after sending it
        reached = [line for line in access_log(server) if line["target"] == f"/api/play/{game}"]
        if len(reached) >= len(statuses) - refused:
            break
        time.sleep(0.1)
    assert len(reached) == len(statuses) - refused  # the refused ones never reached the app
    # Nothing else is limited: the sheet pages and the waits answer as before, right after the flood.
    assert _request(server, tls, "GET", "/sheets/new")[0] == 200
