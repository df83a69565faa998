"""Long polls wake at once when their own process saves a change (app/changes.py): with a poll far longer
than the test, a held wait still answers within a few seconds of the save. A save that is refused, or a
read, wakes nobody. Changes made by another process are seen at the next poll (tests/tls, bench/live.py)."""

from __future__ import annotations

import threading
import time

from api_helpers import create, p10_round, post
from test_api_seats import FIRST_MOVE
from test_api_seats import call as seat_call
from test_api_seats import create as create_play

from app import changes

LONG_POLL = 30.0  # far longer than any test here: only a wake-up can answer in time


def held(app, url: str, key: str | None = None) -> tuple[threading.Thread, dict]:
    """``GET url`` from another phone, in a thread; what it answered and how long it took."""
    seen: dict = {}

    def wait():
        with app.test_client() as phone:
            started = time.monotonic()
            seen["answer"] = seat_call(phone, "GET", url, key)
            seen["seconds"] = time.monotonic() - started

    thread = threading.Thread(target=wait)
    thread.start()
    time.sleep(0.5)  # the wait has made its first check and sleeps
    return thread, seen


def test_a_sheet_wait_answers_at_once_when_this_process_saves(app, client):
    app.config.update(LIVE_WAIT_SECONDS=LONG_POLL + 5, LIVE_POLL_SECONDS=LONG_POLL)
    game_id, key, _ = create(client)
    thread, seen = held(app, f"/api/games/{game_id}/wait?version=1")
    saved_at = time.monotonic()
    assert post(client, f"/api/games/{game_id}/rounds", p10_round(1), key).status_code == 201
    thread.join(timeout=LONG_POLL + 10)
    answer = seen["answer"]
    assert answer.status_code == 200 and answer.get_json()["version"] == 2
    assert seen["seconds"] < 5 and time.monotonic() - saved_at < 4  # not at the 30 s poll


def test_a_play_wait_answers_at_once_when_this_process_saves_a_move(app, client):
    app.config.update(PLAY_WAIT_SECONDS=LONG_POLL + 5, PLAY_POLL_SECONDS=LONG_POLL)
    data = create_play(client, "uno")
    url = f"/api/play/{data['id']}/wait?version={data['version']}"
    thread, seen = held(app, url, data["seat_keys"]["1"])
    moved = seat_call(
        client, "POST", f"/api/play/{data['id']}/actions", data["edit_key"], {"seat": 0, "action": FIRST_MOVE["uno"]}
    )
    assert moved.status_code == 200
    thread.join(timeout=LONG_POLL + 10)
    answer = seen["answer"]
    assert answer.status_code == 200 and answer.get_json()["version"] > data["version"]
    assert seen["seconds"] < 5


def test_only_a_committed_change_wakes_the_waiters(client):
    game_id, key, _ = create(client)
    before = changes.generation(changes.SHEETS)
    assert client.get(f"/api/games/{game_id}").status_code == 200  # a read
    assert post(client, f"/api/games/{game_id}/rounds", p10_round(5), key).status_code == 409  # refused
    bad = p10_round(1, others={"Ben": {"points": 7}})
    assert post(client, f"/api/games/{game_id}/rounds", bad, key).status_code == 400  # refused by the rules
    assert changes.generation(changes.SHEETS) == before
    assert post(client, f"/api/games/{game_id}/rounds", p10_round(1), key).status_code == 201
    assert changes.generation(changes.SHEETS) == before + 1


def test_a_move_wakes_only_those_who_watch_that_game_and_nothing_is_kept_for_others(client):
    data = create_play(client, "uno")
    other = create_play(client, "uno")
    watched, unwatched = changes.play_key(data["id"]), changes.play_key(other["id"])
    sheets_before = changes.generation(changes.SHEETS)
    url = "/api/play/{}/actions"
    move = {"seat": 0, "action": FIRST_MOVE["uno"]}
    with changes.watching(watched):
        seen = changes.generation(watched)
        assert seat_call(client, "POST", url.format(other["id"]), other["edit_key"], move).status_code == 200
        assert changes.generation(watched) == seen  # another game's move
        assert seat_call(client, "POST", url.format(data["id"]), data["edit_key"], move).status_code == 200
        assert changes.generation(watched) == seen + 1
        assert changes.wait(watched, 5.0, seen) == seen + 1  # at once
    assert changes.generation(unwatched) == 0 and changes.generation(watched) == 0  # nothing kept once unwatched
    assert changes.generation(changes.SHEETS) == sheets_before  # no hand ended: no sheet changed
