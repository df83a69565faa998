"""Cheap reads and live sheets (../shared/API.md): the ETag and 304 of ``GET /api/games/<id>``, the long poll
``/wait``, and the cache that serves a version already computed without replaying the sheet."""

from __future__ import annotations

import threading
import time

import pytest
from api_helpers import create, p10_round, post

from app import changes
from app.services import live
from app.services import sheets as sheet_service


@pytest.fixture
def quick_app(app):
    """The app with a short long poll (the default holds 22 s; one test checks the default)."""
    app.config.update(LIVE_WAIT_SECONDS=0.6, LIVE_POLL_SECONDS=0.05)
    return app


def test_etag_is_the_bare_version_for_every_encoding(client):
    game_id, key, _ = create(client)
    for encoding in ("identity", "gzip", "br", "deflate"):
        answer = client.get(f"/api/games/{game_id}", headers={"Accept-Encoding": encoding})
        assert answer.status_code == 200
        assert answer.headers["ETag"] == '"1"', encoding
        # The contract's three, and Cookie too: the language chosen in the app is remembered in a cookie.
        vary = {part.strip() for part in answer.headers["Vary"].split(",")}
        assert {"Accept-Encoding", "Accept-Language", "Authorization"} <= vary
    compressed = client.get(f"/api/games/{game_id}", headers={"Accept-Encoding": "gzip"})
    assert compressed.headers.get("Content-Encoding") == "gzip"  # the body is big enough to be compressed
    post(client, f"/api/games/{game_id}/rounds", p10_round(1), key)
    assert client.get(f"/api/games/{game_id}").headers["ETag"] == '"2"'


@pytest.mark.parametrize("encoding", ["identity", "gzip"])
@pytest.mark.parametrize("tag", ['"1"', 'W/"1"', "*", '"7", "1"', 'W/"9", W/"1"'])
def test_if_none_match_naming_the_version_is_304_without_a_body(client, encoding, tag):
    game_id, _key, _ = create(client)
    answer = client.get(f"/api/games/{game_id}", headers={"If-None-Match": tag, "Accept-Encoding": encoding})
    assert answer.status_code == 304
    assert answer.data == b""
    assert answer.headers["ETag"] == '"1"'
    assert "Content-Encoding" not in answer.headers


@pytest.mark.parametrize("tag", ['"2"', '"1:gzip"', 'W/"12"', '"0", "3"'])
def test_if_none_match_naming_another_version_is_200(client, tag):
    game_id, _key, data = create(client)
    answer = client.get(f"/api/games/{game_id}", headers={"If-None-Match": tag})
    assert answer.status_code == 200
    assert answer.get_json() == {k: v for k, v in data.items() if k != "edit_key"}


def test_if_match_accepts_the_tag_as_the_etag_shows_it(client):
    game_id, key, _ = create(client)
    post(client, f"/api/games/{game_id}/rounds", p10_round(1), key)
    etag = client.get(f"/api/games/{game_id}").headers["ETag"]
    undo = client.delete(f"/api/games/{game_id}/rounds/1", headers={"Authorization": f"Bearer {key}", "If-Match": etag})
    assert undo.status_code == 200 and undo.get_json()["version"] == 3


def test_unknown_game_is_404_before_any_tag(client):
    answer = client.get("/api/games/nope", headers={"If-None-Match": "*"})
    assert answer.status_code == 404 and "error" in answer.get_json()
    assert client.get("/api/games/nope/wait?version=1").status_code == 404


def test_a_known_version_is_served_without_replaying_the_sheet(app, client, monkeypatch):
    game_id, key, _ = create(client)
    post(client, f"/api/games/{game_id}/rounds", p10_round(1), key)
    app.extensions.pop("live_cache", None)  # as in another worker process, which has not seen the write
    replays = []
    real = sheet_service.build_sheet
    monkeypatch.setattr(sheet_service, "build_sheet", lambda game: replays.append(game.id) or real(game))
    first = client.get(f"/api/games/{game_id}")
    second = client.get(f"/api/games/{game_id}", headers={"Accept-Language": "en"})
    assert len(replays) == 1
    assert second.get_json() == first.get_json() and first.get_json()["version"] == 2
    post(client, f"/api/games/{game_id}/rounds", p10_round(2), key)
    assert client.get(f"/api/games/{game_id}").get_json()["version"] == 3  # never stale


def test_the_cache_is_bounded():
    cache = live.BodyCache(size=3)
    for version in range(1, 6):
        cache.put(("g", version, "en"), b"{}")
    assert len(cache) == 3
    assert cache.get(("g", 1, "en")) is None and cache.get(("g", 5, "en")) == b"{}"


@pytest.mark.parametrize("value", ["", "-1", "1.5", "x", "²", "1e3", "9" * 20])
def test_wait_needs_a_non_negative_whole_version(quick_app, client, value):
    game_id, _key, _ = create(client)
    answer = client.get(f"/api/games/{game_id}/wait?version={value}")
    assert answer.status_code == 400
    assert "version" in answer.get_json()["error"]
    assert client.get(f"/api/games/{game_id}/wait").status_code == 400


def test_wait_answers_at_once_when_the_version_differs(quick_app, client):
    quick_app.config["LIVE_WAIT_SECONDS"] = 10
    game_id, _key, _ = create(client)
    started = time.monotonic()
    answer = client.get(f"/api/games/{game_id}/wait?version=0")
    assert time.monotonic() - started < 5  # not held for the 10 s wait (a loaded machine may be slow)
    assert answer.status_code == 200 and answer.headers["ETag"] == '"1"'
    assert answer.get_json() == client.get(f"/api/games/{game_id}").get_json()


def test_wait_without_a_change_is_304_after_the_wait_never_sooner(quick_app, client):
    game_id, _key, _ = create(client)
    started = time.monotonic()
    answer = client.get(f"/api/games/{game_id}/wait?version=1")
    assert time.monotonic() - started >= 0.6
    assert answer.status_code == 304 and answer.data == b"" and answer.headers["ETag"] == '"1"'


def test_the_default_wait_is_within_the_contract():
    assert 20 <= live.WAIT_SECONDS <= 25
    assert live.POLL_SECONDS <= 1


def test_wait_returns_as_soon_as_another_phone_saves(quick_app, client):
    quick_app.config["LIVE_WAIT_SECONDS"] = 10
    game_id, key, _ = create(client)
    results = {}

    def watch():
        with quick_app.test_client() as watcher:
            started = time.monotonic()
            answer = watcher.get(f"/api/games/{game_id}/wait?version=1")
            results["seconds"] = time.monotonic() - started
            results["answer"] = answer

    thread = threading.Thread(target=watch)
    thread.start()
    time.sleep(0.3)
    post(client, f"/api/games/{game_id}/rounds", p10_round(1), key)
    thread.join(timeout=15)
    answer = results["answer"]
    assert answer.status_code == 200 and answer.headers["ETag"] == '"2"'
    assert answer.get_json()["version"] == 2 and len(answer.get_json()["rounds"]) == 1
    assert results["seconds"] < 7  # answered by the save (at ~0.3 s), not at the end of the 10 s wait


def test_version_check_is_one_column(app, client):
    from sqlalchemy import event

    game_id, key, _ = create(client)
    for number in range(1, 4):
        post(client, f"/api/games/{game_id}/rounds", p10_round(number), key)
    client.get(f"/api/games/{game_id}")  # computed once
    statements = []
    with app.app_context():
        from app.extensions import db

        engine = db.engine
    listener = lambda *args: statements.append(args[2])  # noqa: E731
    event.listen(engine, "before_cursor_execute", listener)
    try:
        assert client.get(f"/api/games/{game_id}", headers={"If-None-Match": '"4"'}).status_code == 304
        assert client.get(f"/api/games/{game_id}").status_code == 200
    finally:
        event.remove(engine, "before_cursor_execute", listener)
    selects = [s for s in statements if s.lstrip().upper().startswith("SELECT")]
    assert len(selects) == 2
    assert all("game.version" in s and "round" not in s.lower() for s in selects)


def test_held_polls_share_one_version_query_per_check(quick_app, client):
    wait, every = 3.0, 0.1
    quick_app.config.update(LIVE_WAIT_SECONDS=wait, LIVE_POLL_SECONDS=every)
    games = [create(client) for _ in range(2)]
    answers: list[tuple[str, int]] = []

    def watch(game_id):
        with quick_app.test_client() as watcher:
            answers.append((game_id, watcher.get(f"/api/games/{game_id}/wait?version=1").status_code))

    threads = [threading.Thread(target=watch, args=(game_id,)) for game_id, _k, _d in games for _ in range(3)]
    for thread in threads:
        thread.start()
    deadline = time.monotonic() + 10  # all six held before the save, however slow the machine
    while changes.open_waits("127.0.0.1") < len(threads):
        assert time.monotonic() < deadline, "the six long polls were never held"
        time.sleep(0.01)
    changed, key, _ = games[0]
    post(client, f"/api/games/{changed}/rounds", p10_round(1), key)
    for thread in threads:
        thread.join(timeout=10)
    assert sorted(status for game_id, status in answers if game_id == changed) == [200, 200, 200]
    assert sorted(status for game_id, status in answers if game_id != changed) == [304, 304, 304]
    with quick_app.app_context():
        checks = live.watcher().checks
    # Six held polls, one query per check for all of them: at most one per interval of the wait (and a few
    # more for the polls that began at different moments), where one query per poll would be six times as many.
    assert 0 < checks <= wait / every + 6


def test_a_write_answer_is_kept_for_the_phones_that_ask_next(client, monkeypatch):
    game_id, key, _ = create(client)
    replays = []
    real = sheet_service.build_sheet
    monkeypatch.setattr(sheet_service, "build_sheet", lambda game: replays.append(game.id) or real(game))
    saved = post(client, f"/api/games/{game_id}/rounds", p10_round(1), key).get_json()
    replays.clear()
    assert client.get(f"/api/games/{game_id}/wait?version=1").get_json() == saved
    assert replays == []


def test_one_address_holds_only_so_many_long_polls_then_429(quick_app, client):
    quick_app.config.update(WAITS_PER_CLIENT=3, LIVE_WAIT_SECONDS=5)
    game_id, key, _ = create(client)
    answers: list[int] = []

    def hold() -> None:
        answers.append(quick_app.test_client().get(f"/api/games/{game_id}/wait?version=1").status_code)

    holders = [threading.Thread(target=hold, daemon=True) for _ in range(3)]
    for holder in holders:
        holder.start()
    deadline = time.monotonic() + 10
    while changes.open_waits("127.0.0.1") < 3:
        assert time.monotonic() < deadline, "the three long polls were never held"
        time.sleep(0.01)
    refused = client.get(f"/api/games/{game_id}/wait?version=1")
    assert refused.status_code == 429
    assert refused.headers["Retry-After"] == str(changes.WAIT_RETRY_AFTER_SECONDS)
    assert "3 live updates open" in refused.get_json()["error"]
    other = client.get(f"/api/games/{game_id}/wait?version=0", environ_base={"REMOTE_ADDR": "10.0.0.7"})
    assert other.status_code == 200, "another address was refused"
    post(client, f"/api/games/{game_id}/rounds", p10_round(1), key)  # the held polls answer
    for holder in holders:
        holder.join(10)
    assert answers == [200, 200, 200]
    assert changes.open_waits("127.0.0.1") == 0
    assert client.get(f"/api/games/{game_id}/wait?version=2").status_code == 304  # the count went back down


def test_a_digital_game_long_poll_counts_against_the_same_cap(app, client):
    app.config.update(WAITS_PER_CLIENT=1, PLAY_WAIT_SECONDS=5, PLAY_POLL_SECONDS=0.05)
    seats = [{"name": "Ana"}, {"name": "Ben"}]
    game = client.post("/api/play", json={"game": "phase10", "seats": seats}).get_json()
    held = threading.Thread(
        target=lambda: app.test_client().get(f"/api/play/{game['id']}/wait?version={game['version']}"), daemon=True
    )
    held.start()
    deadline = time.monotonic() + 10
    while changes.open_waits("127.0.0.1") < 1:
        assert time.monotonic() < deadline
        time.sleep(0.01)
    refused = client.get(f"/api/play/{game['id']}/wait?version={game['version']}")
    assert refused.status_code == 429
    assert "Retry-After" in refused.headers
    held.join(10)
